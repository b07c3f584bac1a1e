// Package table writes the tables knee prints: GitHub markdown (to paste into
// issues and PRs) or plain aligned text for a terminal, both through
// olekukonko/tablewriter so every command renders alike.
package table

import (
	"fmt"
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Format is "markdown" or "table".
type Format string

const (
	Markdown Format = "markdown"
	Text     Format = "table"
)

// Write renders header and rows. Numeric-looking columns are right-aligned
// in markdown via align (one entry per column: 'l', 'r' or 'c'; nil = left).
func Write(w io.Writer, f Format, header []string, rows [][]string, align []byte) error {
	var r tw.Renderer
	switch f {
	case Markdown:
		r = renderer.NewMarkdown()
	case Text:
		r = renderer.NewBlueprint(tw.Rendition{
			Borders: tw.BorderNone,
			Settings: tw.Settings{
				Separators: tw.Separators{BetweenColumns: tw.Off, BetweenRows: tw.Off},
				Lines:      tw.Lines{ShowHeaderLine: tw.On},
			},
		})
	default:
		return fmt.Errorf("table: unknown format %q", f)
	}
	aligns := make([]tw.Align, len(header))
	for i := range aligns {
		aligns[i] = tw.AlignLeft
		if i < len(align) {
			switch align[i] {
			case 'r':
				aligns[i] = tw.AlignRight
			case 'c':
				aligns[i] = tw.AlignCenter
			}
		}
	}
	t := tablewriter.NewTable(w,
		tablewriter.WithRenderer(r),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
		tablewriter.WithTrimSpace(tw.Off),
		tablewriter.WithAlignment(aligns),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{PerColumn: aligns}),
	)
	t.Header(header)
	for _, row := range rows {
		if err := t.Append(row); err != nil {
			return err
		}
	}
	return t.Render()
}

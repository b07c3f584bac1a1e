package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/internal/table"
	"github.com/kneetool/knee/sweep/catalog"
)

// catalogFormats are the catalog report's -o formats: a row per leaf.
var catalogFormats = output.New("knee sweep --catalog",
	output.Encoder[[]catalog.Row]{Format: output.Table, Encode: func(w io.Writer, rows []catalog.Row) error { return writeLeafRows(w, rows, table.Text) }},
	output.Encoder[[]catalog.Row]{Format: output.Markdown, Encode: func(w io.Writer, rows []catalog.Row) error { return writeLeafRows(w, rows, table.Markdown) }},
	output.JSONEncoder[[]catalog.Row](),
)

// writeLeafRows prints the catalog's report as a table.
func writeLeafRows(w io.Writer, rows []catalog.Row, format table.Format) error {
	var cells [][]string
	for _, r := range rows {
		rec := "–"
		if r.Recommended != nil {
			rec = fmt.Sprintf("%g", *r.Recommended)
		}
		knee := r.Knee
		if knee == "" {
			knee = "–"
		}
		cells = append(cells, []string{r.Leaf, r.Context, r.Namespace, r.Status, fmt.Sprint(r.Levels), knee, rec, firstLine(r.Error)})
	}
	return table.Write(w, format, []string{"leaf", "context", "namespace", "status", "levels", "knee", "recommended /GPU", "error"}, cells, []byte("llllrlrl"))
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

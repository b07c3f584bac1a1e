package report

import (
	"bytes"
	"fmt"
	"io"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/internal/table"
)

// renderText is -o table: what renderMarkdown says, for a terminal. The
// same sentences and rows as aligned text, with no Mermaid chart, no
// <details> folds and no markdown emphasis, which a terminal shows raw.
func renderText(w io.Writer, rec *baseline.Recommendation) error { return renderRec(w, rec, textStyle) }

// constraintText is the constraints as a table, then how each was derived,
// one line each (a sentence is too wide for a table column on a terminal).
func constraintText(b *bytes.Buffer, rec *baseline.Recommendation) error {
	var rows [][]string
	for _, d := range rec.Derivation {
		rows = append(rows, []string{d.Name, d.Value})
	}
	if err := table.Write(b, table.Text, []string{"constraint", "value"}, rows, nil); err != nil {
		return err
	}
	var how []string
	for _, d := range rec.Derivation {
		how = append(how, fmt.Sprintf("%s %s: %s", d.Name, d.Value, d.How))
	}
	bulletList(b, "How each value was derived", how)
	return nil
}

// refusalText is every refusal, its detail and the run that would remove it.
func refusalText(b *bytes.Buffer, rec *baseline.Recommendation) error {
	var lines []string
	for _, r := range rec.Refusals {
		at := "the sweep"
		if r.PerGPU != nil {
			at = level(*r.PerGPU) + "/GPU"
		}
		lines = append(lines, fmt.Sprintf("%s %s: %s. Next run: %s", at, r.Reason, r.Detail, r.NextRun))
	}
	bulletList(b, "Refused", lines)
	return nil
}

func overlayText(b *bytes.Buffer, rep *baseline.OverlayReport) error {
	fmt.Fprintf(b, "\nOverlay %s:\n\n", rep.Path)
	var rows [][]string
	for _, r := range rep.Rows {
		rows = append(rows, []string{r.Name, orDash(r.Current), orDash(r.Proposed), r.Note})
	}
	if err := table.Write(b, table.Text, []string{"constraint", "current", "proposed", "current value against the sweep"}, rows, nil); err != nil {
		return err
	}
	for _, x := range rep.Warnings {
		b.WriteString("\n- " + x)
	}
	if len(rep.Warnings) > 0 {
		b.WriteString("\n")
	}
	if rep.Written {
		fmt.Fprintf(b, "\nWrote %s.\n", rep.Path)
	}
	return nil
}

package report

import (
	"fmt"
	"io"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/internal/table"
)

// CurvesEncoders are the -o formats of knee find on an input of several
// curves whose answers differ (baseline.Curves): for people, a summary row
// per curve first (where each should run and its knee), then each curve's
// whole analysis under its name; for machines the result itself.
var CurvesEncoders = output.New("knee",
	output.Encoder[*baseline.Curves]{Format: output.Table, Encode: func(w io.Writer, c *baseline.Curves) error { return renderCurves(w, c, table.Text) }},
	output.Encoder[*baseline.Curves]{Format: output.Markdown, Encode: func(w io.Writer, c *baseline.Curves) error { return renderCurves(w, c, table.Markdown) }},
	output.JSONEncoder[*baseline.Curves](),
)

func renderCurves(w io.Writer, c *baseline.Curves, f table.Format) error {
	md := f == table.Markdown
	ew := &errWriter{w: w}
	ew.printf("%d curves in one input: knee answers each on its own (import, baseline, plot and diff read one: --series NAME)\n", len(c.Curves)+len(c.SetAside))
	for _, a := range c.SetAside {
		ew.printf("%sset aside %q: %s\n", bulletFor(md), a.Series, a.Why)
	}
	ew.printf("\n")
	rows := make([]baseline.CompareRow, len(c.Curves))
	for i, cv := range c.Curves {
		rows[i] = cv.Summary
	}
	if ew.err == nil {
		ew.err = renderComparison(w, &baseline.Comparison{Rows: rows}, f)
	}
	for _, cv := range c.Curves {
		if md {
			ew.printf("\n## Curve `%s`\n\n", cv.Series)
		} else {
			ew.printf("\n── curve %q (--series %q) ──\n\n", cv.Series, cv.Series)
		}
		if ew.err == nil {
			ew.err = render(w, cv.Result, f)
		}
	}
	if ew.err != nil {
		return fmt.Errorf("knee: %w", ew.err)
	}
	return nil
}

func bulletFor(md bool) string {
	if md {
		return "- "
	}
	return "  "
}

package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/kneetool/knee/internal/numfmt"
	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/internal/table"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// FindEncoders are the -o formats of an analysis (knee find): "table" for a
// terminal, "markdown" to paste into an issue or PR, "json" for machines
// (docs/DESIGN.md's contract).
var FindEncoders = output.New("knee",
	output.Encoder[*knee.Result]{Format: output.Table, Encode: func(w io.Writer, r *knee.Result) error { return render(w, r, table.Text) }},
	output.Encoder[*knee.Result]{Format: output.Markdown, Encode: func(w io.Writer, r *knee.Result) error { return render(w, r, table.Markdown) }},
	output.JSONEncoder[*knee.Result](),
)

// RenderFind writes a result in one of FindEncoders. For people, the points table
// comes first (what was measured and what each level is), then the knee,
// the recommendation and what to run next.
func RenderFind(w io.Writer, r *knee.Result, format string) error {
	return FindEncoders.Encode(w, output.Format(format), r)
}

// resultText writes one result for people in one table format.
type resultText struct {
	ew     *errWriter
	r      *knee.Result
	md     bool
	bullet string // list marker: "- " in markdown, an indent in a terminal
	u      string // the unit after a level: "/GPU" or " in flight"
}

func render(w io.Writer, r *knee.Result, f table.Format) error {
	if r == nil {
		return fmt.Errorf("knee: nothing to render")
	}
	t := &resultText{ew: &errWriter{w: w}, r: r, md: f == table.Markdown, bullet: "  ", u: "/GPU"}
	if t.md {
		t.bullet = "- "
	}
	if r.Unit == "total" {
		t.u = " in flight"
	}
	t.title()
	header, rows, align := pointsTable(r)
	if t.ew.err == nil {
		t.ew.err = table.Write(w, f, header, rows, align)
	}
	t.ew.printf("\n")
	if t.md {
		t.ew.printf("%s\n", Mermaid(r.Points, ChartMarks{Unit: knee.UnitOf(r), Operating: r.RecommendedPerGPU}))
	}
	t.summary()
	// In markdown the derivations fold away under <details>: a reviewer sees
	// the table, the chart, the knee and the recommendation first.
	if t.md {
		t.ew.printf("\n<details><summary>How knee read this sweep</summary>\n\n")
	}
	t.derivations()
	if t.md {
		t.ew.printf("\n</details>\n")
	}
	return t.ew.err
}

func (t *resultText) title() {
	title := Title(t.r)
	switch {
	case title == "":
	case t.md:
		t.ew.printf("### %s\n\n", title)
	default:
		t.ew.printf("%s\n\n", title)
	}
}

// pointsTable is one row per measured level: what was measured and what
// the level is. A sweep of unknown GPU count has no per-GPU columns; SLOs
// add their own two before the verdict.
func pointsTable(r *knee.Result) (header []string, rows [][]string, align []byte) {
	total := r.Unit == "total"
	unit := "per GPU"
	header = []string{unit, "in flight", "tok/s", "tok/s/GPU", "TTFT p50 ms", "TTFT p99 ms", "repeats", "verdict", "reasons"}
	align = []byte("rrrrrrrll")
	if total {
		header = []string{"in flight", "tok/s", "TTFT p50 ms", "TTFT p99 ms", "repeats", "verdict", "reasons"}
		align = []byte("rrrrrll")
	}
	slo := r.SLO != nil
	if slo {
		header = append(header[:len(header)-2], "SLOs", "goodput tok/s", header[len(header)-2], header[len(header)-1])
		align = append(align[:len(align)-2], 'l', 'r', 'l', 'l')
	}
	rated := openLoop(r)
	if rated {
		// An open-loop sweep is set by its offered rate: beside the
		// concurrency Little's law derived, what was offered and served.
		at := 2
		if total {
			at = 1
		}
		header = insertAt(header, at, "offered req/s", "served req/s")
		align = append(align[:at:at], append([]byte("rr"), align[at:]...)...)
	}
	for _, p := range r.Points {
		tail := []string{repeatsCell(p), string(p.Verdict), reasonsCell(p)}
		if slo {
			tail = []string{repeatsCell(p), sloCell(p), goodputCell(p), string(p.Verdict), reasonsCell(p)}
		}
		var row []string
		if total {
			row = append([]string{levelCell(p), thousands(p.ThroughputTokS), ms(p.TTFTP50Ms), tailCell(p)}, tail...)
		} else {
			row = append([]string{levelCell(p), derivedMark(p) + count(p.Concurrency), thousands(p.ThroughputTokS), thousands(p.ThroughputPerGPU),
				ms(p.TTFTP50Ms), tailCell(p)}, tail...)
		}
		if rated {
			at := 2
			if total {
				at = 1
			}
			row = insertAt(row, at, rateCell(p.RequestedRate), rateCell(p.RequestRate))
		}
		rows = append(rows, row)
	}
	header, rows, align = energyColumns(r.Points, header, rows, align)
	return header, rows, align
}

// openLoop reports whether any level is an open-loop stage (an offered rate).
func openLoop(r *knee.Result) bool {
	for _, p := range r.Points {
		if p.RequestedRate != nil {
			return true
		}
	}
	return false
}

func insertAt(s []string, at int, v ...string) []string {
	return append(append(append([]string{}, s[:at]...), v...), s[at:]...)
}

// rateCell is a request rate in req/s (decimals by size).
func rateCell(v *float64) string {
	if v == nil || !finite(*v) {
		return "–"
	}
	return numfmt.Group(*v, -1)
}

func levelCell(p knee.PointResult) string {
	c := derivedMark(p) + count(p.PerGPU)
	if p.Simulated {
		return c + " (simulated)"
	}
	return c
}

// detailLevel names a level in its detail lines: an open-loop stage by
// its offered rate, with the derived concurrency beside it.
func detailLevel(p knee.PointResult, unit string) string {
	if p.RequestedRate != nil && finite(*p.RequestedRate) {
		return fmt.Sprintf("%s req/s (~%s%s)", num(*p.RequestedRate), num(p.PerGPU), unit)
	}
	return num(p.PerGPU) + unit
}

// derivedMark is "~" before a level that was derived (Little's law), not
// configured, as knee import marks it: the number is approximate.
func derivedMark(p knee.PointResult) string {
	if p.Derived {
		return "~"
	}
	return ""
}

func repeatsCell(p knee.PointResult) string {
	rep := fmt.Sprint(p.Repeats)
	if p.ThroughputCV != nil {
		rep += fmt.Sprintf(" (CV %.0f%%)", 100**p.ThroughputCV)
	}
	return rep
}

func reasonsCell(p knee.PointResult) string {
	reasons := make([]string, len(p.Reasons))
	for i, x := range p.Reasons {
		reasons[i] = string(x)
	}
	if rs := strings.Join(reasons, ", "); rs != "" {
		return rs
	}
	return "–"
}

// summary is the knee, the recommendation and what bound the levels.
func (t *resultText) summary() {
	r, ew, b := t.r, t.ew, t.bullet
	// Without any bound ("insufficient_points") the status and the detail
	// say it all; "unknown [none]" only repeated it in code words.
	ew.printf("%sknee: %s [%s", b, r.Knee.Phrase(knee.UnitOf(r)), r.Knee.Status)
	if r.Knee.Method != "" && r.Knee.Method != "none" {
		ew.printf("; %s", r.Knee.Method)
	}
	ew.printf("]")
	if r.Knee.Detail != "" {
		ew.printf(": %s", r.Knee.Detail)
	}
	ew.printf("\n")
	if r.RecommendedRate != nil && r.RecommendedPerGPU != nil {
		// An open-loop sweep is run at a rate: recommend the rate.
		ew.printf("%srecommended: %s req/s (~%s%s by Little's law) — %s\n", b, reqRate(*r.RecommendedRate), num(*r.RecommendedPerGPU), t.u, r.RecommendationReason)
	} else if r.RecommendedPerGPU != nil {
		ew.printf("%srecommended: %s%s — %s\n", b, num(*r.RecommendedPerGPU), t.u, r.RecommendationReason)
	} else {
		ew.printf("%srecommended: none — %s\n", b, r.RecommendationReason)
	}
	if r.Disagreement != nil {
		ew.printf("%sdisagreement: %s\n", b, r.Disagreement.Detail)
	}
	if r.SLO != nil {
		ew.printf("%sslo: %s (binds: %s)\n", b, r.SLO.Detail, r.SLO.Binds)
		ew.printf("%sgoodput: %s\n", b, goodputLine(r.SLO.GoodputMethod))
	}
	for _, line := range limitLines(r.Points, r.Bound, t.u) {
		ew.printf("%s%s\n", b, line)
	}
}

// derivations are how the analysis read the sweep: the chosen fit, every
// reason's sentence, the notes and the next runs.
func (t *resultText) derivations() {
	r, ew, b := t.r, t.ew, t.bullet
	if r.Fit != nil {
		for _, m := range r.Fit.Models {
			if !m.Chosen {
				continue
			}
			r2 := "n/a"
			if m.R2 != nil {
				r2 = fmt.Sprintf("%.3f", *m.R2)
			}
			ew.printf("%sfit: %s, %s (R² %s, AICc %.1f of %d models)\n", b, m.Name, m.Formula, r2, m.AICc, len(r.Fit.Models))
		}
	}
	for _, p := range r.Points {
		for i, d := range p.Details {
			ew.printf("%s%s %s: %s\n", b, detailLevel(p, t.u), p.Reasons[i], d)
		}
	}
	for _, n := range r.Notes {
		ew.printf("%snote: %s\n", b, n)
	}
	for _, h := range r.Hints {
		ew.printf("%snext: %s\n", b, h)
	}
}

// sloCell says which SLOs a level meets: "met", or those it misses
// ("over ttft_p99") and cannot show ("unknown itl_p99").
func sloCell(p knee.PointResult) string {
	var over, unknown []string
	for _, c := range p.SLO {
		switch {
		case c.Met == nil:
			unknown = append(unknown, c.Metric)
		case !*c.Met:
			over = append(over, c.Metric)
		}
	}
	var parts []string
	if len(over) > 0 {
		parts = append(parts, "over "+strings.Join(over, ", "))
	}
	if len(unknown) > 0 {
		parts = append(parts, "unknown "+strings.Join(unknown, ", "))
	}
	if len(parts) == 0 {
		return "met"
	}
	return strings.Join(parts, "; ")
}

// goodputCell is a level's goodput in tok/s (knee.Goodput.Cell).
func goodputCell(p knee.PointResult) string { return p.Goodput.Cell() }

// goodputLine says how goodput was obtained.
func goodputLine(method string) string {
	const what = "the output tok/s (and req/s, in the JSON) of requests within every SLO"
	const bound = "estimated from the percentiles: a level whose p99 meets an SLO has at least 99% of its requests within it, and the shares within each SLO give the lower bound 1 − Σ(1 − share)"
	switch method {
	case knee.GoodputPercentileBound:
		return what + ", " + bound + " (the inputs keep no per-request latencies; a results folder swept with --requests-jsonl does); – where that bound is 0: the percentiles show no request within every SLO"
	case knee.GoodputPerRequest:
		return what + ", counted per request (each level's requests.jsonl)"
	}
	return what + ": counted per request where a level kept its requests (requests.jsonl; not for an ITL SLO), else " + bound + " (≥; – where that bound is 0)"
}

// Title names the sweep of a result — accelerator, model, leaf and GPU
// count, whatever is known — for the heading of a table or a chart.
func Title(r *knee.Result) string {
	var parts []string
	for _, s := range []string{r.Sweep.Accelerator, r.Sweep.Model, r.Sweep.Leaf} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	switch {
	case r.Sweep.GPUs == 1:
		parts = append(parts, "1 GPU")
	case r.Sweep.GPUs > 1:
		parts = append(parts, fmt.Sprintf("%d GPUs", r.Sweep.GPUs))
	}
	return strings.Join(parts, " · ")
}

func ms(v float64) string {
	if v == 0 || !finite(v) {
		return "–"
	}
	return thousands(v)
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err != nil {
		return
	}
	_, e.err = fmt.Fprintf(e.w, format, args...)
}

// tailCell is the TTFT p99 column's cell: the p99, or the p90 that stands
// for it where the level's p99 rested on fewer than 100 requests, marked
// so ("240 p90 (n<100)").
func tailCell(p knee.PointResult) string {
	if p.TTFTTail == sweep.TailP90 && p.TTFTP99Ms > 0 {
		return ms(p.TTFTP99Ms) + " " + sweep.TailP90Label
	}
	return ms(p.TTFTP99Ms)
}

package knee

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/kneetool/knee/internal/numfmt"
	"github.com/kneetool/knee/internal/table"
)

// Render writes a result for people: "table" for a terminal, "markdown"
// to paste into an issue or PR. The points table first (what was measured
// and what each level is), then the knee, the recommendation and what to
// run next.
func Render(w io.Writer, r *Result, format string) error {
	f := table.Format(format)
	if f != table.Markdown && f != table.Text {
		return fmt.Errorf("knee: unknown render format %q (table or markdown)", format)
	}
	if r == nil {
		return fmt.Errorf("knee: nothing to render")
	}
	ew := &errWriter{w: w}
	if title := Title(r); title != "" {
		if f == table.Markdown {
			ew.printf("### %s\n\n", title)
		} else {
			ew.printf("%s\n\n", title)
		}
	}
	unit := "per GPU"
	if r.Unit == "total" {
		unit = "in flight"
	}
	header := []string{unit, "in flight", "tok/s", "tok/s/GPU", "TTFT p50 ms", "TTFT p99 ms", "repeats", "verdict", "reasons"}
	if r.Unit == "total" {
		header = []string{"in flight", "tok/s", "TTFT p50 ms", "TTFT p99 ms", "repeats", "verdict", "reasons"}
	}
	slo := r.SLO != nil
	if slo {
		header = append(header[:len(header)-2], "SLOs", "goodput tok/s", header[len(header)-2], header[len(header)-1])
	}
	var rows [][]string
	for _, p := range r.Points {
		reasons := make([]string, len(p.Reasons))
		for i, x := range p.Reasons {
			reasons[i] = string(x)
		}
		rs := strings.Join(reasons, ", ")
		if rs == "" {
			rs = "–"
		}
		level := count(p.PerGPU)
		if p.Simulated {
			level += " (simulated)"
		}
		rep := fmt.Sprint(p.Repeats)
		if p.ThroughputCV != nil {
			rep += fmt.Sprintf(" (CV %.0f%%)", 100**p.ThroughputCV)
		}
		tail := []string{rep, string(p.Verdict), rs}
		if slo {
			tail = []string{rep, sloCell(p), goodputCell(p), string(p.Verdict), rs}
		}
		if r.Unit == "total" {
			rows = append(rows, append([]string{level, thousands(p.ThroughputTokS), ms(p.TTFTP50Ms), ms(p.TTFTP99Ms)}, tail...))
			continue
		}
		rows = append(rows, append([]string{level, count(p.Concurrency), thousands(p.ThroughputTokS), thousands(p.ThroughputPerGPU),
			ms(p.TTFTP50Ms), ms(p.TTFTP99Ms)}, tail...))
	}
	align := []byte("rrrrrrrll")
	if r.Unit == "total" {
		align = []byte("rrrrrll")
	}
	if slo {
		align = append(align[:len(align)-2], 'l', 'r', 'l', 'l')
	}
	if ew.err == nil {
		ew.err = table.Write(w, f, header, rows, align)
	}
	bullet := "- "
	if f == table.Text {
		bullet = "  "
	}
	ew.printf("\n")
	if f == table.Markdown {
		ew.printf("%s\n", Mermaid(r.Points, ChartMarks{Unit: UnitOf(r), Operating: r.RecommendedPerGPU}))
	}
	// Without any bound ("insufficient_points") the status and the detail
	// say it all; "unknown [none]" only repeated it in code words.
	ew.printf("%sknee: %s [%s", bullet, r.Knee.Phrase(UnitOf(r)), r.Knee.Status)
	if r.Knee.Method != "" && r.Knee.Method != "none" {
		ew.printf("; %s", r.Knee.Method)
	}
	ew.printf("]")
	if r.Knee.Detail != "" {
		ew.printf(": %s", r.Knee.Detail)
	}
	ew.printf("\n")
	u := "/GPU"
	if r.Unit == "total" {
		u = " in flight"
	}
	if r.RecommendedPerGPU != nil {
		ew.printf("%srecommended: %s%s — %s\n", bullet, num(*r.RecommendedPerGPU), u, r.RecommendationReason)
	} else {
		ew.printf("%srecommended: none — %s\n", bullet, r.RecommendationReason)
	}
	if r.Disagreement != nil {
		ew.printf("%sdisagreement: %s\n", bullet, r.Disagreement.Detail)
	}
	if slo {
		ew.printf("%sslo: %s (binds: %s)\n", bullet, r.SLO.Detail, r.SLO.Binds)
		ew.printf("%sgoodput: %s\n", bullet, goodputLine(r.SLO.GoodputMethod))
	}
	for _, line := range limitLines(r.Points, r.Bound, u) {
		ew.printf("%s%s\n", bullet, line)
	}
	// In markdown the derivations fold away under <details>: a reviewer sees
	// the table, the chart, the knee and the recommendation first.
	if f == table.Markdown {
		ew.printf("\n<details><summary>How knee read this sweep</summary>\n\n")
	}
	if r.Fit != nil {
		for _, m := range r.Fit.Models {
			if !m.Chosen {
				continue
			}
			r2 := "n/a"
			if m.R2 != nil {
				r2 = fmt.Sprintf("%.3f", *m.R2)
			}
			ew.printf("%sfit: %s, %s (R² %s, AICc %.1f of %d models)\n", bullet, m.Name, m.Formula, r2, m.AICc, len(r.Fit.Models))
		}
	}
	for _, p := range r.Points {
		for i, d := range p.Details {
			ew.printf("%s%s%s %s: %s\n", bullet, num(p.PerGPU), u, p.Reasons[i], d)
		}
	}
	for _, n := range r.Notes {
		ew.printf("%snote: %s\n", bullet, n)
	}
	for _, h := range r.Hints {
		ew.printf("%snext: %s\n", bullet, h)
	}
	if f == table.Markdown {
		ew.printf("\n</details>\n")
	}
	return ew.err
}

// sloCell says which SLOs a level meets: "met", or those it misses
// ("over ttft_p99") and cannot show ("unknown itl_p99").
func sloCell(p PointResult) string {
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

// goodputCell is a level's goodput in tok/s: "≥1,218" for a percentile
// bound, "–" when unknown.
func goodputCell(p PointResult) string {
	g := p.Goodput
	if g == nil || g.TokS == nil {
		return "–"
	}
	if g.Method == GoodputPercentileBound {
		return "≥" + thousands(*g.TokS)
	}
	return thousands(*g.TokS)
}

// goodputLine says how goodput was obtained.
func goodputLine(method string) string {
	const what = "the output tok/s (and req/s, in the JSON) of requests within every SLO"
	const bound = "estimated from the percentiles: a level whose p99 meets an SLO has at least 99% of its requests within it, and the shares within each SLO give the lower bound 1 − Σ(1 − share)"
	switch method {
	case GoodputPercentileBound:
		return what + ", " + bound + " (the inputs keep no per-request latencies; a results folder swept with --requests-jsonl does)"
	case GoodputPerRequest:
		return what + ", counted per request (each level's requests.jsonl)"
	}
	return what + ": counted per request where a level kept its requests (requests.jsonl; not for an ITL SLO), else " + bound + " (≥)"
}

// Title names the sweep of a result — accelerator, model, leaf and GPU
// count, whatever is known — for the heading of a table or a chart.
func Title(r *Result) string {
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

// count writes a level or an in-flight count as the other columns write
// numbers: 1,024 rather than 1024; fractions (derived levels) as num does.
func count(v float64) string {
	if finite(v) && math.Abs(v) >= 1000 {
		return thousands(v)
	}
	return num(v)
}

// thousands writes a whole number of tok/s or ms: 84,788.
func thousands(v float64) string { return numfmt.Group(v, 0) }

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

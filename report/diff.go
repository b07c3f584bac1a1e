package report

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/internal/table"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// renderDiff writes d for people: a table, or markdown for a PR comment
// (summary, the rows, a Mermaid chart of both throughput curves).
func renderDiff(w io.Writer, d *baseline.Diff, f table.Format) error {
	var b bytes.Buffer
	oldName := "OLD " + sideName(d.Old)
	if d.OverlayPath != "" {
		oldName = "floors of " + d.OverlayPath
	}
	if f == table.Markdown {
		fmt.Fprintf(&b, "### knee diff: %s\n\n", diffSummary(d))
		fmt.Fprintf(&b, "- %s\n- NEW %s\n\n", oldName, sideName(d.New))
	} else {
		fmt.Fprintf(&b, "%s\n%s\nNEW %s\n\n", diffSummary(d), oldName, sideName(d.New))
	}
	for _, r := range d.NotComparable {
		fmt.Fprintf(&b, "not comparable: %s\n", r)
	}
	if len(d.NotComparable) > 0 {
		b.WriteString("\n")
	}
	header := []string{"at", "metric", "old", "new", "change", "interval", "from", "verdict"}
	oldHead := "old"
	if d.OverlayPath != "" {
		oldHead = "gate"
	}
	header[2] = oldHead
	var rows [][]string
	var notes []string
	for _, r := range d.Rows {
		verdict := string(r.Verdict)
		if r.Note != "" && len(d.NotComparable) == 0 {
			notes = append(notes, fmt.Sprintf("%d. %s %s: %s", len(notes)+1, atCell(r), metricLabel(r.Metric), r.Note))
			verdict += fmt.Sprintf(" (%d)", len(notes))
		}
		rows = append(rows, []string{atCell(r), metricLabel(r.Metric), sideCell(r.Metric, r.Old, r.OldSD, r.OldN),
			sideCell(r.Metric, r.New, r.NewSD, r.NewN), signedPct(r.Change), intervalCell(r), basis(r), verdict})
	}
	if err := table.Write(&b, f, header, rows, []byte("llrrrlll")); err != nil {
		return err
	}
	if len(notes) > 0 {
		b.WriteString("\n" + strings.Join(notes, "\n") + "\n")
	}
	if d.OverlayPath != "" {
		fmt.Fprintf(&b, "\nchange is (new − gate) / gate; interval: %s of NEW's mean, on the change; a gate is judged as aicr's validator judges it, with its tolerance: a floor fails below %s × N, a ceiling above %s × N (--threshold does not apply); regressed when NEW fails it beyond its interval.\n", pct(d.Options.Confidence), plain(baseline.GateThroughputTolerance), plain(baseline.GateTTFTTolerance))
	} else {
		diffFooter(&b, d)
	}
	if f == table.Markdown {
		if chart := diffChart(d); chart != "" {
			b.WriteString("\n" + chart)
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

func diffFooter(b *bytes.Buffer, d *baseline.Diff) {
	fmt.Fprintf(b, "\nchange is (new − old) / old; interval: on the change, %s", pct(d.Options.Confidence))
	if d.Family > 1 {
		fmt.Fprintf(b, " family-wise over the %d rows with one (Bonferroni: each at %s)", d.Family, pctFine(1-(1-d.Options.Confidence)/float64(d.Family)))
	}
	fmt.Fprintf(b, "; no change when it holds 0 or |change| < %s.\n", pctFine(d.Options.Threshold))
	b.WriteString("from: Welch t on the difference of means when both sides repeat; t with the repeated side's spread when the other ran once; a single run each side gives no interval and is judged on the change alone; the knee's change is bounded by both knees' intervals.\n")
	for _, r := range d.Rows {
		if r.TooFewRuns {
			b.WriteString("too few runs to judge: the interval held 0 and reached beyond ±100% of the quantity, which cannot go negative; more repeats narrow it.\n")
			break
		}
	}
}

// diffSummary is the first line: how many rows regressed, and the verdict a
// CI job acts on.
func diffSummary(d *baseline.Diff) string {
	count := map[baseline.DiffVerdict]int{}
	for _, r := range d.Rows {
		count[r.Verdict]++
	}
	var parts []string
	for _, v := range []baseline.DiffVerdict{baseline.DiffRegressed, baseline.DiffImproved, baseline.DiffNoChange, baseline.DiffNotComparable} {
		if count[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", count[v], v))
		}
	}
	head := "no significant regression"
	switch {
	case d.Regressed > 0 && d.OverlayPath != "":
		head = "REGRESSED: NEW fails the overlay's gates"
	case d.Regressed > 0:
		head = fmt.Sprintf("REGRESSED beyond %s", pctFine(d.Options.Threshold))
	case len(d.NotComparable) > 0:
		head = "not comparable"
	case count[baseline.DiffNotComparable] > 0:
		head = "NOT JUDGED: rows not comparable"
	}
	return head + " (" + strings.Join(parts, ", ") + ")"
}

func sideName(s baseline.DiffSide) string {
	var id []string
	for _, v := range []string{s.Accelerator, s.Leaf, s.Model} {
		if v != "" {
			id = append(id, v)
		}
	}
	if s.GPUs > 0 {
		id = append(id, gpus(s.GPUs))
	}
	name := inputName(s.Sources)
	if len(id) > 0 {
		name += " (" + strings.Join(id, ", ") + ")"
	}
	if s.Simulated {
		name += " simulated"
	}
	return name
}

func metricLabel(m string) string {
	switch m {
	case "throughput_tok_s":
		return "tok/s"
	case baseline.GoodputMetric:
		return "goodput tok/s"
	case "ttft_p50_ms":
		return "TTFT p50 ms"
	case "ttft_p99_ms":
		return "TTFT p99 ms"
	case baseline.TTFTP90Metric:
		return "TTFT " + sweep.TailP90Label + " ms"
	case "itl_p50_ms":
		return "ITL p50 ms"
	case "itl_p99_ms":
		return "ITL p99 ms"
	case "per_gpu":
		return "level /GPU"
	case "knee_per_gpu":
		return "knee /GPU"
	case baseline.ValidMetric:
		return "level valid"
	case baseline.MeasuredMetric:
		return "level measured"
	case "tokens_per_joule":
		return "tok/J"
	case "gpu_power_w":
		return "GPU W"
	case "usd_per_mtok":
		return "$/Mtok"
	}
	return m
}

func atCell(r baseline.DiffRow) string {
	if r.PerGPU != nil {
		return level(*r.PerGPU) + "/GPU"
	}
	if r.At == "operating point" && r.OldPerGPU != nil && r.NewPerGPU != nil && r.Metric != "per_gpu" {
		return fmt.Sprintf("operating point (%s → %s)", level(*r.OldPerGPU), level(*r.NewPerGPU))
	}
	return r.At
}

// sideCell is a mean with its spread and run count ("877 ± 219 (3)").
func sideCell(metric string, v, sd *float64, n int) string {
	if v == nil {
		return "–"
	}
	f := latency
	if metric == "throughput_tok_s" || metric == baseline.GoodputMetric {
		f = tok
	}
	if metric == "per_gpu" || metric == "knee_per_gpu" {
		f = level
	}
	s := f(*v)
	if sd != nil {
		s += " ± " + f(*sd)
	}
	if n > 1 {
		s += fmt.Sprintf(" (%d)", n)
	}
	return s
}

func signedPct(v *float64) string {
	if v == nil {
		return "–"
	}
	p := math.Round(*v*1000) / 10
	if p == 0 {
		return "0%"
	}
	return strconv.FormatFloat(p, 'f', 1, 64) + "%"
}

func intervalCell(r baseline.DiffRow) string {
	if r.TooFewRuns {
		return "too few runs to judge"
	}
	if r.CILow == nil || r.CIHigh == nil {
		return "none"
	}
	return "[" + signedPct(r.CILow) + ", " + signedPct(r.CIHigh) + "]"
}

// basis says in a few words what a row's interval rests on (the JSON's
// method says it in full).
func basis(r baseline.DiffRow) string {
	if b, ok := withinBasis(r); ok {
		return b
	}
	switch {
	case r.Metric == baseline.MeasuredMetric:
		return "not run in NEW"
	case r.Metric == baseline.ValidMetric:
		return "a verdict"
	case r.Verdict == baseline.DiffNotComparable:
		return "refused"
	case r.Metric == "knee_per_gpu":
		if r.CILow == nil {
			return "no knee value"
		}
		return "knee intervals"
	case r.Metric == "per_gpu":
		return "a level"
	case r.OldN == 0:
		if r.NewN > 1 {
			return fmt.Sprintf("t, %d runs", r.NewN)
		}
		return "1 run"
	case r.OldN > 1 && r.NewN > 1:
		return fmt.Sprintf("Welch t, %d vs %d", r.OldN, r.NewN)
	case r.OldN > 1 || r.NewN > 1:
		return fmt.Sprintf("t, %d vs %d", r.OldN, r.NewN)
	}
	return "1 vs 1 run: none"
}

// withinBasis is the few words the table shows for a row judged (or not)
// by this file's rules; ok is false for other rows.
func withinBasis(r baseline.DiffRow) (string, bool) {
	switch r.Method {
	case baseline.WithinMethod:
		return "within-run interval", true
	case baseline.LatencyUnjudged:
		return "1 vs 1 run: not judged", true
	}
	return "", false
}

// pctFine writes a threshold as people give it ("5%", "2.5%", "99.71%").
func pctFine(v float64) string {
	return strconv.FormatFloat(math.Round(v*10000)/100, 'f', -1, 64) + "%"
}

// diffChart draws both sides' throughput over the levels both measured (OLD
// blue, NEW red), and TTFT p99 likewise when both have it; Mermaid's lines
// have no gaps, so a level one side lacks is left out.
func diffChart(d *baseline.Diff) string {
	if len(d.OldCurve) == 0 || len(d.NewCurve) == 0 {
		return ""
	}
	byLv := func(ps []knee.PointResult) map[float64]knee.PointResult {
		m := map[float64]knee.PointResult{}
		for _, p := range ps {
			m[p.PerGPU] = p
		}
		return m
	}
	nb := byLv(d.NewCurve)
	axis := "concurrency per GPU"
	if d.New.Unit == "total" {
		axis = "requests in flight"
	}
	var xs, xt []string
	var to, tn, lo, ln []float64
	for _, p := range d.OldCurve {
		q, ok := nb[p.PerGPU]
		if !ok {
			continue
		}
		xs = append(xs, level(p.PerGPU))
		to, tn = append(to, p.ThroughputTokS), append(tn, q.ThroughputTokS)
		if p.TTFTP99Ms > 0 && q.TTFTP99Ms > 0 {
			xt = append(xt, level(p.PerGPU))
			lo, ln = append(lo, p.TTFTP99Ms), append(ln, q.TTFTP99Ms)
		}
	}
	if len(xs) == 0 {
		return ""
	}
	out := MermaidLines("Output throughput (tok/s): OLD blue, NEW red", axis, "tok/s", xs, [][]float64{to, tn})
	if len(xt) > 0 {
		out += "\n" + MermaidLines("TTFT p99 (ms): OLD blue, NEW red", axis, "ms", xt, [][]float64{lo, ln})
	}
	return out
}

package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/kneetool/knee/knee"
)

// ChartMarks are the lines and labels a Mermaid chart adds to the measured
// curves: the operating point (marked on the x axis), the throughput floor
// and the TTFT ceiling (flat lines), when known.
type ChartMarks struct {
	Title string
	// Unit is "/GPU" or " in flight" (UnitOf).
	Unit      string
	Operating *float64
	FloorTokS *float64
	CeilingMs *float64
}

// Mermaid writes two Mermaid xychart-beta blocks — throughput and TTFT p99
// against concurrency — that GitHub renders in issues and PRs with no image
// upload. xychart has one y axis, so the two signals get a chart each; its
// x axis is categorical, so levels are evenly spaced as on a log-2 ladder.
// Levels are labelled as people read them ("128 ◀" is the operating point,
// "64 sim" simulated); a level with no TTFT p99 is left out of that chart
// rather than drawn at zero.
func Mermaid(points []knee.PointResult, m ChartMarks) string {
	if len(points) == 0 {
		return ""
	}
	axis := "concurrency per GPU"
	if m.Unit == " in flight" {
		axis = "requests in flight"
	}
	var b strings.Builder
	var xs []string
	var tput []float64
	for _, p := range points {
		xs = append(xs, chartLabel(p, m))
		tput = append(tput, p.ThroughputTokS)
	}
	title := "Output throughput (tok/s)"
	if m.Operating != nil {
		title += ", ◀ operating point"
	}
	if m.FloorTokS != nil {
		title += fmt.Sprintf(", flat line: floor %s", thousands(*m.FloorTokS))
	}
	series := [][]float64{tput}
	if m.FloorTokS != nil {
		series = append(series, constant(*m.FloorTokS, len(tput)))
	}
	xychart(&b, chartTitle(m.Title, title), axis, "tok/s", xs, series)

	xs = nil
	var ttft []float64
	for _, p := range points {
		if p.TTFTP99Ms > 0 && finite(p.TTFTP99Ms) {
			xs = append(xs, chartLabel(p, m))
			ttft = append(ttft, p.TTFTP99Ms)
		}
	}
	if len(ttft) > 0 {
		title := "TTFT p99 (ms)"
		series := [][]float64{ttft}
		if m.CeilingMs != nil {
			title += fmt.Sprintf(", flat line: ceiling %s ms", thousands(*m.CeilingMs))
			series = append(series, constant(*m.CeilingMs, len(ttft)))
		}
		b.WriteString("\n")
		xychart(&b, chartTitle(m.Title, title), axis, "ms", xs, series)
	}
	return b.String()
}

func xychart(b *strings.Builder, title, xAxis, yAxis string, xs []string, series [][]float64) {
	top := 0.0
	for _, s := range series {
		for _, v := range s {
			top = math.Max(top, v)
		}
	}
	// Mermaid's default palette draws the first line in a pale lavender that
	// is hard to see on white; the measured curve is dark blue and the floor
	// or ceiling red, on GitHub's light and dark themes alike.
	b.WriteString("```mermaid\n%%{init: {\"themeVariables\": {\"xyChart\": {\"plotColorPalette\": \"#1f5fbf, #d62728\"}}}}%%\nxychart-beta\n")
	fmt.Fprintf(b, "    title %s\n", mermaidString(title))
	quoted := make([]string, len(xs))
	for i, x := range xs {
		quoted[i] = mermaidString(x)
	}
	fmt.Fprintf(b, "    x-axis %s [%s]\n", mermaidString(xAxis), strings.Join(quoted, ", "))
	fmt.Fprintf(b, "    y-axis %s 0 --> %s\n", mermaidString(yAxis), plainNum(niceCeil(top*1.05)))
	for _, s := range series {
		vals := make([]string, len(s))
		for i, v := range s {
			vals[i] = plainNum(math.Round(v))
		}
		fmt.Fprintf(b, "    line [%s]\n", strings.Join(vals, ", "))
	}
	b.WriteString("```\n")
}

func chartLabel(p knee.PointResult, m ChartMarks) string {
	s := num(p.PerGPU)
	if p.Simulated {
		s += " sim"
	}
	if m.Operating != nil && *m.Operating == p.PerGPU {
		s += " ◀"
	}
	return s
}

func chartTitle(sweep, what string) string {
	if sweep == "" {
		return what
	}
	return sweep + " — " + what
}

// mermaidString quotes s for Mermaid; a double quote would end the string
// and Mermaid has no escape for it, so it becomes a single quote.
func mermaidString(s string) string {
	s = strings.NewReplacer(`"`, "'", "\n", " ", "\r", " ").Replace(s)
	return `"` + s + `"`
}

func constant(v float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// niceCeil rounds an axis top up to 1, 2 or 5 × a power of ten, so the
// chart's ticks are round numbers.
func niceCeil(v float64) float64 {
	if v <= 0 || !finite(v) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, f := range []float64{1, 2, 2.5, 5, 10} {
		if f*p >= v {
			return f * p
		}
	}
	return 10 * p
}

func plainNum(v float64) string { return fmt.Sprintf("%.0f", v) }

// MermaidLines is one xychart-beta block of several lines over the
// categorical levels xs, drawn as Mermaid above does (knee diff draws OLD
// in blue and NEW in red on one chart).
func MermaidLines(title, xAxis, yAxis string, xs []string, series [][]float64) string {
	var b strings.Builder
	xychart(&b, title, xAxis, yAxis, xs, series)
	return b.String()
}

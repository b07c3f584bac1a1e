package table

import (
	"regexp"
	"slices"
	"strings"
)

// A table may set curves side by side as a label on each column: "1 slot:
// throughput", "1 slot: median TTFT", "4 slots: throughput", "4 slots:
// median TTFT" (or "vLLM TTFT", "TTFT (vLLM)"). Read header by header, the
// label's words mislead ("1 slot: throughput" looks like one slot's rate, a
// stream's; "4 slots" like a load), and two curves get merged. A perf
// engineer sees the grid instead: two or more labels, each carrying the same
// metrics, are curves. Each such column is classified by its metric alone
// and carries its label as its curve, which the series pass reads one at a
// time.

// curveSplit is one way to read a header as a label and a metric.
type curveSplit struct {
	label, metric string
	colon         bool // "label: metric", the plainest form: one metric suffices
}

var parenLabel = regexp.MustCompile(`^(.+?)\s*\(([^()]+)\)$`)

// curveSplits are the ways header h reads as <label>: <metric>, <metric>
// (<label>) or <label words> <metric words>.
func curveSplits(h string) []curveSplit {
	h = stripMarkup(h)
	if l, m, ok := strings.Cut(h, ":"); ok && !strings.Contains(m, ":") {
		return []curveSplit{{label: strings.TrimSpace(l), metric: strings.TrimSpace(m), colon: true}}
	}
	var out []curveSplit
	if m := parenLabel.FindStringSubmatch(h); m != nil {
		out = append(out, curveSplit{label: strings.TrimSpace(m[2]), metric: strings.TrimSpace(m[1])})
	}
	f := strings.Fields(h)
	for k := 1; k < len(f); k++ {
		out = append(out, curveSplit{label: strings.Join(f[:k], " "), metric: strings.Join(f[k:], " ")})
	}
	return out
}

// phaseWords name a phase or a direction of one run, never a curve of its own.
var phaseWords = []string{"input", "prompt", "prefill", "in", "output", "out", "decode", "generation", "gen", "total", "per", "request"}

// curveLabelWords: a label names a curve when it says nothing a column
// measures (no metric, no statistic, no unit, no rate's role, no phase).
func curveLabelWords(label string) bool {
	if label == "" {
		return false
	}
	c := classify(label)
	if c.key() != "" && c.kind != colConcurrency && c.kind != colPerGPU || c.stat != "" || c.kind == colPerUser || c.kind == colOtherTokRate {
		return false
	}
	w := wordset(headerTokens(label))
	for r := range rateRoleWords {
		if w.has(r) {
			return false
		}
	}
	return !w.has(phaseWords...) && !headerStatesUnit(label)
}

// curveMetric: the metric part names a measurement at a level.
func curveMetric(metric string) bool {
	c := classify(metric)
	return c.key() != "" && measuredAtLevel(c)
}

// curveLabels finds the labelled grid in a header: per column its curve
// label ("" for none) and the metric its header names. ok only when two or
// more labels carry the same metrics, every header in the grid is read one
// way, and (but for the colon form) each label carries two metrics or more.
func curveLabels(headers []string) (labels, metrics []string, ok bool) {
	byLabel := map[string]map[string]int{} // label → metric → column
	var order []string
	colon := map[string]bool{}
	for i, h := range headers {
		for _, s := range curveSplits(h) {
			if !curveLabelWords(s.label) || !curveMetric(s.metric) {
				continue
			}
			if byLabel[s.label] == nil {
				byLabel[s.label] = map[string]int{}
				order = append(order, s.label)
			}
			byLabel[s.label][strings.ToLower(s.metric)] = i
			colon[s.label] = s.colon
		}
	}
	grid := bestCurveGrid(byLabel, order, colon)
	if len(grid) < 2 {
		return nil, nil, false
	}
	labels, metrics = make([]string, len(headers)), make([]string, len(headers))
	for _, l := range grid {
		for m, i := range byLabel[l] {
			if labels[i] != "" {
				return nil, nil, false // one header read two ways: no grid
			}
			labels[i], metrics[i] = l, m
		}
	}
	return labels, metrics, true
}

// bestCurveGrid is the largest set of labels that carry one set of metrics
// (keyed by the sorted metrics), the first such set on a tie.
func bestCurveGrid(byLabel map[string]map[string]int, order []string, colon map[string]bool) []string {
	groups := map[string][]string{}
	var keys []string
	for _, l := range order {
		ms := make([]string, 0, len(byLabel[l]))
		for m := range byLabel[l] {
			ms = append(ms, m)
		}
		if len(ms) < 2 && !colon[l] {
			continue
		}
		slices.Sort(ms)
		k := strings.Join(ms, "\x00")
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], l)
	}
	var best []string
	for _, k := range keys {
		if len(groups[k]) > len(best) {
			best = groups[k]
		}
	}
	if len(best) < 2 || partialCurve(byLabel, order, best) {
		return nil
	}
	return best
}

// partialCurve: another label carries some of the grid's metrics but not
// all ("TRT-LLM" beside "TensorRT-LLM", a curve spelled two ways or one
// measured less): the grid is not clean, and reading part of it would set
// a curve aside unseen, so the headers are read as before.
func partialCurve(byLabel map[string]map[string]int, order, grid []string) bool {
	for _, l := range order {
		if slices.Contains(grid, l) {
			continue
		}
		for m := range byLabel[l] {
			if _, ok := byLabel[grid[0]][m]; ok {
				return true
			}
		}
	}
	return false
}

// classifyCurves classifies the headers; a labelled grid's columns are
// classified by their metric and carry their label as their curve.
func classifyCurves(headers []string) []column {
	cols := classifyAll(headers)
	labels, metrics, ok := curveLabels(headers)
	if !ok {
		return cols
	}
	for i, l := range labels {
		if l == "" {
			continue
		}
		c := classify(metrics[i])
		c.header, c.curve = cols[i].header, l
		cols[i] = c
	}
	return cols
}

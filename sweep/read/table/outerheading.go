package table

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// A heading often says what a table holds and, after a bar or a dash, the
// workload it ran ("Llama Throughput (tokens/s) | input length=1024,
// output length=128"): the words of the workload (input, output, length)
// then hide the metric from a reading of the whole line. The clause before
// the separator names the metric on its own, as a reader takes it.

// headingClauseSep separates a heading's metric from the setup after it.
var headingClauseSep = regexp.MustCompile(`\s+[|—–]\s+|\s+-\s+`)

// firstClauseMetric is the heading's first clause when the heading has a
// separator and that clause names the node's token rate with its unit
// ("Llama Throughput (tokens/s)"); "" otherwise. Only a rate with its unit:
// a bare "Latency" before a bar may head a table of several metrics.
func firstClauseMetric(h string) string {
	loc := headingClauseSep.FindStringIndex(h)
	if loc == nil {
		return ""
	}
	c := strings.TrimSpace(h[:loc[0]])
	if c == "" || utf8.RuneCountInString(c) > maxCaption {
		return ""
	}
	if k := classify(c); k.kind != colThroughput || !k.stated {
		return ""
	}
	return c
}

// outerRateHeading is the nearest heading above the innermost one that
// names the node's token rate with its unit, when the innermost names no
// metric ("## Llama Throughput (tokens/s)" over "#### A10 7b, fp16"): the
// section's title says what every table under it holds, and a table whose
// cells nothing else names ("Pipeline Inference | 40.35 | 77.1") takes it.
// A heading naming another metric on the way up ends the search: the
// section is about that. "" when none does.
func outerRateHeading(g grid) string {
	if g.caption != "" || len(g.title) < 2 {
		return ""
	}
	for i := len(g.title) - 2; i >= 0; i-- {
		h := g.title[i]
		if m := firstClauseMetric(h); m != "" {
			return m
		}
		if !namesMetric(h) {
			continue
		}
		if k := classify(h); k.kind == colThroughput && k.stated {
			return h
		}
		return ""
	}
	return ""
}

// unitDeclared is a unit stated in brackets inside a caption or heading
// ("Results (unit: tokens/s)", "结果如下(单位：Tokens/s)"): what the cells
// hold, said outright; the words around it name the page, not the metric.
var unitDeclared = regexp.MustCompile(`(?i)[(（]\s*(?:units?|单位|單位|単位|einheit|unidad|unité|unità|unidade|единицы|đơn vị|birim|jednostka|단위)\s*[:：=]\s*([^()（）]+?)\s*[)）]`)

// declaredMetric is the unit h declares in brackets when it names a
// metric; "" otherwise.
func declaredMetric(h string) string {
	m := unitDeclared.FindStringSubmatch(h)
	if m == nil || !namesMetric(m[1]) {
		return ""
	}
	return m[1]
}

// A section's title may say what it measures and then, in brackets, what
// its tables hold: "Batch scaling of decode (aggregate t/s)". The words
// before name the study ("scaling" is no metric knee reads); the bracket,
// a rate with its unit, names the cells.

// lastBracket is a title's last bracketed part, at its end.
var lastBracket = regexp.MustCompile(`[(（]([^()（）]+)[)）]\s*$`)

// bracketMetric is the metric a title's closing bracket names, with its
// unit written, when it is the node's token rate or a latency; "" else.
func bracketMetric(h string) string {
	m := lastBracket.FindStringSubmatch(strings.TrimSpace(h))
	if m == nil || !headerStatesUnit(m[1]) {
		return ""
	}
	switch classify(m[1]).kind {
	case colThroughput, colThroughputPerGPU, colLatency:
		return strings.TrimSpace(m[1])
	}
	return ""
}

// A chart's title names its axes: "吞吐(tok/s) vs 并发" (throughput
// against concurrency) puts the metric before the "vs" and the load after
// it, as "Throughput (tok/s) vs concurrency" does. A table under such a
// title holds the metric in the cells its columns leave unnamed (one column
// per engine); the load is its rows. Only a "vs" whose far side is a load
// reads so: "vLLM vs SGLang" compares two curves and names no metric.

// versusSep splits a title at its "vs" (also "vs." and "versus"), written
// with or without a space after a bracket ("(tok/s)vs 并发").
var versusSep = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:vs\.?|versus)\s+`)

// metricAgainstLoad is the metric of a "metric vs load" title whose metric
// is the node's token rate with its unit; "" otherwise.
func metricAgainstLoad(h string) string {
	loc := versusSep.FindStringIndex(h)
	if loc == nil {
		return ""
	}
	metric := strings.TrimSpace(h[:loc[0]+1])
	if r, _ := utf8.DecodeLastRuneInString(metric); r == 'v' || r == 'V' {
		metric = strings.TrimSpace(h[:loc[0]])
	}
	axis := h[loc[1]:]
	if i := strings.IndexAny(axis, ",，;；:：("); i >= 0 {
		axis = axis[:i]
	}
	if k := classify(metric); k.kind != colThroughput || !k.stated || utf8.RuneCountInString(metric) > maxCaption {
		return ""
	}
	if classify(strings.TrimSpace(axis)).kind != colConcurrency {
		return ""
	}
	return metric
}

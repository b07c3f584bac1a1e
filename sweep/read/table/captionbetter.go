package table

import (
	"regexp"
	"strings"
)

// A rendered page often titles a table or chart with its metric and the
// direction a reader should want it to move: "Generation speed (tg128) —
// higher is better.", "TTFT p99 — lower is better", "吞吐 — 越高越好". The
// phrase before the direction is the caption: it names what the table's
// values are, as a header over every value column would. The direction
// must agree with the metric's physics: a rate is better higher, a latency
// lower; a line that says otherwise names nothing knee trusts.

// betterLine is a one-clause caption: a name, a dash or colon, a direction.
var betterLine = regexp.MustCompile(`(?i)^(.{2,80}?)\s*[—–:：,，-]+\s*(higher|lower|越高|越低|高いほど|低いほど|höher|niedriger)\s*(?:is better|越好|良い|ist besser)[.。!]?$`)

// betterCaption is the metric a line like "Generation speed — higher is
// better." names; "" when the line is not one, or its direction goes
// against the metric it names.
func betterCaption(l string) string {
	m := betterLine.FindStringSubmatch(strings.TrimSpace(l))
	if m == nil {
		return ""
	}
	name, dir := strings.TrimSpace(m[1]), strings.ToLower(m[2])
	higher := dir == "higher" || dir == "越高" || dir == "高いほど" || dir == "höher"
	switch classify(name).kind {
	case colThroughput, colThroughputPerGPU, colRequestRate:
		if higher {
			return name
		}
	case colLatency:
		if !higher {
			return name
		}
	}
	return ""
}

// A short paragraph of its own above a table may name its values and what
// they vary with, the way a chart's caption does: "Aggregate tok/s at each
// `max_running_requests` cap.", "TTFT p50 (ms) across engines". The metric
// comes first, with its unit, then a preposition and the condition. Only
// a line standing alone (a blank line or a heading above it) is such a
// caption, and only a metric whose unit is written: prose that mentions
// throughput in passing is neither.

// metricLead is a line that begins with the metric and goes on with the
// condition it is measured at.
var metricLead = regexp.MustCompile(`(?i)^(.{2,40}?)\s+(?:at|for|across|by|over|under|vs\.?|versus|from|with|including)\s+\S.*$`)

// maxLeadCaption bounds a caption that leads with its metric: the
// condition after the metric may run on ("Median aggregate tokens/s from
// earliest first output to final completion, including admission gaps."),
// as one line standing alone.
const maxLeadCaption = 160

// metricLeadCaption is the metric a line like "Aggregate tok/s at each
// cap." names, when it stands alone above the table; "" otherwise.
func metricLeadCaption(lines []string, i int) string {
	l, ok := shortParagraph(lines, i)
	if !ok {
		return ""
	}
	if len(l) > maxLeadCaption {
		return metricClause(l) // a first clause that is the metric, the rest about the run
	}
	m := metricLead.FindStringSubmatch(l)
	if m == nil {
		return metricClause(l)
	}
	name := strings.TrimSpace(m[1])
	if sentenceEnd.MatchString(name) {
		return "" // "We ran it twice. Aggregate tok/s …": prose before the metric
	}
	switch k := classify(name).kind; {
	case !headerStatesUnit(name):
		return ""
	case k == colThroughput || k == colThroughputPerGPU || k == colLatency:
		return name
	}
	return ""
}

// maxParagraphLines bounds a caption paragraph: a wrapped sentence, not
// prose.
const maxParagraphLines = 3

// runInTitle is a paragraph's bold run-in title ("**Concurrency
// scaling.** Median aggregate tokens/s …"): it names the section, and what
// follows it names the table.
var runInTitle = regexp.MustCompile(`^\*\*[^*]+\*\*\s*`)

// shortParagraph is the paragraph that ends at line i, its lines joined
// and its run-in title dropped, when it stands alone (a blank line or a
// heading above it) and spans at most maxParagraphLines lines.
func shortParagraph(lines []string, i int) (string, bool) {
	j := i
	for j > 0 && i-j+1 < maxParagraphLines && !standsAlone(lines[j-1]) {
		j--
	}
	if j > 0 && !standsAlone(lines[j-1]) {
		return "", false
	}
	var parts []string
	for _, l := range lines[j : i+1] {
		parts = append(parts, strings.TrimSpace(unquote(l)))
	}
	return runInTitle.ReplaceAllString(strings.Join(parts, " "), ""), true
}

// standsAlone: the line above a caption ends its paragraph: blank, or a
// heading.
func standsAlone(above string) bool {
	a := strings.TrimSpace(unquote(above))
	return a == "" || strings.HasPrefix(a, "#")
}

// clauseEnd is a full stop that ends a sentence: one after a word of
// more than two letters or a unit ("tokens/s. Each"; "e.g. per run" goes
// on), before a capital.
var clauseEnd = regexp.MustCompile(`[\p{L}\d/)%]{3,}\.\s+\p{Lu}`)

// maxMetricClause bounds a lead clause that is a metric and nothing else.
const maxMetricClause = 64

// metricSubject is a clause whose subject is the metric, with its unit,
// and whose verb says how it was measured: "Aggregate decode tok/s uses
// OpenAI stream usage", "TTFT p50 (ms) is measured at the client".
var metricSubject = regexp.MustCompile(`^(.{2,40}?)\s+(?:uses|is|are|counts|measures|means|comes from|come from|includes|excludes)\s+\S`)

// metricClause is the paragraph's first clause when it is a metric with its
// unit and nothing more, whatever follows it: "Aggregate generation
// throughput in tokens/s; all failure rates were 0%." names the table's
// numbers in its first clause, the rest is about the run.
func metricClause(l string) string {
	if l == "" || strings.ContainsAny(l[:1], "#|*_>") {
		return "" // a heading, a quote or emphasis: read by their own rules
	}
	clause := l
	if i := strings.IndexAny(clause, ";；。"); i >= 0 {
		clause = clause[:i]
	}
	if m := clauseEnd.FindStringIndex(clause); m != nil {
		clause = clause[:m[0]+strings.Index(clause[m[0]:], ".")]
	}
	if m := metricSubject.FindStringSubmatch(clause); m != nil {
		clause = m[1] // "Aggregate decode tok/s uses OpenAI stream usage"
	} else if clause == l {
		return "" // one clause: the metric-then-condition rule reads it
	}
	clause = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(clause), ".:："))
	if clause == "" || len(clause) > maxMetricClause || !headerStatesUnit(clause) {
		return ""
	}
	switch classify(clause).kind {
	case colThroughput, colThroughputPerGPU, colLatency:
		return clause
	}
	return ""
}

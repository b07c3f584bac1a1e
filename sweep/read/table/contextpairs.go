package table

import (
	"regexp"
	"strings"
)

// A comparison may name its curves once, in the prose above the table,
// rather than in each header: "下表每格顺序均为 **SGLang / vLLM**" (each
// cell holds SGLang's value, then vLLM's), "cells: baseline / patched".
// When the text above names exactly one pair of systems so, a column that
// names a metric and whose every cell holds two values is read as the
// bracketed header "metric (SGLang / vLLM)" would be (curvepaircells.go).

// contextPair is two names around a slash in prose: words without digits,
// or a setting and its value ("TP=1／TP=2").
var contextPair = regexp.MustCompile(`(?:^|[\s*_"'“（(:：，,为為])([\p{L}][\p{L}\-.]{0,24}(?:=\d{1,3})?)\s*[/／]\s*([\p{L}][\p{L}\-.]{0,24}(?:=\d{1,3})?)(?:$|[\s*_"'”）),.。:：，;])`)

// cellOrderWords say a line of prose is about the cells' order ("each
// cell", "order", 每格, 顺序): only there does a pair of names name the
// values of a cell, never in a setup sentence ("FA3 LM/vision attention").
var cellOrderWords = regexp.MustCompile(`(?i)\b(?:each|every|per)\s+cell\b|\bcells?\s+(?:read|show|hold|are|give)\b|\border\b|\beach\s+(?:number|value)\b|每格|每个单元格|单元格|顺序|順序|依序|依次|每个数字|每個數字|各セル|셀`)

// contextPairNames are the two systems the text above g names as its
// cells' order, or false when it names none or more than one pair.
func contextPairNames(g grid) ([]string, bool) {
	var found []string
	for _, line := range strings.Split(g.above, "\n") {
		l := strings.TrimSpace(line)
		if l == "" || strings.HasPrefix(l, "|") || !cellOrderWords.MatchString(l) {
			continue
		}
		for _, m := range contextPair.FindAllStringSubmatch(l, -1) {
			a, b := m[1], m[2]
			if !pairOfSystems(a, b) {
				continue
			}
			key := strings.ToLower(a + "/" + b)
			if len(found) > 0 && strings.ToLower(found[0]+"/"+found[1]) != key {
				return nil, false
			}
			found = []string{a, b}
		}
	}
	return found, len(found) == 2
}

// pairOfSystems: a and b name two systems, never units ("tok/s"), sides
// of one value ("input/output") or statistics ("p50/p99").
func pairOfSystems(a, b string) bool {
	if strings.EqualFold(a, b) {
		return false
	}
	for _, n := range []string{a, b} {
		low := strings.ToLower(n)
		if curvePairNotNames.has(low) || statOnly(low) || !namesSystem(classify(n)) {
			return false
		}
		if _, unit := parseUnit(n); unit {
			return false
		}
	}
	return true
}

// contextCurvePair is column i's metric and the curves the prose names,
// when the header names a metric knee reads and no curves of its own.
func contextCurvePair(g grid, i int) (string, []string, bool) {
	h := strings.TrimSpace(stripMarkup(g.header[i]))
	if statPairOf(h) != nil {
		return "", nil, false // "TTFT p50 / p99": its cells are two statistics
	}
	switch classify(h).kind {
	case colIgnore, colConcurrency, colSeriesLabel, colWorkload, colPrompts:
		return "", nil, false
	}
	names, ok := contextPairNames(g)
	return h, names, ok
}

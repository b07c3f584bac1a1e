package table

import (
	"regexp"
	"strings"
)

// A comparison of two runs may name them at the end of every header
// rather than in brackets: "Total tok/s selective | Total tok/s control |
// Mean TTFT selective/control" over "… | 126 / 141 ms". The last header
// names both curves after its metric, separated by a slash, each name the
// last word of another column's header; its cells hold one value per
// curve. It is read as the bracketed "Mean TTFT (selective / control)"
// is (curvepaircells.go): one column per curve.

// suffixPairHeader is a metric followed by two or more names around
// slashes, at the end of the header, with no brackets.
var suffixPairHeader = regexp.MustCompile(`^(.*?\S)\s+([\p{L}][\p{L}\d_.-]*(?:\s*/\s*[\p{L}][\p{L}\d_.-]*)+)$`)

// suffixCurvePair is the metric and the curves a header names at its end,
// when each name ends another header of g, or false.
func suffixCurvePair(g grid, i int) (string, []string, bool) {
	m := suffixPairHeader.FindStringSubmatch(strings.TrimSpace(stripMarkup(g.header[i])))
	if m == nil {
		return "", nil, false
	}
	rest, names, ok := curvePairNames(m[1] + " (" + m[2] + ")")
	if !ok {
		return "", nil, false
	}
	for _, n := range names {
		if !endsAnotherHeader(g, i, n) {
			return "", nil, false
		}
	}
	return rest, names, true
}

// endsAnotherHeader: some header of g other than column i ends with the
// word name.
func endsAnotherHeader(g grid, i int, name string) bool {
	for j, h := range g.header {
		if j == i {
			continue
		}
		words := strings.Fields(strings.ToLower(stripMarkup(h)))
		if len(words) > 1 && words[len(words)-1] == strings.ToLower(name) {
			return true
		}
	}
	return false
}

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

// A comparison of several runs may name them in every header that holds
// one value per run, between the metric and its unit: "First-turn TTFT
// PCP-no-DCP / PCP-DCP / TP (s)", "Output tok/s PCP-no-DCP / PCP-DCP / TP"
// over "13.153 / 16.583 / 17.576". The same list of names in two headers
// or more is the table's curves, as a bracketed list is.

// sharedListHeader is a metric, two or more names around slashes, and
// perhaps a unit in brackets after them.
var sharedListHeader = regexp.MustCompile(`^(.*?\S)\s+([\p{L}][\p{L}\d_.-]*(?:\s*/\s*[\p{L}][\p{L}\d_.-]*)+)\s*([(（][^()（）/]*(?:/[^()（）/]*)?[)）])?$`)

// sharedListCurvePair is the metric (with its unit) and the curves header
// h names, when two headers or more of the table named the same list
// (shared, sharedNameLists), or false.
func sharedListCurvePair(h string, shared map[string]bool) (string, []string, bool) {
	m := sharedListHeader.FindStringSubmatch(strings.TrimSpace(stripMarkup(h)))
	if m == nil || !shared[nameListKey(m[2])] {
		return "", nil, false
	}
	rest, names, ok := curvePairNames(m[1] + " (" + m[2] + ")")
	if !ok {
		return "", nil, false
	}
	if m[3] != "" {
		rest += " " + m[3]
	}
	return rest, names, true
}

// sharedNameLists are the lists of names two headers of g or more hold
// between their metric and unit, keyed by nameListKey; taken before any
// header is split, as the table wrote them.
func sharedNameLists(g grid) map[string]bool {
	count := map[string]int{}
	for _, h := range g.header {
		if m := sharedListHeader.FindStringSubmatch(strings.TrimSpace(stripMarkup(h))); m != nil {
			count[nameListKey(m[2])]++
		}
	}
	shared := map[string]bool{}
	for k, n := range count {
		shared[k] = n >= 2
	}
	return shared
}

// nameListKey is a list of names, spaces and case aside.
func nameListKey(list string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(strings.ToLower(list), "/", " / ")), " ")
}

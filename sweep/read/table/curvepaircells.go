package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A comparison written compactly puts each curve's value of one metric in
// one cell and names the curves once, in brackets at the end of the header:
// "TTFT p50 (offloading / MTP)" over "1.1 s / 1.3 s", "吞吐 (vLLM / SGLang)"
// over "812 / 954". The brackets list as many names as each cell holds
// values, in the same order; a unit written once, after the last value
// ("28.6 / 13.5 ms"), is every value's. A perf engineer reads such a column
// as one column per curve ("offloading TTFT p50", "MTP TTFT p50"), which the
// series pass then offers as curves, the way arrowcells.go reads "a → b".
// It holds only where the header before the brackets names a metric knee
// reads (else "Tokens (in / out)" over "128 / 512" is a workload's two
// lengths, not two curves) and each bracketed name says nothing of a value:
// no statistic ("(p50 / p99)": splitStatPairs), no unit ("(ms / s)"), no
// direction or phase ("(input / output)", "(prefill / decode)").

// curvePairHeader is a header ending in brackets that hold two or more
// names separated by slashes, and perhaps an arrow saying which way is
// better ("⬇"), no part of any name.
var curvePairHeader = regexp.MustCompile(`^(.*?\S)\s*[(（]\s*([^()（）/]+(?:/[^()（）/]+)+)[)）](?:\s*[↑↓⬆⬇])?$`)

// curvePairNotNames are words that, between brackets and slashes, name the
// two sides of one value rather than two runs.
var curvePairNotNames = wordset([]string{"in", "out", "input", "output", "prefill", "decode", "read", "write", "min", "max", "avg", "mean", "median", "isl", "osl", "req", "requests", "tokens", "tok", "per-stream", "aggregate", "total", "node", "gpu", "user", "agg", "per", "sum", "single", "all"})

// curvePairValue is one value of a curve-pair cell: a number, and
// optionally a unit.
var curvePairValue = regexp.MustCompile(`^([\d][\d.,]*)\s*(.*)$`)

// splitCurvePairColumns splits every column whose header names its curves
// in brackets and whose cells hold one value per curve.
func splitCurvePairColumns(g *grid) []string {
	var notes []string
	curves := tableCurveNames(*g)
	shared := sharedNameLists(*g)
	for i := 0; i < len(g.header); i++ {
		rest, names, ok := curvePairNames(g.header[i])
		if !ok {
			rest, names, ok = clauseCurvePair(g.header[i])
		}
		if !ok {
			rest, names, ok = contextCurvePair(*g, i)
		}
		if !ok {
			rest, names, ok = siblingCurvePair(*g, i, curves)
		}
		if !ok {
			rest, names, ok = suffixCurvePair(*g, i)
		}
		if !ok {
			rest, names, ok = sharedListCurvePair(g.header[i], shared)
		}
		if !ok {
			rest, names, ok = leadingCurvePair(*g, i)
		}
		if !ok || !everyCellCurvePair(*g, i, len(names)) || sidesOfOneRate(*g, i) {
			continue
		}
		whole := g.header[i]
		split := make([]string, len(names))
		for j, n := range names {
			split[j] = n + " " + rest
		}
		replaceColumn(g, i, split, func(raw string) []string { return curvePairParts(cleanCell(raw)) })
		notes = append(notes, fmt.Sprintf("%s: %q holds one value per curve it names: read as %s", g.file, stripMarkup(whole), quoteAll(split)))
		i += len(names) - 1
	}
	return notes
}

// sidesOfOneRate: the bracketed names are a rate's per-stream and
// aggregate sides, or percentiles, which packedcells.go reads.
func sidesOfOneRate(g grid, i int) bool {
	h := strings.TrimSpace(stripMarkup(g.header[i]))
	if _, ok := percentileNames(h); ok {
		return true
	}
	_, ok := pairPartNames(g, i, h)
	return ok
}

// curvePairNames are the metric's words and the curves a header names in
// its closing brackets, or false.
func curvePairNames(header string) (string, []string, bool) {
	m := curvePairHeader.FindStringSubmatch(strings.TrimSpace(stripMarkup(header)))
	if m == nil {
		return "", nil, false
	}
	switch classify(m[1]).kind {
	case colIgnore, colConcurrency, colSeriesLabel, colWorkload, colPrompts:
		return "", nil, false
	}
	names, ok := curveNameList(m[2])
	return m[1], names, ok
}

// curveNameList reads "a / b / c" as the names of curves: each says
// nothing of a value (no statistic, unit, direction or phase) and none
// repeats.
func curveNameList(list string) ([]string, bool) {
	var names []string
	seen := map[string]bool{}
	for _, n := range strings.Split(list, "/") {
		n = strings.TrimSpace(n)
		low := strings.ToLower(n)
		if n == "" || seen[low] || curvePairNotNames.has(low) || !saysNothing(classify(n)) || statOnly(low) {
			return nil, false
		}
		if _, unit := parseUnit(n); unit {
			return nil, false
		}
		seen[low] = true
		names = append(names, n)
	}
	return names, len(names) > 1
}

// statOnlyRe is a name that is a statistic ("p50", "mean").
var statOnlyRe = regexp.MustCompile(`^(?:` + pairStat + `)$`)

func statOnly(low string) bool { return statOnlyRe.MatchString(low) }

// everyCellCurvePair: every filled cell of column i holds k values, and
// some cell is filled.
func everyCellCurvePair(g grid, i, k int) bool {
	return everyCellSplitsInto(g, i, k, curvePairParts)
}

// curvePairParts splits a cell at each slash that a number follows (a
// unit's slash, "tok/s/user", is none), giving the values without a unit
// the one written after the last.
func curvePairParts(c string) []string {
	var parts []string
	start := 0
	for j := 0; j < len(c); j++ {
		if c[j] != '/' {
			continue
		}
		next := strings.TrimLeft(c[j+1:], " ")
		if next != "" && next[0] >= '0' && next[0] <= '9' {
			parts = append(parts, strings.TrimSpace(c[start:j]))
			start = j + 1
		}
	}
	parts = append(parts, strings.TrimSpace(c[start:]))
	last := curvePairValue.FindStringSubmatch(parts[len(parts)-1])
	if last == nil || last[2] == "" {
		return parts
	}
	for j := range parts[:len(parts)-1] {
		if v := curvePairValue.FindStringSubmatch(parts[j]); v != nil && v[2] == "" {
			parts[j] += " " + last[2]
		}
	}
	return parts
}

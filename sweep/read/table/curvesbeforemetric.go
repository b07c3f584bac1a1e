package table

import (
	"strings"
)

// The curves of a compact comparison may be named before the metric rather
// than in brackets after it: "AR / DSpark 吞吐 (token/s)" over "19.15 /
// 46.59" is the throughput of AR and of DSpark, one value each. Every name
// is one word that says nothing of a value (no statistic, unit, phase or
// side of a rate), and the words after the last name are a metric knee
// reads; splitCurvePairColumns then reads the cells as it reads "吞吐 (AR /
// DSpark)".

// leadingCurvePair reads such a header: the metric words and the curves'
// names, or false.
func leadingCurvePair(g grid, i int) (string, []string, bool) {
	parts := namedTupleSep.Split(strings.TrimSpace(stripMarkup(g.header[i])), -1)
	if len(parts) < 2 {
		return "", nil, false
	}
	last := strings.Fields(parts[len(parts)-1])
	if len(last) < 2 {
		return "", nil, false
	}
	names := append(append([]string{}, parts[:len(parts)-1]...), last[0])
	metric := strings.Join(last[1:], " ")
	switch c := classify(metric); c.kind {
	case colIgnore, colConcurrency, colPerGPU, colSeriesLabel, colWorkload, colPrompts, colNote:
		return "", nil, false
	}
	seen := map[string]bool{}
	for _, n := range names {
		low := strings.ToLower(strings.TrimSpace(n))
		if low == "" || strings.ContainsAny(low, " \t") || seen[low] || !curveName(low) {
			return "", nil, false
		}
		seen[low] = true
	}
	return metric, names, true
}

// curveName: a bracketed or leading name that names a run, not a value.
func curveName(low string) bool {
	if curvePairNotNames.has(low) || !saysNothing(classify(low)) || statOnly(low) {
		return false
	}
	_, unit := parseUnit(low)
	return !unit
}

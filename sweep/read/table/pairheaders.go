package table

import (
	"regexp"
	"strings"
)

// A pair cell holds two rates of one level, "12.3 / 98.4" or "79.1 / 78.8
// t/s", under a header that names both parts: "tok/s (per-stream /
// aggregate)", or "FP8 单流 / 聚合" (per stream / aggregate) with the unit
// written only in the cells. The parts alone name no value knee reads until
// the rate's unit is added to each ("per-stream tok/s", "aggregate tok/s");
// split so, the roles pass tells the per-stream rate from the node's by the
// physics (perstream.go: node ≈ per-stream × load), not by the words.

// bracketedPair is a header naming its two parts in brackets after the
// value they are parts of: "tok/s (per-stream / aggregate)".
var bracketedPair = regexp.MustCompile(`^(.*?)\s*[(（]\s*([^/()（）]+?)\s+/\s+([^/()（）]+?)\s*[)）]\s*(.*)$`)

// tightPair is a bracketed pair written without spaces around its slash:
// "tok/s (agg/per-stream)".
var tightPair = regexp.MustCompile(`^(.*?)\s*[(（]\s*([^/()（）]+?)\s*/\s*([^/()（）]+?)\s*[)）]\s*(.*)$`)

// pairBeforeUnit is a header naming its two parts before the unit in
// brackets: "Throughput agg / per-stream (tok/s)".
var pairBeforeUnit = regexp.MustCompile(`^(.*?)\s*([^\s/()（）]+)\s*/\s*([^\s/()（）]+)\s*([(（][^()（）]*[)）])$`)

// rolePairNames are the names a header may give its pair cells, each part
// with the words they share ("agg tok/s" and "per-stream tok/s"), one
// reading per form the header matches: the caller keeps the one whose
// parts are a per-stream rate and a rate knee reads. A bare "per"
// opposite the sum ("AGG / per") is one stream's.
func rolePairNames(h string) [][]string {
	var out [][]string
	if m := tightPair.FindStringSubmatch(h); m != nil {
		outer := strings.TrimSpace(m[1] + " " + m[4])
		out = append(out, []string{joinWords(rolePart(m[2]), outer), joinWords(rolePart(m[3]), outer)})
	}
	if m := pairBeforeUnit.FindStringSubmatch(h); m != nil {
		out = append(out, []string{joinWords(m[1], rolePart(m[2]), m[4]), joinWords(m[1], rolePart(m[3]), m[4])})
	}
	return out
}

// rolePart is a pair's part as a role: a bare "per" is "per-stream".
func rolePart(p string) string {
	if p = strings.TrimSpace(p); strings.EqualFold(p, "per") {
		return "per-stream"
	}
	return p
}

// joinWords joins the non-empty words with single spaces.
func joinWords(ws ...string) string {
	return strings.Join(strings.Fields(strings.Join(ws, " ")), " ")
}

// pairPartNames names the two parts of column i when its header names them
// and every cell holds two numbers: from a bracketed pair, else from a
// slash list whose parts read as values once the cells' rate unit is added.
func pairPartNames(g grid, i int, h string) ([]string, bool) {
	for _, names := range rolePairNames(h) {
		if perStreamAndNode(names) && everyCellPacked(g, i, 2) {
			return names, true
		}
	}
	if bracketedPair.MatchString(h) {
		return nil, false
	}
	parts := packedSep.Split(h, -1)
	u := cellRateUnit(g, i)
	if u == "" && unitlessRatePair(parts) {
		u = assumedPairUnit
	}
	if len(parts) != 2 || u == "" {
		return nil, false
	}
	for j := range parts {
		parts[j] += " " + u
	}
	if !everyCellPacked(g, i, 2) {
		return nil, false
	}
	// The words before the first part's name the series ("FP8" of
	// "FP8 单流 t/s / 聚合 t/s").
	words := strings.Fields(parts[0])
	for j := len(words) - 2; j >= 0; j-- {
		bare := []string{strings.Join(words[j:], " "), parts[1]}
		if perStreamAndNode(bare) {
			return withSeries(strings.Join(words[:j], " "), bare), true
		}
	}
	return nil, false
}

// perStreamAndNode: one name is a per-stream (per-user) rate and the other
// a rate knee reads; which is the node's the physics checks after.
func perStreamAndNode(names []string) bool {
	a, b := classify(names[0]), classify(names[1])
	return a.kind == colPerUser && b.key() != "" && b.kind != colConcurrency && b.kind != colPerGPU ||
		b.kind == colPerUser && a.key() != "" && a.kind != colConcurrency && a.kind != colPerGPU
}

// cellRateUnit is the token-rate unit the first filled cell of column i
// ends with ("79.1 / 78.8 t/s" → "t/s"), or "".
func cellRateUnit(g grid, i int) string {
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		parts := packedSep.Split(c, -1)
		_, rest, ok := splitNumber(parts[len(parts)-1])
		if u, uok := parseUnit(rest); ok && uok && u.dim == dimTokRate {
			return rest
		}
		return ""
	}
	return ""
}

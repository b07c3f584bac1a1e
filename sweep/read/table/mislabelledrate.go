package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A docs page's header can name one quantity and write another's unit:
// "Average Output Token Throughput (requests/sec)" beside "Average Request
// Throughput (requests/sec)", GenAI-Perf's two rates with one unit copied
// over both. Its words say what it counts, output tokens; the unit is the
// slip: two columns cannot both be the served request rate, and the one
// the words call tokens is at least the other on every row (a request
// returns one token at least). Then its unit is read as tok/s, noted;
// anything short of that is left to the other rules.

// closingUnit is a header's unit in brackets at its end.
var closingUnit = regexp.MustCompile(`\s*[(\[]([^()\[\]]+)[)\]]\s*$`)

// readMislabelledTokenRates rewrites such a header's unit to tok/s.
func readMislabelledTokenRates(g *grid) []string {
	cols := classifyAll(g.header)
	req, ok := onlyIndex(cols, func(c column) bool { return c.kind == colRequestRate })
	if !ok {
		return nil
	}
	var notes []string
	for i, h := range g.header {
		m := closingUnit.FindStringSubmatchIndex(h)
		if i == req || m == nil || !tokenRateWords(h[:m[0]]) {
			continue
		}
		if dim, _ := headerDimension(strings.ToLower(h)); dim != dimReqRate || !atLeastOnEveryRow(*g, i, req) {
			continue
		}
		fixed := h[:m[0]] + " (tok/s)"
		notes = append(notes, fmt.Sprintf("%s: %q names output tokens but writes %q, the unit of %q beside it: read as %q (tokens are at least the requests on every row)", g.file, h, h[m[2]:m[3]], g.header[req], fixed))
		g.header[i] = fixed
	}
	return notes
}

// tokenRateWords: the words name a rate of output tokens.
func tokenRateWords(h string) bool {
	w := wordset(headerTokens(strings.ToLower(h)))
	return w.has("output") && w.has("token", "tokens", "tok") && w.has("throughput", "rate")
}

// atLeastOnEveryRow: column i's number is at least column j's on every
// row where both are numbers, and such rows are two or more.
func atLeastOnEveryRow(g grid, i, j int) bool {
	n := 0
	for _, row := range g.rows {
		a, okA, errA := parseCell(cleanCell(cellAt(row, i)))
		b, okB, errB := parseCell(cleanCell(cellAt(row, j)))
		if !okA || !okB || errA != nil || errB != nil {
			continue
		}
		if a.v < b.v {
			return false
		}
		n++
	}
	return n >= 2
}

package table

import (
	"fmt"
	"strings"
)

// A table may print the concurrency asked for beside the concurrency that
// ran ("Requested" and "Actually ran", "target" and "achieved"): a server
// that caps its slots or rejects requests (HTTP 429) runs fewer than
// asked. The requested one is the level of the sweep, as a requested rate
// is; the one that ran is measured, at most the requested one on every row.

var (
	requestedWords = []string{"requested", "target", "configured", "set", "nominal", "asked"}
	ranWords       = []string{"ran", "run", "achieved", "actual", "actually", "measured", "observed", "effective", "real"}
)

// requestedBesideRan reads two unnamed columns as the requested and the
// achieved concurrency when their words say requested and ran and their
// numbers agree: the ran one never above the requested one, equal on some
// row. Only when the table has no load column of its own.
func (r *resolved) requestedBesideRan(g grid) {
	if r.has(colConcurrency) {
		r.noteNamedRequested(g.file)
		return
	}
	if r.has(colPerGPU) || r.has(colRequestedRate) {
		return
	}
	asked, ran := r.unnamedWith(requestedWords), r.unnamedWith(ranWords)
	if len(asked) != 1 || len(ran) != 1 || !ranWithinAsked(g, asked[0], ran[0]) {
		return
	}
	a, b := &r.cols[asked[0]], &r.cols[ran[0]]
	a.kind, a.flavor, a.why = colConcurrency, "configured", ""
	b.kind, b.flavor, b.why = colAchieved, "measured", ""
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the concurrency level (the one requested) and %q as the concurrency that ran: never above it, below it where the server ran fewer", g.file, a.header, b.header))
}

// unnamedWith are the columns no role took whose header has one of words
// and nothing but such words and filler.
func (r *resolved) unnamedWith(words []string) []int {
	var out []int
	for i, c := range r.cols {
		if c.kind != colIgnore || c.why != "" {
			continue
		}
		w := wordset(headerTokens(c.header))
		if w.has(words...) && onlyWords(w, words) {
			out = append(out, i)
		}
	}
	return out
}

// onlyWords: every word of w is one of words or a load word ("Requested
// concurrency" is read by the role table already; "Actually ran" is not).
func onlyWords(w wordset, words []string) bool {
	for _, x := range w {
		if !wordset(words).has(x) && !wordset(loadWords).has(x) && !strings.EqualFold(x, "in") && x != "flight" {
			return false
		}
	}
	return true
}

// ranWithinAsked: on every row where both hold a number (two rows at
// least) the ran column is at most the asked one, and equal to it on
// some row.
func ranWithinAsked(g grid, asked, ran int) bool {
	n, equal := 0, false
	for _, row := range g.rows {
		a, okA := positiveCell(row, asked)
		b, okB := positiveCell(row, ran)
		if !okA || !okB {
			continue
		}
		if b > a {
			return false
		}
		n++
		equal = equal || a == b
	}
	return n >= 2 && equal
}

// noteNamedRequested says which concurrency is the level when the headers
// name both ("Requested concurrency", "Actual concurrency"), which the
// role table's flavors already tell apart.
func (r *resolved) noteNamedRequested(file string) {
	asked, ran := -1, -1
	for i, c := range r.cols {
		w := wordset(headerTokens(c.header))
		switch {
		case c.kind != colConcurrency:
		case c.flavor == "configured" && w.has(requestedWords...) && asked < 0:
			asked = i
		case c.flavor == "measured" && w.has(ranWords...) && ran < 0:
			ran = i
		}
	}
	if asked >= 0 && ran >= 0 {
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the concurrency level (the one requested), %q as the concurrency that ran", file, r.cols[asked].header, r.cols[ran].header))
	}
}

package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// A header that says only "Offered" (or "Offered load") names the load a
// harness set, but not whether it is a rate or a number of users. Its
// siblings say which: beside a served request rate ("Achieved RPS") and no
// concurrency column, it is the offered request rate of an open-loop sweep,
// the column the achieved rate is measured against. Beside a concurrency
// column, or with no request rate in the table, it stays unread and a
// refusal names the flag that reads it (offeredHint).

// bareOffered: the header's words are "offered", with at most "load" beside
// it, and it states no unit (a unit would have classified it already).
func bareOffered(c column) bool {
	if c.kind != colIgnore || c.why != "" {
		return false
	}
	w := headerTokens(vocab.Translate(strings.ToLower(stripMarkup(c.header))))
	if len(w) == 0 || len(w) > 2 || !wordset(w).has("offered") {
		return false
	}
	for _, x := range w {
		if x != "offered" && x != "load" {
			return false
		}
	}
	return true
}

// offeredRates reads a bare "Offered" column as the offered request rate
// when a sibling is a request rate and nothing else is the load, and its
// cells are rates (numbers, or inf/max/burst: every request at once).
func (r *resolved) offeredRates(g grid) {
	if r.has(colConcurrency) || r.has(colPerGPU) || r.has(colRequestedRate) {
		return
	}
	rate := -1
	for i, c := range r.cols {
		if c.kind == colRequestRate {
			rate = i
			break
		}
	}
	if rate < 0 {
		return
	}
	for i, c := range r.cols {
		if !bareOffered(c) || !offeredCells(g, i) {
			continue
		}
		r.cols[i].kind, r.cols[i].flavor = colRequestedRate, "requested"
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the offered request rate (req/s): beside it %q is a request rate and the table has no concurrency column", g.file, c.header, r.cols[rate].header))
		return
	}
}

// offeredCells: every cell of column i is a number or an unbounded rate.
func offeredCells(g grid, i int) bool {
	n := 0
	for _, row := range g.rows {
		cell := cellAt(row, i)
		if isBlank(cleanCell(cell)) || isInfinite(cell) {
			continue
		}
		if _, ok, err := parseCell(cleanCell(cell)); err != nil || !ok {
			return false
		}
		n++
	}
	return n > 0
}

// offeredHint is the flag that reads an unread column as the load, for a
// table refused for having none: a bare "Offered" column is a request rate
// or a concurrency, and the refusal names both flags.
func offeredHint(cols []column) string {
	for _, c := range cols {
		if bareOffered(c) {
			return fmt.Sprintf("; %q is an offered load that knee cannot tell a rate from a concurrency in: say which with --column requested_rate=%q or --column concurrency=%q", c.header, c.header, c.header)
		}
	}
	return ""
}

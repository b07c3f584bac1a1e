package table

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// A rate sweep's table may print the concurrency it measured (0.82, 1.75,
// 4.03 … in flight on average) beside an unnamed column of the rates it
// offered ("rr" 0.5, 1, 2, 4, 8). The measured concurrency is no level
// anyone set: its values are fractions that follow the load. The offered
// rate is told by the physics of an open loop: the node serves what it is
// offered until it saturates, so the served req/s matches the column at
// the lowest level and never exceeds it by more than noise. Such a column
// is the offered rate, the load; the measured concurrency is what was
// achieved.

// offeredMatch bounds |served − offered| ÷ offered at the lowest level, and
// how far the served rate may run above the offered one anywhere.
const offeredMatch = 0.15

// offeredRateBesideMeasured reads an unread ladder as the offered rate
// beside a measured, fractional concurrency; the note says so.
func (r *resolved) offeredRateBesideMeasured(g grid) {
	conc, served := r.firstOfKinds(colConcurrency), r.firstOfKinds(colRequestRate)
	if conc < 0 || served < 0 || r.has(colRequestedRate) || !fractionalColumn(g, conc) {
		return
	}
	for i, c := range r.cols {
		if c.kind != colIgnore || (c.why != "" && c.why != whyNotRead) || stageHeader(g.header[i]) || countsRows(g, i) {
			continue
		}
		if !servedUpTo(g, i, served) {
			continue
		}
		r.cols[i].kind, r.cols[i].why = colRequestedRate, ""
		r.cols[conc].kind = colAchieved
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the offered request rate: %q served about as much at its lowest level and never more, as an open loop serves what it is offered; %q, in fractions, is the concurrency it achieved", g.file, g.header[i], g.header[served], g.header[conc]))
		return
	}
}

// fractionalColumn: column i holds a number with a fraction on most rows
// (a measured average, not a level set).
func fractionalColumn(g grid, i int) bool {
	n, frac := 0, 0
	for _, row := range g.rows {
		v, ok := positiveCell(row, i)
		if !ok {
			continue
		}
		n++
		if v != math.Trunc(v) {
			frac++
		}
	}
	return n >= 3 && 2*frac > n
}

// servedUpTo: column i rises row by row, the served rate matches it at its
// lowest value and never exceeds it by more than offeredMatch.
func servedUpTo(g grid, i, served int) bool {
	prev, n := 0.0, 0
	for _, row := range g.rows {
		cell := strings.TrimSpace(cellAt(row, i))
		o, err := strconv.ParseFloat(cell, 64)
		s, ok := positiveCell(row, served)
		if err != nil || !ok || o <= prev {
			return false
		}
		if s > o*(1+offeredMatch) || n == 0 && math.Abs(s-o) > offeredMatch*o {
			return false
		}
		prev = o
		n++
	}
	return n >= 3
}

package table

import "fmt"

// A column headed only "Load" or "Level" names no unit: it may be the
// requests in flight or the requests offered per second. The physics
// tells which: by Little's law the concurrency is the served req/s × the
// mean E2E; an offered rate is what the server serves below its capacity
// (served ≈ offered at the lowest level, never above it).

// loadByPhysics reads an unnamed load column as the concurrency or the
// offered rate when the table has no other load and the physics says which.
func (r *resolved) loadByPhysics(g grid) {
	for _, c := range r.cols {
		if loadCandidate(c) {
			return
		}
	}
	load := r.bareLoadColumn(g)
	rate := r.firstOfKinds(colRequestRate)
	if load < 0 || rate < 0 {
		return
	}
	c := &r.cols[load]
	if lat := r.meanE2E(); lat >= 0 && littleHolds(g, load, rate, lat, r.cols[lat].unit.factor/1000) {
		c.kind, c.flavor = colConcurrency, "configured"
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the concurrency: by Little's law it is %q × %q on every row", g.file, c.header, r.cols[rate].header, r.cols[lat].header))
		return
	}
	if servedTracksOffered(g, load, rate) {
		c.kind = colRequestedRate
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the offered request rate: %q serves it at the lowest level and never more", g.file, c.header, r.cols[rate].header))
	}
}

// bareLoadColumn is the column no role took whose header is only "load"
// or "level" (and a unit-less word beside it), holding two numbers or
// more; -1 when none.
func (r *resolved) bareLoadColumn(g grid) int {
	for i, c := range r.cols {
		w := wordset(headerTokens(c.header))
		if c.kind == colIgnore && c.why == "" && w.has("load", "level") && len(w) <= 2 && distinctNumbers(g, i) >= 2 {
			return i
		}
	}
	return -1
}

// meanE2E is the first end-to-end latency column of the mean or the
// median; -1 when none.
func (r *resolved) meanE2E() int {
	for i, c := range r.cols {
		if c.kind == colLatency && c.metric == "e2e" && (c.stat == "mean" || c.stat == "p50") {
			return i
		}
	}
	return -1
}

// servedTracksOffered: the served rate is never above the column (beyond
// rounding) and within a fifth of it at the column's lowest value.
func servedTracksOffered(g grid, offered, served int) bool {
	lowest, lowServed, n := 0.0, 0.0, 0
	for _, row := range g.rows {
		o, okO := positiveCell(row, offered)
		s, okS := positiveCell(row, served)
		if !okO || !okS {
			continue
		}
		if s > o*1.05 {
			return false
		}
		if n == 0 || o < lowest {
			lowest, lowServed = o, s
		}
		n++
	}
	return n >= 2 && lowServed >= 0.8*lowest
}

package table

import "fmt"

// "Request Rate" is the name of vLLM's --request-rate flag, so knee reads
// it as the rate a sweep offered. But a table that sets the concurrency
// and prints, per row, the rate its requests completed at shows the served
// rate under that name too ("0.50 req/s", "2.74 req/s", falling at the last
// level). Little's law tells them apart: in a closed loop the served rate
// times each request's time in flight is the concurrency, on every row; an
// offered rate, set before the run, keeps no such relation to a latency
// the run measured. Where the law holds, the rate is the served one, and
// the concurrency stays the level.

// servedByLittle reads a rate named offered as the served rate when the
// table also sets the concurrency and, on every row, that rate × the mean
// or median end-to-end latency is the concurrency (littleBand).
func (r *resolved) servedByLittle(g grid, requested []int) []int {
	// Only a concurrency the run set, whole numbers: a measured one
	// (guidellm's mean in flight, 2.25) obeys the law with any rate the
	// server kept up with, offered or not.
	load := r.firstOfKinds(colConcurrency)
	lat := r.e2eCentral()
	if load < 0 || lat < 0 || r.cols[load].flavor == "measured" || hasFractions(g, load) {
		return requested
	}
	var kept []int
	for _, i := range requested {
		if !littleHoldsRead(g, r.cols, load, i, lat) {
			kept = append(kept, i)
			continue
		}
		r.cols[i].flavor = ""
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the served request rate, not an offered one: × %q it is %q on every row (Little's law), as a closed loop's completions are",
			g.file, r.cols[i].header, r.cols[lat].header, r.cols[load].header))
	}
	return kept
}

// e2eCentral is the first end-to-end latency column giving a mean or a
// median; -1 when none.
func (r *resolved) e2eCentral() int {
	for i, c := range r.cols {
		if c.kind == colLatency && c.metric == "e2e" && (c.stat == "mean" || c.stat == "p50") {
			return i
		}
	}
	return -1
}

// littleHoldsRead is littleHolds on values read in their units (req/s
// and ms, whatever the cells or headers write).
func littleHoldsRead(g grid, cols []column, load, rate, lat int) bool {
	return littleOnRows(g, func(row []string) (float64, float64, float64, bool) {
		c, okC, errC := readValue(cols[load], cellAt(row, load))
		q, okQ, errQ := readValue(cols[rate], cellAt(row, rate))
		l, okL, errL := readValue(cols[lat], cellAt(row, lat))
		ok := okC && okQ && okL && errC == nil && errQ == nil && errL == nil && c.v > 0 && q.v > 0 && l.v > 0
		return c.v, q.v, l.v / 1000, ok
	})
}

// hasFractions: column i holds a number that is not whole (setvalues.go).
func hasFractions(g grid, i int) bool {
	_, frac := fractionCells(g, i)
	return frac > 0
}

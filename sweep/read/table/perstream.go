package table

import (
	"fmt"
	"math"
)

// perStreamRates tells per-stream token rates from the node's by how they
// move with the load, whatever the headers say, before any family is
// formed: "Decode tok/s p50" beside "Output tok/s" is one stream's median
// beside the node's rate, never two statistics of one quantity. Of the
// columns read as the throughput, one is a stream's when another is it
// times the requests in flight (streamOf: the concurrency, or a rate
// sweep's Little's law, streamsInFlight); the node's is then the
// throughput. Any number of rate columns: each stream rate is matched
// with the node rate it multiplies into (nodeOf).
func (r *resolved) perStreamRates(g grid) {
	for _, load := range r.concurrencyColumns() {
		// Of two load columns ("current_np", the slots, beside
		// "concurrency"), the one the streams share the node's rate by.
		if r.perStreamRatesBy(g, columnInFlight(load), "the concurrency") {
			return
		}
	}
	if at, by := r.streamsInFlight(g); at != nil {
		r.perStreamRatesBy(g, at, by)
	}
}

// concurrencyColumns are the columns read as the concurrency, in order,
// when there are two or more; none when one (streamsInFlight reads it).
func (r *resolved) concurrencyColumns() []int {
	var out []int
	for i, c := range r.cols {
		if c.kind == colConcurrency {
			out = append(out, i)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// perStreamRatesBy is perStreamRates with the requests in flight read by
// at; true when it found a stream rate.
func (r *resolved) perStreamRatesBy(g grid, at inFlight, by string) bool {
	var rates, nodes []int
	for i, c := range r.cols {
		if c.kind == colThroughput {
			rates = append(rates, i)
		}
		// A "total" rate (input + output by vLLM's words) that is a
		// stream's rate times the streams in flight sums the streams'
		// output: "Total TPS" beside "Per-Session TPS".
		if c.kind == colThroughput || c.kind == colOtherTokRate && c.flavor == "total" {
			nodes = append(nodes, i)
		}
	}
	node := map[int]int{}
	for _, s := range rates {
		if n := r.nodeOf(g, at, s, nodes); n >= 0 {
			node[s] = n
		}
	}
	found := false
	for _, s := range rates {
		n, ok := node[s]
		if !ok {
			continue
		}
		if _, nodeIsStream := node[n]; nodeIsStream {
			continue
		}
		found = true
		if t := &r.cols[n]; t.kind == colOtherTokRate {
			t.kind, t.why, t.flavor = colThroughput, "", "aggregate"
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the node's output tok/s: on every row it is %q times %s, the sum over the streams, not input + output tokens", g.file, t.header, r.cols[s].header, by))
		}
		c := &r.cols[s]
		if !streamOfBy(g, at, r.cols[s], r.cols[n], s, n) {
			c.kind, c.why = colPerUser, fmt.Sprintf("a per-stream rate: it falls at every level of every curve while %q does not", r.cols[n].header)
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as a per-stream rate, not the node's: it falls at every level of every curve, and %q, which does not, is never above it times the concurrency", g.file, c.header, r.cols[n].header))
			continue
		}
		c.kind, c.why = colPerUser, fmt.Sprintf("a per-stream rate: times %s it is %q", by, r.cols[n].header)
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as a per-stream rate, not the node's: on every row it is %q divided by %s", g.file, c.header, r.cols[n].header, by))
	}
	return found
}

// inFlight is the requests in flight on a row, when it can be read.
type inFlight func(row []string) (float64, bool)

// columnInFlight is the load column's value.
func columnInFlight(load int) inFlight {
	return func(row []string) (float64, bool) { return positiveCell(row, load) }
}

// streamsInFlight is how the requests in flight are read, and its words
// for the notes: the concurrency column; else, in a rate sweep, Little's
// law's served req/s × mean E2E (C = R × L: streams in flight each at a
// stream's rate make the node's). nil when neither is printed.
func (r *resolved) streamsInFlight(g grid) (inFlight, string) {
	if load := r.firstOfKinds(colConcurrency); load >= 0 {
		return columnInFlight(load), "the concurrency"
	}
	rate, served := servedRateColumn(r.cols)
	e2e := r.centralLatency("e2e")
	if !served || e2e < 0 {
		return nil, ""
	}
	at := func(row []string) (float64, bool) {
		q, okQ, errQ := readValue(r.cols[rate], cellAt(row, rate))
		l, okL, errL := readValue(r.cols[e2e], cellAt(row, e2e))
		c := q.v * l.v / 1000
		return c, okQ && okL && errQ == nil && errL == nil && c > 0
	}
	return at, fmt.Sprintf("the requests in flight (Little's law: %q × %q)", r.cols[rate].header, r.cols[e2e].header)
}

// nodeOf is the node rate among rates that column s is one stream of: one
// in tok/s first (the column the note names is the one read), else the
// first; -1 when none.
func (r *resolved) nodeOf(g grid, at inFlight, s int, rates []int) int {
	found := -1
	for _, n := range rates {
		if s == n || seriesOfOneRate(r.cols[s].header, r.cols[n].header) || !streamOfBy(g, at, r.cols[s], r.cols[n], s, n) && !r.streamFallsInEveryCurve(g, s, n) {
			continue
		}
		if r.cols[n].unit.factor == 1 {
			return n
		}
		if found < 0 {
			found = n
		}
	}
	return found
}

// maxStreamShortfall is how far below the streams' sum a node's rate may
// lie when the stream rate falls (or stays flat) as the node's grows: a
// decode rate leaves out each request's prefill and the gaps between
// requests, so the node serves less than streams × their decode speed, but
// never less than half of it in a sweep of one workload.
const maxStreamShortfall = 0.5

// streamOf: column s is a per-stream rate of column n. On every row where
// the load and both rates are numbers (at least two rows, a load above one
// among them) n ≈ s × load within maxStreamGap; or, where s falls or stays
// flat while n grows with the load, n lies between (1 − maxStreamShortfall)
// and (1 + maxStreamGap) times s × load.
func streamOf(g grid, load int, sc, nc column, s, n int) bool {
	return streamOfBy(g, columnInFlight(load), sc, nc, s, n)
}

// streamOfBy is streamOf with the load read by at.
func streamOfBy(g grid, at inFlight, sc, nc column, s, n int) bool {
	pts := readStreamPoints(g, at, sc, nc, s, n)
	if len(pts) < 2 || !pts.loadAboveOne() {
		return false
	}
	near, within := true, true
	for _, p := range pts {
		ratio := p.node / (p.stream * p.load)
		near = near && math.Abs(ratio-1) <= maxStreamGap
		within = within && ratio <= 1+maxStreamGap && ratio >= 1-maxStreamShortfall
	}
	return near || within && pts.streamFallsNodeGrows() || pts.cappedStreams()
}

// streamPoint is one row's load, stream rate and node rate, in tok/s.
type streamPoint struct{ load, stream, node float64 }

type streamPoints []streamPoint

// readStreamPoints reads the rows where the load and both rates are numbers
// above zero, each rate in its column's unit.
func readStreamPoints(g grid, at inFlight, sc, nc column, s, n int) streamPoints {
	var pts streamPoints
	for _, row := range g.rows {
		c, okC := at(row)
		sv, okS, errS := readValue(sc, cellAt(row, s))
		nv, okN, errN := readValue(nc, cellAt(row, n))
		if okC && okS && okN && errS == nil && errN == nil && sv.v > 0 && nv.v > 0 {
			pts = append(pts, streamPoint{c, sv.v, nv.v})
		}
	}
	return pts
}

func (pts streamPoints) loadAboveOne() bool {
	for _, p := range pts {
		if p.load > 1 {
			return true
		}
	}
	return false
}

// streamFallsNodeGrows: from the lowest load to the highest, the stream
// rate does not rise by more than maxFlatRise while the node's grows by
// more than half.
func (pts streamPoints) streamFallsNodeGrows() bool {
	lo, hi := pts[0], pts[0]
	for _, p := range pts {
		if p.load < lo.load {
			lo = p
		}
		if p.load > hi.load {
			hi = p
		}
	}
	return hi.load > lo.load && hi.stream <= lo.stream*(1+maxFlatRise) && hi.node > 1.5*lo.node
}

// maxFlatRise is how much a per-stream rate may rise from the lowest load
// to the highest and still count as flat (run-to-run noise).
const maxFlatRise = 0.1

package table

import (
	"fmt"
	"math"
)

// One stream decodes one token per TPOT: a token rate that is 1000 ÷ the
// TPOT (or ITL) in ms on every row is one stream's decode rate, whatever
// its header says ("Decode TPS (token/s)" of 43.5 at a TPOT of 22.99 ms,
// 32.6 at 30.67 ms, falling as the load grows while the node's rate, the
// served req/s × 800 tokens, rises from 43 to 1300). The node's rate is
// that times the streams in flight, so the two tell apart only where more
// than one was in flight: the column is read so only when some row's load
// is minInFlight or more.

// decodeRateGap is how far a rate may sit from 1000 ÷ TPOT: both are
// rounded, and a mean of rates is not quite the rate of the mean time.
const decodeRateGap = 0.03

// decodeRates reads every throughput candidate that is 1000 ÷ a token
// time on every row as one stream's decode rate. A column --column named
// is kept.
func (r *resolved) decodeRates(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colThroughput || r.picked["throughput"] == HeaderKey(c.header) {
			continue
		}
		t, ok := streamDecodeRate(g, r.cols, i)
		if !ok {
			continue
		}
		c.kind, c.why = colPerUser, fmt.Sprintf("one stream's decode rate: on every row it is 1000 ÷ %q, or just above as a mean of per-request rates is", r.cols[t].header)
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as one stream's decode rate, not the node's: on every row it is 1000 ÷ %q (one token per TPOT), or just above as a mean of per-request rates is, and some row has several streams in flight", g.file, c.header, r.cols[t].header))
	}
}

// streamDecodeRate is the token-time column (TPOT, ITL; a central
// statistic) that token-rate column i is 1000 ÷ on every row, where some
// row has several requests in flight by the load column.
func streamDecodeRate(g grid, cols []column, i int) (int, bool) {
	if !severalByLoad(g, cols) {
		return -1, false
	}
	for t, c := range cols {
		if c.kind != colLatency || (c.metric != "tpot" && c.metric != "itl") || !centralStat(c.stat) {
			continue
		}
		if inverseOnEveryRow(g, cols, i, t) && !climbsWithLoad(g, cols, i) {
			return t, true
		}
	}
	return -1, false
}

// climbsWithLoad: rate column i at the highest level is over 1.5× its value
// at the lowest. One stream decodes no faster as more share the engine;
// a token time that falls so with the load is the system's (the run's wall
// time over all its tokens, "sys_tpot_ms"), and 1000 ÷ it the node's rate.
func climbsWithLoad(g grid, cols []column, i int) bool {
	load, ok := onlyIndex(cols, func(c column) bool { return c.kind == colConcurrency })
	if !ok {
		return false
	}
	loLoad, hiLoad, lo, hi := math.Inf(1), math.Inf(-1), 0.0, 0.0
	for _, row := range g.rows {
		l, okL := positiveCell(row, load)
		x, okX, err := readValue(cols[i], cellAt(row, i))
		if !okL || !okX || err != nil {
			continue
		}
		if l < loLoad {
			loLoad, lo = l, x.v
		}
		if l > hiLoad {
			hiLoad, hi = l, x.v
		}
	}
	return hiLoad > loLoad && lo > 0 && hi > 1.5*lo
}

// centralStat: a mean, a median or no statistic named.
func centralStat(stat string) bool {
	return stat == "" || stat == "mean" || stat == "p50"
}

// severalByLoad: the load column holds minInFlight or more on some row.
func severalByLoad(g grid, cols []column) bool {
	load, ok := onlyIndex(cols, func(c column) bool { return c.kind == colConcurrency })
	if !ok {
		return false
	}
	for _, row := range g.rows {
		if c, ok := positiveCell(row, load); ok && c >= minInFlight {
			return true
		}
	}
	return false
}

// jensenGap is how far above 1000 ÷ the mean TPOT a mean of per-request
// rates may sit: the mean of 1 ÷ TPOT exceeds 1 ÷ the mean TPOT (Jensen),
// the more so the more the requests' TPOTs spread under contention (10.0
// tok/s at a mean TPOT of 119 ms, 8.4 by the inverse). Never below it. Only
// a column whose header names a mean ("Avg tokens/s") is such a mean: a
// node that serves one request at a time has a rate of 1000 ÷ TPOT too
// ("output tok/s" flat at 48 while TTFT queues to 112 s), and its rate is
// held to decodeRateGap.
const jensenGap = 0.25

// inverseOnEveryRow: rate column i × token time column t (ms) is 1000 on
// every row where both read, two rows at least: within decodeRateGap on
// one row at least, and on every other no more than decodeRateGap below
// nor above, or jensenGap above for a column that names a mean.
func inverseOnEveryRow(g grid, cols []column, i, t int) bool {
	n, close, above := 0, false, decodeRateGap
	if cols[i].stat == "mean" {
		above = jensenGap
	}
	for _, row := range g.rows {
		x, okX, errX := readValue(cols[i], cellAt(row, i))
		ms, okT, errT := readValue(cols[t], cellAt(row, t))
		if !okX || !okT || errX != nil || errT != nil || x.v <= 0 || ms.v <= 0 {
			continue
		}
		r := x.v*ms.v/1000 - 1
		if r < -decodeRateGap || r > above {
			return false
		}
		close = close || math.Abs(r) <= decodeRateGap
		n++
	}
	return n >= 2 && close
}

// And no stream decodes faster than one token per TPOT: the table's only
// token rate, read as one request's by its header's words ("Request-window
// TPS": the window the requests ran in), that lies above 1000 ÷ TPOT by
// more than maxStreamGap on every row with several streams in flight and
// rises at every step with the load is the node's rate (170.8 at one
// stream, 2741.8 at 32 with a TPOT of 7.31 ms: 20 streams' worth). A
// request's rate counting its input tokens too lies above 1000 ÷ TPOT as
// well, but it falls as the load grows, never rises.

// nodeRateOverStreams reads such a column as the throughput.
func (r *resolved) nodeRateOverStreams(g grid) {
	if hasKind(r.cols, colThroughput) || hasKind(r.cols, colThroughputPerGPU) {
		return
	}
	i, ok := onlyIndex(r.cols, func(c column) bool { return c.kind == colPerUser })
	load, okL := onlyIndex(r.cols, func(c column) bool { return c.kind == colConcurrency })
	if !ok || !okL || r.cols[i].why != whyPerUserWords {
		return
	}
	if !risesWithLoad(g, load, i) {
		r.nodeRateByGrowth(g, i, load)
		return
	}
	for t, c := range r.cols {
		if c.kind != colLatency || (c.metric != "tpot" && c.metric != "itl") || !centralStat(c.stat) {
			continue
		}
		if aboveOneStream(g, r.cols, i, t, load) {
			col := &r.cols[i]
			col.kind, col.why = colThroughput, ""
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the node's rate, not one request's: it rises with %q and lies above 1000 ÷ %q, the most one stream decodes, wherever several streams are in flight", g.file, col.header, r.cols[load].header, r.cols[t].header))
			return
		}
	}
	r.nodeRateByGrowth(g, i, load)
}

// aboveOneStream: on every row with minInFlight or more in flight (two
// rows at least), rate column i × token time t (ms) ÷ 1000 is above 1 +
// maxStreamGap.
func aboveOneStream(g grid, cols []column, i, t, load int) bool {
	n := 0
	for _, row := range g.rows {
		c, okC := positiveCell(row, load)
		if !okC || c < minInFlight {
			continue
		}
		x, okX, errX := readValue(cols[i], cellAt(row, i))
		ms, okT, errT := readValue(cols[t], cellAt(row, t))
		if !okX || !okT || errX != nil || errT != nil || x.v*ms.v/1000 <= 1+maxStreamGap {
			return false
		}
		n++
	}
	return n >= 2
}

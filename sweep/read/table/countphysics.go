package table

import (
	"math"
	"slices"
)

// Two things keep a script's summary from giving its count over its
// duration: the duration may state no unit ("total_time": 22.51), and the
// table may print a token rate that is one request's, with its statistics
// ("tokens_per_second": average, p50, p95, p99). The physics answers both,
// as a perf engineer checks them:
//   - the requests served over the served request rate (per second, as its
//     header says) is the run's duration in seconds: a time column that
//     equals it on every row is in seconds;
//   - a token rate printed with its tail over the requests (p95, p99) is a
//     distribution of requests' rates; the node's rate over a run is one
//     figure. Such columns do not stop the derivation: the passes then
//     tell the derived node rate from them (perrequest.go, perstream.go).

// maxDurationGap is how far a run's printed duration may sit from its
// requests over its request rate (both rounded, the clock started apart).
const maxDurationGap = 0.05

// secondsByServedRate is the one plainly numbered column named a time
// ("total_time", "elapsed") that is, on every row, the requests served
// over the served request rate: the run's duration, in seconds.
func secondsByServedRate(g *grid, cols []column) (int, bool) {
	rate, okRate := onlyIndex(cols, func(c column) bool { return c.kind == colRequestRate && c.flavor != "requested" })
	if !okRate {
		return 0, false
	}
	found := -1
	requests := kindIndexes(cols, colRequests)
	for i, c := range cols {
		if c.kind != colIgnore || !namesTime(g.header[i]) {
			continue
		}
		// Any count of requests will do ("total_requests" beside
		// "successful_requests"): the one the time fits.
		if !slices.ContainsFunc(requests, func(req int) bool { return durationOfRun(g, i, req, rate) }) {
			continue
		}
		if found >= 0 {
			return 0, false
		}
		found = i
	}
	return found, found >= 0
}

// namesTime: the header names a time and nothing else ("total_time",
// "elapsed", "wall time").
func namesTime(h string) bool {
	t := headerTokens(h)
	return slices.ContainsFunc(t, func(w string) bool { return w == "time" || w == "elapsed" || w == "duration" || w == "wall" })
}

// durationOfRun: on every row column i is a plain number and equals the
// requests over the request rate within maxDurationGap.
func durationOfRun(g *grid, i, req, rate int) bool {
	n := 0
	for _, row := range g.rows {
		d, okD, errD := parseCell(cleanCell(cellAt(row, i)))
		q, okQ, errQ := parseCell(cleanCell(cellAt(row, req)))
		r, okR, errR := parseCell(cleanCell(cellAt(row, rate)))
		if errD != nil || errQ != nil || errR != nil || !okD || !okQ || !okR || d.unit != nil || r.v <= 0 || d.v <= 0 {
			return false
		}
		if math.Abs(q.v/r.v-d.v) > maxDurationGap*d.v {
			return false
		}
		n++
	}
	return n >= 2
}

// distributionRates: every token-rate column of the header names a
// statistic, and some a tail percentile: a distribution of requests'
// rates, no node rate.
func distributionRates(cols []column) bool {
	tail, n := false, 0
	for _, c := range cols {
		if c.kind != colThroughput && c.kind != colThroughputPerGPU {
			continue
		}
		n++
		switch c.stat {
		case "":
			return false
		case "p90", "p95", "p99", "p999":
			tail = true
		}
	}
	return n > 0 && tail
}

package table

import (
	"fmt"
	"math"
)

// One request's token rate is its output tokens over its latency: a
// column that is, on every row, the output tokens per request ÷ the mean
// end-to-end latency (or ÷ the latency after the first token, a decode
// speed) is a per-request rate, whatever its header says
// ("avg_tokens_per_sec" of 92 at 1 req/s falling to 71 at 50 req/s, while
// the node served 62 → 3059 tok/s). The node's rate is that times the
// requests in flight, so the two tell apart only where more than one
// request was in flight: the column is read so only when some row holds
// that many (by the concurrency, or Little's law's served req/s × E2E).

// perRequestGap is how far a column may sit from tokens ÷ latency: a
// mean of per-request ratios is not quite the ratio of the means.
const perRequestGap = 0.1

// perRequestRates reads every throughput candidate that is tokens ÷
// latency, or the node's rate (served req/s × tokens) over the
// concurrency, as a per-request rate. A column --column named is kept.
func (r *resolved) perRequestRates(g grid) {
	length := r.outputTokensColumn()
	if length < 0 {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colThroughput || r.picked["throughput"] == HeaderKey(c.header) {
			continue
		}
		how := r.perRequestSignature(g, i, length)
		if how == "" {
			continue
		}
		c.kind, c.why = colPerUser, "one request's rate: on every row it is "+how
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as one request's rate, not the node's: on every row it is %s", g.file, c.header, how))
	}
}

// perRequestSignature says how column i is one request's rate: its tokens
// over its latency, or the node's rate shared among the requests in
// flight; "" when it is neither.
func (r *resolved) perRequestSignature(g grid, i, length int) string {
	if e2e := r.centralLatency("e2e"); e2e >= 0 && r.severalInFlight(g, e2e) {
		if r.tokensOverTime(g, i, length, e2e, -1) {
			return fmt.Sprintf("%q ÷ %q, a request's output tokens over its latency", r.cols[length].header, r.cols[e2e].header)
		}
		if ttft := r.centralLatency("ttft"); ttft >= 0 && r.tokensOverTime(g, i, length, e2e, ttft) {
			return fmt.Sprintf("%q ÷ (%q − %q), a request's output tokens over its time after the first", r.cols[length].header, r.cols[e2e].header, r.cols[ttft].header)
		}
	}
	load := r.firstOfKinds(colConcurrency)
	rate, served := servedRateColumn(r.cols)
	if load >= 0 && served && r.sharedNodeRate(g, i, load, rate, length) {
		return fmt.Sprintf("%q × %q ÷ %q, the node's output rate shared among the requests in flight", r.cols[rate].header, r.cols[length].header, r.cols[load].header)
	}
	return ""
}

// sharedNodeRate: column i × the load is the served req/s × the tokens
// per request (the node's output rate) within maxStreamGap on every row
// where all are numbers, two rows at least, one of them with more than
// one request in flight.
func (r *resolved) sharedNodeRate(g grid, i, load, rate, length int) bool {
	n, several := 0, false
	for _, row := range g.rows {
		x, okX, errX := readValue(r.cols[i], cellAt(row, i))
		c, okC := positiveCell(row, load)
		q, okQ, errQ := readValue(r.cols[rate], cellAt(row, rate))
		k, okK := positiveCell(row, length)
		if !okX || !okC || !okQ || !okK || errX != nil || errQ != nil || q.v <= 0 {
			continue
		}
		if math.Abs(x.v*c/(q.v*k)-1) > maxStreamGap {
			return false
		}
		n++
		several = several || c >= minInFlight
	}
	return n >= 2 && several
}

// centralLatency is the mean latency of metric, else its median; -1 when
// the table has neither.
func (r *resolved) centralLatency(metric string) int {
	for _, stat := range []string{"mean", "p50"} {
		for i, c := range r.cols {
			if c.kind == colLatency && c.metric == metric && c.stat == stat {
				return i
			}
		}
	}
	return -1
}

// severalInFlight: on some row more than one request was in flight, by
// the concurrency column, else by Little's law (served req/s × E2E), so
// that a node's rate could not equal one request's there.
func (r *resolved) severalInFlight(g grid, e2e int) bool {
	load := r.firstOfKinds(colAchieved, colConcurrency)
	rate, served := servedRateColumn(r.cols)
	for _, row := range g.rows {
		if load >= 0 {
			if c, ok := positiveCell(row, load); ok && c >= minInFlight {
				return true
			}
			continue
		}
		if !served {
			return false
		}
		q, okQ, errQ := readValue(r.cols[rate], cellAt(row, rate))
		l, okL, errL := readValue(r.cols[e2e], cellAt(row, e2e))
		if okQ && okL && errQ == nil && errL == nil && q.v*l.v/1000 >= minInFlight {
			return true
		}
	}
	return false
}

// minInFlight is the load from which a node's rate lies clear of one
// request's: at 1.5 in flight the two differ by half, far past
// perRequestGap.
const minInFlight = 1.5

// tokensOverTime: column i is the tokens per request ÷ (E2E − TTFT, or
// E2E alone when ttft < 0) within perRequestGap on every row where all are
// numbers, two rows at least.
func (r *resolved) tokensOverTime(g grid, i, length, e2e, ttft int) bool {
	n := 0
	for _, row := range g.rows {
		x, okX, errX := readValue(r.cols[i], cellAt(row, i))
		k, okK := positiveCell(row, length)
		l, okL, errL := readValue(r.cols[e2e], cellAt(row, e2e))
		if !okX || !okK || !okL || errX != nil || errL != nil || x.v <= 0 {
			continue
		}
		if ttft >= 0 {
			f, okF, errF := readValue(r.cols[ttft], cellAt(row, ttft))
			if !okF || errF != nil {
				continue
			}
			l.v -= f.v
		}
		if l.v <= 0 || math.Abs(x.v*l.v/1000/k-1) > perRequestGap {
			return false
		}
		n++
	}
	return n >= 2
}

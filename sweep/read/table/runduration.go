package table

import "math"

// A benchmark that prints a "Total Latency (ms)" beside its request count
// and request throughput (TensorRT-LLM's trtllm-bench) means the run's
// wall time, not a request's: its value is the requests over the request
// rate. An end-to-end latency column that equals requests ÷ req/s in every
// row (within runDurationTolerance) is that duration, set aside so that
// the per-request latency beside it is read.

// runDurationTolerance is how near requests ÷ req/s a latency must lie, as
// a share, to be the run's duration: the tools round both to a few digits.
const runDurationTolerance = 0.03

// whyRunDuration is why such a column is not read.
const whyRunDuration = "the run's duration (requests ÷ request rate), not a request's latency"

// runDurationLatency sets aside the e2e columns that are the run's
// duration.
func (r *resolved) runDurationLatency(g grid) {
	rate, requests := r.rateColumn(), r.columnOf(colRequests)
	if rate < 0 || requests < 0 {
		return
	}
	for i, c := range r.cols {
		if c.kind == colLatency && c.metric == "e2e" && r.isRunDuration(g, i, requests, rate) {
			r.cols[i].kind, r.cols[i].metric, r.cols[i].why = colIgnore, "", whyRunDuration
		}
	}
}

// isRunDuration: in two or more rows and every row holding all three,
// column i (ms) is requests ÷ rate seconds.
func (r *resolved) isRunDuration(g grid, i, requests, rate int) bool {
	n := 0
	for _, row := range g.rows {
		lat, okL, errL := readValue(r.cols[i], cellAt(row, i))
		req, okN, errN := readValue(r.cols[requests], cellAt(row, requests))
		rps, okR, errR := readValue(r.cols[rate], cellAt(row, rate))
		if !okL || !okN || !okR || errL != nil || errN != nil || errR != nil || rps.v <= 0 {
			continue
		}
		wall := req.v / rps.v * 1000
		if math.Abs(lat.v-wall) > runDurationTolerance*wall {
			return false
		}
		n++
	}
	return n >= 2
}

// columnOf is the first column read as kind; -1 for none.
func (r *resolved) columnOf(kind colKind) int {
	for i, c := range r.cols {
		if c.kind == kind {
			return i
		}
	}
	return -1
}

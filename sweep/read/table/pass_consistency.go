package table

import (
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// The consistency pass checks the reading against itself: a token rate
// falling at every level from one stream, alone or beside one that does
// not, is a stream's (fallingrate.go), a node serves
// at least one output token per request, Little's law says an unstated
// latency's unit (littleslaw.go), so do the output tokens per request over
// the node's tok/s (tokensinflight.go) and E2E ≥ TTFT (e2ettft.go), req/s × the output length names the
// output rate among candidates (outputlength.go), so does
// rate × its time against the load's generated tokens (ratetimes.go), an e2e latency equal to
// requests ÷ req/s is the run's duration (runduration.go), a latency read in ms is one a
// served model can measure, and one column printed twice is read once
// (duplicates.go).
func (r *resolved) consistencyPass(g grid) error {
	if err := r.tokensPerRequest(g); err != nil {
		return err
	}
	r.fallingSoleRate(g)
	r.fallingBesideRising(g)
	r.runDurationLatency(g)
	r.littlesLawUnit(g)
	r.tokensInFlightUnit(g)
	r.e2eAboveTTFT(g)
	r.outputRateByLength(g)
	r.outputRateByTime(g)
	r.secondsByMagnitude(g, "e2e")
	if err := r.plausibleColumns(g); err != nil {
		return err
	}
	r.sameValuesTwice(g)
	return nil
}

// columnMaxMS: a latency column in ms whose largest value is below this is
// surely in seconds. A whole column of end-to-end latencies under 100 ms
// (11.7 … 59.9) is no LLM sweep's; a TTFT column under 5 ms at every
// level, neither. Refused with the flag that states the unit, not read
// 1000× too small.
var columnMaxMS = map[string]float64{"e2e": 100}

func (r *resolved) plausibleColumns(g grid) error {
	for i, c := range r.cols {
		limit, ok := columnMaxMS[c.metric]
		if c.kind != colLatency || c.stated || !ok {
			continue
		}
		max, n := 0.0, 0
		for _, row := range g.rows {
			cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
			if err != nil || !ok || cv.unit != nil {
				continue
			}
			n++
			if cv.v > max {
				max = cv.v
			}
		}
		if n >= 2 && max < limit {
			return inputerr.Errorf(g.file, c.header, g.headerLine, "every value is under %v (the largest %v): read as ms (the header states no unit) no served model measures that %s; if the column is in seconds pass --unit %q (or --unit %q if it really is ms)",
				limit, max, strings.ToUpper(c.metric), HeaderKey(c.header)+"=s", HeaderKey(c.header)+"=ms")
		}
	}
	return nil
}

// tokensPerRequest checks a throughput column against a request rate in
// the same rows: every served request yields at least one output token, so
// the node's output tok/s is never below its request rate. A column that is
// ("Throughput p50 (tok/s)" of 28.6 at 50 req/s) is a per-request figure,
// refused with the flag that names the node's throughput.
func (r *resolved) tokensPerRequest(g grid) error {
	rate := r.rateColumn()
	if rate < 0 {
		return nil
	}
	for i, c := range r.cols {
		if c.kind != colThroughput {
			continue
		}
		if n, under := r.underOnePerRequest(g, i, rate); n > 0 && 2*under > n {
			return inputerr.Errorf(g.file, c.header, g.headerLine, "reads under one output token per request (%q) in %d of %d rows: no node serves requests without tokens, so it is a per-request figure, not the node's output throughput; if another column is, say so with --column throughput=HEADER",
				r.cols[rate].header, under, n)
		}
	}
	return nil
}

// rateColumn is the first served request rate column, else the first
// offered one; -1 when there is none.
func (r *resolved) rateColumn() int {
	for _, k := range []colKind{colRequestRate, colRequestedRate} {
		for i, c := range r.cols {
			if c.kind == k {
				return i
			}
		}
	}
	return -1
}

// underOnePerRequest counts the rows where column i and the rate column
// both hold a value (n), and those where i is below the rate (under).
func (r *resolved) underOnePerRequest(g grid, i, rate int) (n, under int) {
	for _, row := range g.rows {
		x, okX, errX := readValue(r.cols[i], cellAt(row, i))
		q, okQ, errQ := readValue(r.cols[rate], cellAt(row, rate))
		if errX != nil || errQ != nil || !okX || !okQ || q.v <= 0 {
			continue
		}
		n++
		if x.v < q.v {
			under++
		}
	}
	return n, under
}

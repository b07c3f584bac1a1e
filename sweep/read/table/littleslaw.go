package table

import "fmt"

// Little's law ties a closed loop's three figures: the requests in flight
// are the served request rate times the mean time each spends in flight
// (C = R × L). Where a table holds the concurrency, the served req/s and an
// end-to-end latency whose unit nothing states, the law says the unit: the
// one in which R × L is the concurrency on every row.

// fromLittle is where the unit came from, for the reading note ("s from
// the …").
const fromLittle = "served rate and the concurrency (Little's law)"

// littlesLawUnit reads an end-to-end latency with no unit stated in
// seconds when Little's law holds in seconds and not in ms.
func (r *resolved) littlesLawUnit(g grid) {
	load := r.firstOfKinds(colAchieved, colConcurrency)
	rate := r.firstOfKinds(colRequestRate)
	if load < 0 || rate < 0 {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colLatency || c.metric != "e2e" || c.stated || c.stat != "mean" && c.stat != "p50" {
			continue
		}
		if littleHolds(g, load, rate, i, 1) && !littleHolds(g, load, rate, i, 1e-3) {
			c.unit, c.stated, c.unitFrom = units["s"], true, fromLittle
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read in s: by Little's law its value × %q is %q on every row (in ms it would put a thousandth of the requests in flight)",
				g.file, c.header, r.cols[rate].header, r.cols[load].header))
		}
	}
}

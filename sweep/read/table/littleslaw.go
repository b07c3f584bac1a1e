package table

import (
	"fmt"
	"strings"
)

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
			r.siblingSeconds(g, i)
		}
	}
}

// siblingSeconds: the other statistics of the latency in column at, where
// nothing states their unit ("min_latency", "max_latency" beside an
// "avg_latency" Little's law reads in s), are in its unit: one quantity's
// statistics share it.
func (r *resolved) siblingSeconds(g grid, at int) {
	mean := r.cols[at]
	var named []string
	for i := range r.cols {
		c := &r.cols[i]
		if i == at || c.kind != colLatency || c.metric != mean.metric || c.stated || len(c.timeUnits) > 0 || headerStem(c.header) != headerStem(mean.header) {
			continue
		}
		c.unit, c.stated, c.unitFrom = units["s"], true, fmt.Sprintf("the unit of %q", mean.header)
		named = append(named, fmt.Sprintf("%q", c.header))
	}
	if len(named) > 0 {
		r.notes = append(r.notes, fmt.Sprintf("%s: %s read in s as %q is: statistics of one latency", g.file, strings.Join(named, ", "), mean.header))
	}
}

package table

import (
	"fmt"
	"math"
)

// A concurrency level is a set value: a whole number of requests or users,
// the same few of them at every series (8, 16, 32, 64 per arm). A column of
// concurrency that holds fractions (62.7, 30.1 …) counted what the server
// held during the run: a mean batch, the requests in flight on average.
// Beside a column of set values it is never the load, whatever its header
// says ("batch" beside "c"): it is read as the concurrency achieved, and
// the set-value column stays the level. (A rate may be a fraction, 0.5 or
// 2.5 req/s, so rates are not judged here.)

// measuredBesideSetValues marks as measured each unflavored or weak
// concurrency column holding a fraction when another concurrency column
// of the table holds whole numbers only. A column that names itself the
// configured level settles it already (concurrencyFlavors).
func (r *resolved) measuredBesideSetValues(g grid) {
	var whole, fractional []int
	for i, c := range r.cols {
		if c.kind != colConcurrency || c.flavor == "measured" {
			continue
		}
		if c.flavor == "configured" {
			return // concurrencyFlavors reads the others as achieved
		}
		switch n, frac := fractionCells(g, i); {
		case n == 0:
		case frac == 0:
			whole = append(whole, i)
		default:
			fractional = append(fractional, i)
		}
	}
	if len(whole) == 2 && len(fractional) == 0 {
		r.measuredBesideRecurring(g, whole[0], whole[1])
		return
	}
	if len(whole) == 0 {
		return
	}
	set := r.cols[whole[0]].header
	for _, i := range fractional {
		c := &r.cols[i]
		c.flavor = "measured"
		r.notes = append(r.notes, fmt.Sprintf("%s: %q is not read as the load: it holds fractions, a count measured during the run, beside %q, whose whole numbers are the levels set", g.file, c.header, set))
	}
}

// fractionCells counts column i's numbers (n) and those that are not whole.
func fractionCells(g grid, i int) (n, frac int) {
	for _, row := range g.rows {
		v, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err != nil || !ok || math.IsInf(v.v, 0) {
			continue
		}
		n++
		if v.v != math.Trunc(v.v) {
			frac++
		}
	}
	return n, frac
}

// measuredBesideRecurring tells two concurrency columns of whole numbers
// apart the same way: the levels set recur, the same few in every series
// (8, 16, 32 for each arm), where a count measured during the run
// scatters (7, 8, 15, 16, 14 …): a column every value of which recurs is
// the level beside one that holds more values, some of them once.
func (r *resolved) measuredBesideRecurring(g grid, a, b int) {
	set, measured := a, b
	if !everyValueRecurs(g, a) {
		set, measured = b, a
	}
	if !everyValueRecurs(g, set) || everyValueRecurs(g, measured) || len(valueCounts(g, measured)) <= len(valueCounts(g, set)) {
		return
	}
	r.cols[measured].flavor = "measured"
	r.notes = append(r.notes, fmt.Sprintf("%s: %q is not read as the load: its values scatter, a count measured during the run, beside %q, whose every value recurs: the levels set for each series", g.file, r.cols[measured].header, r.cols[set].header))
}

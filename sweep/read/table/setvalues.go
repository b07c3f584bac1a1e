package table

import (
	"fmt"
	"math"
	"strings"
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
		r.codeNamedFractions(fractional)
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
	if !everyValueRecurs(g, set) || everyValueRecurs(g, measured) || len(valueCounts(g, measured)) <= len(valueCounts(g, set)) || everyLadderValue(g, measured) {
		return
	}
	r.cols[measured].flavor = "measured"
	r.notes = append(r.notes, fmt.Sprintf("%s: %q is not read as the load: its values scatter, a count measured during the run, beside %q, whose every value recurs: the levels set for each series", g.file, r.cols[measured].header, r.cols[set].header))
}

// everyLadderValue: each of column i's numbers is one a person sets a level
// to (a power of two, a multiple of five, or 1 to 4), never a count a run
// happens to reach (7, 14). Two columns of such values are two settings
// (llama.cpp's slots beside the client's concurrency), not a level beside a
// measurement, however often their values recur in a top-5 printout.
func everyLadderValue(g grid, i int) bool {
	for _, row := range g.rows {
		v, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err != nil || !ok {
			continue
		}
		if !ladderValue(v.v) {
			return false
		}
	}
	return true
}

// ladderValue: v is a whole number a level is set to.
func ladderValue(v float64) bool {
	if v != math.Trunc(v) || v < 1 {
		return false
	}
	n := int64(v)
	return n <= 4 || n%5 == 0 || n&(n-1) == 0
}

// codeNamedFractions leaves unread as a load each column of fractions
// whose header is a name in code (`thor-big-conc`, a configuration's name
// that holds "conc"): a level set by the client is whole, and a flag that
// sets one (`--max-concurrency`) never holds fractions, so the column is a
// configuration's measurements, for the heading to name.
func (r *resolved) codeNamedFractions(fractional []int) {
	for _, i := range fractional {
		h := strings.Trim(strings.TrimSpace(r.cols[i].header), "*_")
		if len(h) > 2 && strings.HasPrefix(h, "`") && strings.HasSuffix(h, "`") && !strings.Contains(h[1:len(h)-1], "`") {
			r.cols[i].kind, r.cols[i].why = colIgnore, ""
		}
	}
}

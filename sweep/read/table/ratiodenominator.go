package table

import (
	"math"
	"strings"
)

// A ratio column beside two curves of one metric often holds one over the
// other, row by row: "README tok/s | Current tok/s | Ratio" with 29.1, 26.4
// and 0.906. Whatever the headers say, the curve under the fraction bar is
// what the other is measured against (a baseline, a reference run, the
// number a README once printed) and the one over it is what the table
// measured: a perf engineer asks the knee of the numerator first.

// ratioDenominators are the curves of cs that a ratio column of g divides
// another curve of the same metric by, at every row where all three hold
// numbers (two rows at least).
func ratioDenominators(g grid, cols []column, cs colSeries) map[string]bool {
	out := map[string]bool{}
	for rc, c := range cols {
		if c.kind != colRatio {
			continue
		}
		for _, num := range cs.names {
			for _, den := range cs.names {
				if num != den && dividesBy(g, rc, sameMetricPairs(cols, cs.indexesOf(num), cs.indexesOf(den))) {
					out[den] = true
				}
			}
		}
	}
	return out
}

// sameMetricPairs pairs the columns of two curves that hold one metric.
func sameMetricPairs(cols []column, a, b []int) [][2]int {
	var out [][2]int
	for _, i := range a {
		for _, j := range b {
			if cols[i].key() == cols[j].key() {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// dividesBy: some pair's numerator over its denominator is column rc's
// value (or its percentage) in every row holding all three, to the
// rounding a table writes.
func dividesBy(g grid, rc int, pairs [][2]int) bool {
	for _, p := range pairs {
		rows := 0
		ok := true
		for _, row := range g.rows {
			r, okR := plainNumber(cellAt(row, rc))
			a, okA := plainNumber(cellAt(row, p[0]))
			b, okB := plainNumber(cellAt(row, p[1]))
			if !okR || !okA || !okB || b == 0 {
				continue
			}
			rows++
			q := a / b
			ok = ok && (near(q, r) || near(q*100, r))
		}
		if ok && rows >= 2 {
			return true
		}
	}
	return false
}

// plainNumber is a cell's number, a percent sign aside.
func plainNumber(cell string) (float64, bool) {
	cv, ok, err := parseCell(strings.TrimSuffix(strings.TrimSpace(cleanCell(cell)), "%"))
	if err != nil || !ok {
		return 0, false
	}
	return cv.v, true
}

// near: within 1.5% (two rounded cells and a rounded ratio).
func near(x, y float64) bool {
	return math.Abs(x-y) <= 0.015*math.Max(math.Abs(x), math.Abs(y))
}

// denominatorsAfter ranks a curve a ratio divides by after one it does not,
// then as rank does.
func denominatorsAfter(den map[string]bool, rank func(string) int) func(string) int {
	return func(n string) int {
		if den[n] {
			return 2
		}
		return rank(n)
	}
}

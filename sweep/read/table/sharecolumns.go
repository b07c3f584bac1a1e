package table

import "math"

// A column that is another divided among the streams ("ctx/slot" =
// "--ctx-size" ÷ "--parallel": 65536, 32768, 16384 as the slots double)
// moves with the load inside every curve: it names no curve of its own,
// and keying the series by it splits each curve at every level (and makes
// the column it divides look like one row's remark).

// dropShareColumns leaves out of the series columns each that, times the
// load, is another column on every row (three rows at least, the load
// varying).
func dropShareColumns(g grid, series []int, load int) []int {
	if load < 0 {
		return series
	}
	var out []int
	for _, j := range series {
		if !shareOfColumn(g, j, load) {
			out = append(out, j)
		}
	}
	return out
}

// maxShareGap is how far column × load may lie from the column it shares.
const maxShareGap = 0.01

// shareOfColumn: column j times the load is some other column on every row.
func shareOfColumn(g grid, j, load int) bool {
	for k := range g.header {
		if k != j && k != load && timesLoadIs(g, j, load, k) {
			return true
		}
	}
	return false
}

// timesLoadIs: on every row column j × the load is column k within
// maxShareGap, over three rows at least and two levels at least.
func timesLoadIs(g grid, j, load, k int) bool {
	levels := map[float64]bool{}
	for _, row := range g.rows {
		a, okA := numberAt(row, j)
		l, okL := numberAt(row, load)
		b, okB := numberAt(row, k)
		if !okA || !okL || !okB || b == 0 || math.Abs(a*l/b-1) > maxShareGap {
			return false
		}
		levels[l] = true
	}
	return len(g.rows) >= 3 && len(levels) > 1
}

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
		// A setting the product multiplies ("output_tokens" beside
		// "mean_tokens_per_run" = batch × output) holds each of its values
		// at several levels; a share moves with the load.
		if settingAtEveryLevel(g, j, load) || !shareOfColumn(g, j, load) {
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

// settingAtEveryLevel: every value of column j is written at every level
// of the table (two values and two levels at least): a setting crossed
// with the load, never a share of something that moves with it.
func settingAtEveryLevel(g grid, j, load int) bool {
	at := map[string]map[string]bool{}
	levels := map[string]bool{}
	for _, row := range g.rows {
		v, l := cleanCell(cellAt(row, j)), cleanCell(cellAt(row, load))
		if isBlank(v) || isBlank(l) {
			return false
		}
		if at[v] == nil {
			at[v] = map[string]bool{}
		}
		at[v][l] = true
		levels[l] = true
	}
	if len(at) < 2 || len(levels) < 2 {
		return false
	}
	for _, ls := range at {
		if len(ls) != len(levels) {
			return false
		}
	}
	return true
}

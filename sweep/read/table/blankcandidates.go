package table

import "strings"

// A column that holds no value on any row ("first_error", empty where no
// request failed) reads as nothing, whatever its header: beside a
// lookalike that holds values it is no candidate, and the choice between
// them changes no answer.

// keepTheOneWithValues leaves read the one candidate of idx whose cells
// hold anything; false when none or several do. idx index g's columns.
func (r *resolved) keepTheOneWithValues(g grid, idx []int) bool {
	return r.keepTheOne(idx, func(i int) bool { return columnHoldsAnything(g, i) }, func(kept string) string {
		return "empty on every row, beside " + kept
	})
}

func columnHoldsAnything(g grid, i int) bool {
	for _, row := range g.rows {
		if v := strings.Trim(strings.TrimSpace(cellAt(row, i)), "-–—"); v != "" {
			return true
		}
	}
	return false
}

// keepTheOneWithNumbers leaves read the one candidate of idx whose cells
// hold a number on some row, beside lookalikes that hold only words on
// every row (optimum-benchmark's "GPUs" writes the devices' names,
// "['NVIDIA A100-SXM4-80GB']", beside "Num GPUs" 1): names are no count,
// and the choice changes no answer. idx index g's columns.
func (r *resolved) keepTheOneWithNumbers(g grid, idx []int) bool {
	for _, i := range idx {
		if labelKind(r.cols[i].kind) {
			return false // a name is what a label column holds ("Hardware" beside "Num of Hardware")
		}
		if !columnHoldsAnything(g, i) {
			return false // an empty lookalike is keepTheOneWithValues' to settle
		}
	}
	return r.keepTheOne(idx, func(i int) bool { return columnHoldsNumber(g, i) }, func(kept string) string {
		return "words on every row, no number, beside " + kept
	})
}

func columnHoldsNumber(g grid, i int) bool {
	for _, row := range g.rows {
		if _, ok, err := parseCell(cleanCell(cellAt(row, i))); ok && err == nil {
			return true
		}
	}
	return false
}

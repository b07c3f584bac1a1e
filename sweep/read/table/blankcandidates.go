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

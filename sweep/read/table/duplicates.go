package table

import "fmt"

// sameValuesTwice drops the second of two read columns with one meaning
// when their cells are the same text in every row: vLLM's bench block
// prints "Median TTFT (ms)" and, with --metric-percentiles 50, "P50 TTFT
// (ms)" with the same number. That is one measurement printed twice, not
// two candidates: nothing is guessed by reading it once, and the note says
// which column was left. Columns that differ in any row stay for
// refuseLookalikes to refuse by name.
func (r *resolved) sameValuesTwice(g grid) {
	first := map[string]int{}
	for i := range r.cols {
		k := r.cols[i].key()
		if k == "" {
			continue
		}
		j, seen := first[k]
		if !seen {
			first[k] = i
			continue
		}
		if sameCells(g, j, i) {
			r.cols[i].kind = colIgnore
			r.cols[i].why = fmt.Sprintf("the same values as %q, printed twice", r.cols[j].header)
		}
	}
}

// sameCells: columns a and b hold the same cleaned text in every row, and
// at least one row holds something.
func sameCells(g grid, a, b int) bool {
	filled := false
	for _, row := range g.rows {
		x, y := cleanCell(cellAt(row, a)), cleanCell(cellAt(row, b))
		if x != y {
			return false
		}
		filled = filled || x != ""
	}
	return filled
}

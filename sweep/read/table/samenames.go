package table

import (
	"fmt"
	"strings"
)

// Label columns that name the same thing in different words
// ("model_folder" minimax27, "model_short_name" MiniMax-M2.7,
// "model_full_name" MiniMaxAI/MiniMax-M2.7-FP8) tell the rows apart the
// same way: each name of one column goes with one name of the other on
// every row. Whichever is read, the curves are the same rows, so the
// choice changes no answer: the first is read and the others are left,
// with a note, rather than refused.

// keepOneNaming reads the first of the label columns idx when they all
// split the rows alike; false otherwise, or when they hold no labels.
func (r *resolved) keepOneNaming(g grid, idx []int) bool {
	if len(r.cols) != len(g.header) {
		return false
	}
	for _, i := range idx {
		if !labelKind(r.cols[i].kind) || !textColumn(g, i) {
			return false
		}
	}
	for _, i := range idx[1:] {
		if !sameSplit(g, idx[0], i) {
			return false
		}
	}
	for _, i := range idx[1:] {
		r.cols[i].kind, r.cols[i].why = colIgnore, fmt.Sprintf("names the rows as %q does, in other words", r.cols[idx[0]].header)
	}
	return true
}

// sameSplit: the names of columns a and b go one to one on every row.
func sameSplit(g grid, a, b int) bool {
	ab, ba := map[string]string{}, map[string]string{}
	for _, row := range g.rows {
		x, y := strings.TrimSpace(cellAt(row, a)), strings.TrimSpace(cellAt(row, b))
		if v, ok := ab[x]; ok && v != y {
			return false
		}
		if v, ok := ba[y]; ok && v != x {
			return false
		}
		ab[x], ba[y] = y, x
	}
	return true
}

package table

import (
	"fmt"
	"math"
)

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
		switch {
		case sameCells(g, j, i) || r.cols[i].unit.factor == r.cols[j].unit.factor && sameToTheirDigits(g, j, i):
			// Or the same numbers written to other digits: vLLM 0.10
			// prints the offered rate as "Traffic request rate: 0.2"
			// above its block and "Request rate configured (RPS): 0.20"
			// inside it.
			r.cols[i].kind = colIgnore
			r.cols[i].why = fmt.Sprintf("the same values as %q, printed twice", r.cols[j].header)
		case r.cols[i].unit.factor != r.cols[j].unit.factor && sameInUnits(g, r.cols[j], r.cols[i], j, i):
			// "Output tok/min" beside "Output tok/s": one rate in two
			// units. The column in the model's unit is read.
			keep, drop := j, i
			if r.cols[i].unit.factor == 1 {
				keep, drop = i, j
			}
			r.cols[drop].kind = colIgnore
			r.cols[drop].why = fmt.Sprintf("the same values as %q in %s", r.cols[keep].header, r.cols[drop].unit.name)
			first[k] = keep
		}
	}
}

// maxUnitRounding is how far one value may sit from the same value written
// in another unit: each is rounded to the digits printed (4076 tok/min is
// 67.93 tok/s, printed 67.9).
const maxUnitRounding = 0.01

// sameInUnits: columns a and b, each converted by its unit, agree within
// maxUnitRounding on every row where both hold a number, and on at least
// two rows; a row where only one holds a number breaks it.
func sameInUnits(g grid, ca, cb column, a, b int) bool {
	n := 0
	for _, row := range g.rows {
		x, okX, errX := readValue(ca, cellAt(row, a))
		y, okY, errY := readValue(cb, cellAt(row, b))
		if errX != nil || errY != nil || okX != okY {
			return false
		}
		if !okX {
			continue
		}
		top := math.Max(x.v, y.v)
		if top > 0 && math.Abs(x.v-y.v)/top > maxUnitRounding {
			return false
		}
		n++
	}
	return n >= 2
}

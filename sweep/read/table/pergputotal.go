package table

import "math"

// A table that prints a per-GPU rate often prints the total it was divided
// from beside it ("Total TPS", then "TPS/GPU"). When another column is, on
// every row and within the rounding of the printed digits, one whole
// multiple of the per-GPU rate, that multiple is the count the table itself
// divided by: a GPU count the text states otherwise does not describe these
// figures, and knee takes neither.

// wholeMultipleOfPerGPU is the whole multiple (2 or more) that another
// token rate of the table (one set aside as a total or another rate) holds
// of the per-GPU rate on every row; 0 when none does. Only token rates are
// compared: a load that doubles with the rate is no total of it.
func wholeMultipleOfPerGPU(g grid, cols []column) int {
	per := kindIndex(cols, colThroughputPerGPU)
	if per < 0 || len(g.rows) < 2 {
		return 0
	}
	for i := range cols {
		if cols[i].kind != colOtherTokRate {
			continue
		}
		if r := wholeMultipleOf(g, cols, i, per); r > 0 {
			return r
		}
	}
	return 0
}

// kindIndex is the first column of kind k; -1 when none.
func kindIndex(cols []column, k colKind) int {
	for i, c := range cols {
		if c.kind == k {
			return i
		}
	}
	return -1
}

// wholeMultipleOf is the whole multiple r ≥ 2 that column i holds of
// column per on every row, within both cells' rounding; 0 when the ratio
// is no whole number or differs between rows.
func wholeMultipleOf(g grid, cols []column, i, per int) int {
	r := 0
	for _, row := range g.rows {
		a, aok := plainCell(cols[i], row, i)
		b, bok := plainCell(cols[per], row, per)
		if !aok || !bok || b.v <= 0 {
			return 0
		}
		n := int(math.Round(a.v / b.v))
		if n < 2 || (r != 0 && n != r) {
			return 0
		}
		if math.Abs(a.v-float64(n)*b.v) > a.half+float64(n)*b.half+1e-9*a.v {
			return 0
		}
		r = n
	}
	return r
}

// plainCell is the number cell i of row writes, with no unit of its own.
func plainCell(c column, row []string, i int) (cellValue, bool) {
	if i >= len(row) {
		return cellValue{}, false
	}
	_, cv, ok, err := cellNumber(c, row[i])
	if err != nil || !ok || cv.unit != nil {
		return cellValue{}, false
	}
	return cv, true
}

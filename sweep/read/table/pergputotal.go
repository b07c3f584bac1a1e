package table

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
		if r := wholeMultiple(g, cols, i, per, withinDigits); r > 0 {
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

package table

import "regexp"

// A column of numbers written with a physical unit knee does not read
// ("10.26 GB/s" of disk bandwidth, "350 W", "71 °C", "38 GiB") measured
// something during each run: it moves with the load and names no curve,
// however often one of its values recurs. Such columns are never series
// candidates.

// quantityCell is a number with a bandwidth, power, temperature or memory
// unit, and perhaps a remark after it ("9.29 GB/s（持续25s）").
var quantityCell = regexp.MustCompile(`(?i)^[~≈]?\d[\d.,]*\s*(?:[kmgt]i?b/s|[kmgt]bps|[kmgt]i?b|w|watts?|°c|℃)(?:$|[\s(（])`)

// dropQuantityColumns leaves out of cand the columns whose every filled
// cell is such a quantity.
func dropQuantityColumns(g grid, cand []int) []int {
	var out []int
	for _, i := range cand {
		if !quantityColumn(g, i) {
			out = append(out, i)
		}
	}
	return out
}

// quantityColumn: column i holds quantities with a unit, in two rows or more.
func quantityColumn(g grid, i int) bool {
	n := 0
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		if !quantityCell.MatchString(c) {
			return false
		}
		n++
	}
	return n >= 2
}

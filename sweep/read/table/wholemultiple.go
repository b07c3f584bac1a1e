package table

import "math"

// Three rules ask whether one column of a table is another times a whole
// number on every row: a "Total TPS" beside "TPS/GPU" (totalovergpus.go),
// a per-GPU rate whose total sits beside it (pergputotal.go), and a bare
// "per GPU" column that is the throughput ÷ the GPU count
// (pergpushare.go). A count the table divided by leaves the same whole
// number on every row; a load or a second rate does not. They differ only
// in how far a printed figure may sit from the exact multiple, so that is
// the one thing each passes.

// multipleSlack says whether a, as printed, is n × b as printed.
type multipleSlack func(a, b cellValue, n int) bool

// withinDigits holds a to n × b within the rounding of both cells' last
// digit: for two figures printed from one measurement at full precision.
func withinDigits(a, b cellValue, n int) bool {
	return math.Abs(a.v-float64(n)*b.v) <= a.half+float64(n)*b.half+1e-9*a.v
}

// withinShare holds a ÷ b to n within shareTolerance: for a share printed
// to three or four significant digits ("4,940" of 19,765 ÷ 4), whose
// rounding is coarser than its last digit says.
func withinShare(a, b cellValue, n int) bool {
	return math.Abs(a.v/b.v-float64(n)) <= shareTolerance*float64(n)
}

// wholeMultiple is the whole number n ≥ 2 that column a holds of column b
// on every row where both cells are plain positive numbers, two rows at
// least; 0 when the ratio is no whole number within near, or differs
// between rows. A row missing either cell says nothing either way.
func wholeMultiple(g grid, cols []column, a, b int, near multipleSlack) int {
	n, rows := 0, 0
	for _, row := range g.rows {
		x, okX := plainCell(cols[a], row, a)
		y, okY := plainCell(cols[b], row, b)
		if !okX || !okY || x.v <= 0 || y.v <= 0 {
			continue
		}
		k := int(math.Round(x.v / y.v))
		if k < 2 || (n != 0 && k != n) || !near(x, y, k) {
			return 0
		}
		n, rows = k, rows+1
	}
	if rows < 2 {
		return 0
	}
	return n
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

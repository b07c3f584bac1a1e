package table

import "strconv"

// Two columns that hold the same values: the one setting or measurement
// written twice, which the consistency pass (duplicates.go) and the roles
// pass (an echoed configured level) both set aside.

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

// sameToTheirDigits: columns a and b hold the same number in every row,
// written to other digits ("0.2" and "0.20", "2" and "2.00"; never 31.44
// and 31.68, two runs that agree closely, nor 8 and 8.4), with at least
// two rows and the same rows blank.
func sameToTheirDigits(g grid, a, b int) bool {
	n := 0
	for _, row := range g.rows {
		x, y := cleanCell(cellAt(row, a)), cleanCell(cellAt(row, b))
		if x == "" || y == "" {
			if x != y {
				return false
			}
			continue
		}
		fx, errX := strconv.ParseFloat(x, 64)
		fy, errY := strconv.ParseFloat(y, 64)
		if errX != nil || errY != nil || fx != fy {
			return false
		}
		n++
	}
	return n >= 2
}

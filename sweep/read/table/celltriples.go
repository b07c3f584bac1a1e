package table

// cellTriples are the positive values of columns a, b and c on each row
// where all three read, and how many rows they did not: the rows a check
// of one column against two others (a rate against a count over a time,
// a product, a ratio) runs over, each check with its own tolerance and
// its own view of unread rows.
func cellTriples(g grid, a, b, c int) (vals [][3]float64, unread int) {
	for _, row := range g.rows {
		x, okA := positiveCell(row, a)
		y, okB := positiveCell(row, b)
		z, okC := positiveCell(row, c)
		if !okA || !okB || !okC {
			unread++
			continue
		}
		vals = append(vals, [3]float64{x, y, z})
	}
	return vals, unread
}

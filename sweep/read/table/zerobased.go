package table

// A load column that counts 0, 1, 2 … in row order names each row (user 0,
// user 1: one row per client of a single run), it does not set a level:
// no level of a sweep holds no requests in flight and still delivers
// tokens. It is left unread, so the table is no sweep by that column.

const whyZeroBased = "whole numbers counted from 0 in row order: each row's name, not a load"

// zeroBasedLoads leaves unread the concurrency columns that count from 0.
func (r *resolved) zeroBasedLoads(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind == colConcurrency && c.flavor != "measured" && countsFromZero(g, i) {
			c.kind, c.flavor, c.why = colIgnore, "", whyZeroBased
		}
	}
}

// countsFromZero: column i's cells are 0, 1, 2 … in row order, two rows
// at least.
func countsFromZero(g grid, i int) bool {
	for k, row := range g.rows {
		v, ok := numberAt(row, i)
		if !ok || v != float64(k) {
			return false
		}
	}
	return len(g.rows) >= 2
}

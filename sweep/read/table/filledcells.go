package table

// everyFilledCell reports whether column i has a non-blank cell and every
// non-blank one, cleaned by clean, passes ok: the shape test of the
// rewrites that split a column of compound cells (value pairs, tuples,
// bracketed per-GPU rates, packed levels) — a column is split only when
// all of it is that shape.
func everyFilledCell(g grid, i int, clean func(string) string, ok func(string) bool) bool {
	n := 0
	for _, row := range g.rows {
		c := clean(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		if !ok(c) {
			return false
		}
		n++
	}
	return n > 0
}

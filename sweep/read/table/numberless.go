package table

// A table with no number in any cell ("Topology | Description", a list of
// the setups tested) describes; it measures nothing and can be no sweep.
// When no table of a text reads, its refusal ("no throughput column")
// tells the user nothing: the refusal to show is that of the first table
// that holds numbers, whose flag may read it.

// numberedRefusal is first, unless first's table holds no number and
// another refused table does: then that table's refusal.
func numberedRefusal(refused []refusedTable, first error) error {
	for _, r := range refused {
		if r.err == first && holdsNumber(r.g) {
			return first
		}
	}
	for _, r := range refused {
		if holdsNumber(r.g) {
			return r.err
		}
	}
	return first
}

// holdsNumber: some cell of g's rows is a number.
func holdsNumber(g grid) bool {
	for _, row := range g.rows {
		for _, c := range row {
			if _, ok, err := parseCell(cleanCell(c)); err == nil && ok {
				return true
			}
		}
	}
	return false
}

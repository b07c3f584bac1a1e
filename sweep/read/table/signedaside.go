package table

// A table of load-signed rows often ends with a row of another measurement
// ("1 request", "8 concurrent", … "64 concurrent", then "Prefill (3.6k
// prompt)"): its label names no level, so the column would not read as the
// load at all. A perf engineer reads the sweep's rows and sets the last one
// aside. Only rows after every signed row are set aside, and at most two,
// fewer than a third of the rows the sweep keeps: a column of labels that
// happen to hold a number in a few rows stays labels.

// signedLevelsBeforeOthers reads column i as signedLevels does, except that
// the rows after the last one that reads may name no level: levels covers
// the rows that read, aside the labels of those after them.
func signedLevelsBeforeOthers(g *grid, i int) (levels []int, sign string, aside []string, ok bool) {
	last := -1
	for r, row := range g.rows {
		if _, _, reads := loadCellLevel(cleanCell(cellAt(row, i))); reads {
			last = r
		}
	}
	rest := len(g.rows) - 1 - last
	if last < 0 || rest == 0 || rest > 2 || 3*rest >= last+1 {
		return nil, "", nil, false
	}
	head := *g
	head.rows = g.rows[:last+1]
	if levels, sign, ok = signedLevels(head, i); !ok {
		return nil, "", nil, false
	}
	for _, row := range g.rows[last+1:] {
		cell := cleanCell(cellAt(row, i))
		if isBlank(cell) {
			return nil, "", nil, false
		}
		aside = append(aside, cell)
	}
	return levels, sign, aside, true
}

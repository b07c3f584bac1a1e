package table

import (
	"fmt"
)

// A row with nothing in any cell (`| | | |`) is a separator people draw
// between groups of rows (the levels of a sweep, each with a row per arm;
// one series and the next), not a level with its values missing: it is
// dropped before the columns are read, so a group label is never carried
// down into it and no value is missing from it.
func dropBlankRows(g *grid) []string {
	var rows [][]string
	var lines []int
	dropped := 0
	for r, row := range g.rows {
		if emptyRow(row) {
			dropped++
			continue
		}
		rows = append(rows, row)
		if r < len(g.lines) {
			lines = append(lines, g.lines[r])
		}
	}
	if dropped == 0 || len(rows) == 0 {
		return nil
	}
	g.rows, g.lines = rows, lines
	return []string{fmt.Sprintf("%s: %d empty rows read as separators between groups of rows, not as levels", g.file, dropped)}
}

// emptyRow: every cell of row is blank (empty, a dash, n/a: isBlank), before
// ditto marks and series labels would fill it from the row above.
func emptyRow(row []string) bool {
	for _, c := range row {
		if !isBlank(cleanCell(c)) {
			return false
		}
	}
	return true
}

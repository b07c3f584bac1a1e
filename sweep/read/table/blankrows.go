package table

import (
	"fmt"
	"strings"
)

// A row with nothing in any cell (`| | | |`) is a separator people draw
// between groups of rows (the levels of a sweep, each with a row per arm;
// one series and the next), not a level with its values missing: it is
// dropped before the columns are read, so a group label is never carried
// down into it and no value is missing from it.
func dropBlankRows(g *grid) []string {
	var rows [][]string
	var lines []int
	dropped, elided := 0, 0
	for r, row := range g.rows {
		if elisionRow(row) {
			elided++
			continue
		}
		if emptyRow(row) {
			dropped++
			continue
		}
		rows = append(rows, row)
		if r < len(g.lines) {
			lines = append(lines, g.lines[r])
		}
	}
	if dropped+elided == 0 || len(rows) == 0 {
		return nil
	}
	g.rows, g.lines = rows, lines
	var notes []string
	if dropped > 0 {
		notes = append(notes, fmt.Sprintf("%s: %d empty rows read as separators between groups of rows, not as levels", g.file, dropped))
	}
	if elided > 0 {
		notes = append(notes, fmt.Sprintf("%s: a row of \"...\" marks the rows the printer left out (pandas shows a long frame's first and last rows): the levels between are not in the table", g.file))
	}
	return notes
}

// elisionRow: every cell of row that is not blank is an ellipsis ("..",
// "...", "…"), and one is: the mark pandas and other printers put where
// they left rows out, no level.
func elisionRow(row []string) bool {
	n := 0
	for _, c := range row {
		switch strings.TrimSpace(c) {
		case "..", "...", "…":
			n++
		case "":
		default:
			return false
		}
	}
	return n > 0
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

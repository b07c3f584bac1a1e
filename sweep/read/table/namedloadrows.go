package table

import (
	"fmt"
	"unicode"
)

// A sweep's table sometimes carries a reference run in its load column, a
// name where the level goes ("ollama_1_stream" above 8, 16, 32): a run of
// another system or setting, printed for comparison, not a level of this
// sweep. Where such rows are fewer than the rows of levels (two levels at
// least), they are set aside with a note naming each; a load column of
// words throughout is left to the other rules.

// dropNamedLoadRows sets aside the rows whose load cell is a name.
func dropNamedLoadRows(g *grid, cols []column) []string {
	load := loadColumn(cols)
	if load < 0 {
		return nil
	}
	var named []int
	levels := 0
	for r, row := range g.rows {
		c := cleanCell(cellAt(row, load))
		if isBlank(c) {
			continue
		}
		if _, ok, err := parseCell(c); ok && err == nil {
			levels++
			continue
		}
		if hasLetter(c) && !isInfinite(c) { // "inf": every request at once, a level
			named = append(named, r)
		}
	}
	if len(named) == 0 || levels < 2 || len(named) >= levels {
		return nil
	}
	var notes []string
	var rows [][]string
	var lines []int
	next := 0
	for r, row := range g.rows {
		if next < len(named) && named[next] == r {
			what := "names a run, not a level"
			if unlimitedCap(cellAt(row, load)) {
				// How many the client then had in flight the table does
				// not say (every request it had, at its own pace).
				what = "is the run with no cap: its requests in flight are not a number the table gives"
			}
			notes = append(notes, fmt.Sprintf("%s:%d: %q in the load column %q %s: set aside", g.file, g.lines[r], cleanCell(cellAt(row, load)), g.header[load], what))
			next++
			continue
		}
		rows, lines = append(rows, row), append(lines, g.lines[r])
	}
	g.rows, g.lines = rows, lines
	return notes
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

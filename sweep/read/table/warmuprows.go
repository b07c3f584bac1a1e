package table

import (
	"fmt"
	"regexp"
)

// warmupCell names a warm-up run in a cell of its own, in English or
// Chinese ("warm-up", "Warmup", "warm up (discarded)", "预热").
var warmupCell = regexp.MustCompile(`(?i)^(warm[- ]?up|预热)(\s*\(.*\))?$`)

// A row that a cell names as a warm-up measured the server before the sweep
// began: its numbers are no level's (a cold cache, a first compile), and a
// perf engineer drops it. It is set aside with a note before the columns
// are read, so that its name never makes the load column a text one.
// Profile columns (guidellm's "warmup" beside concurrent@N) are read by
// profileLoads, which sets their warm-ups aside the same way.
func dropWarmupRows(g *grid) []string {
	var rows [][]string
	var lines []int
	var notes []string
	for r, row := range g.rows {
		if cell, ok := warmupOf(row); ok && len(g.rows) > 2 {
			notes = append(notes, fmt.Sprintf("%s:%d: %q is a warm-up, not a level: set aside", g.file, lineOf(g, r), cell))
			continue
		}
		rows = append(rows, row)
		if r < len(g.lines) {
			lines = append(lines, g.lines[r])
		}
	}
	if len(notes) == 0 {
		return nil
	}
	g.rows, g.lines = rows, lines
	return notes
}

func warmupOf(row []string) (string, bool) {
	for _, c := range row {
		if cell := cleanCell(c); warmupCell.MatchString(cell) {
			return cell, true
		}
	}
	return "", false
}

func lineOf(g *grid, r int) int {
	if r < len(g.lines) {
		return g.lines[r]
	}
	return 0
}

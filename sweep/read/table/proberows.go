package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A sweep's table may end with one run of another kind under its load
// column, written as a phrase where every other row writes a level alone:
// "12 agents at ~25.6k prompt tokens" below c1, c4, c8 … c16. Its words
// say it ran another workload (here deep agent contexts), so it is no
// level of the curve; one row makes no curve of its own. It is set aside
// with a note, as a level's variant row is (variantloadrows.go).

// probeLoad is a count followed by a phrase of three words or more.
var probeLoad = regexp.MustCompile(`^\d[\d,]*\s+\pL[^|]*\s\S+\s\S+`)

// dropProbeRows sets aside the one row whose load cell is such a phrase
// when every other row's load cell is a level.
func dropProbeRows(g *grid, cols []column) []string {
	load := loadColumn(cols)
	if load < 0 || len(g.rows) < 4 {
		return nil
	}
	probe := -1
	for r, row := range g.rows {
		c := strings.TrimSpace(stripMarkup(cellAt(row, load)))
		switch {
		case probeLoad.MatchString(c):
			if probe >= 0 {
				return nil // two phrases: a label column, not one probe
			}
			probe = r
		case !levelCell(c):
			return nil
		}
	}
	if probe < 0 {
		return nil
	}
	note := fmt.Sprintf("%s:%d: %q is a run of another kind below the levels of %q: no level of the curve, and one row makes no curve: set aside", g.file, g.lines[probe], strings.TrimSpace(stripMarkup(cellAt(g.rows[probe], load))), g.header[load])
	g.rows = append(g.rows[:probe:probe], g.rows[probe+1:]...)
	g.lines = append(g.lines[:probe:probe], g.lines[probe+1:]...)
	return []string{note}
}

// levelCell: a load cell that is a level alone, plain or with its marker
// ("16", "c16", "batch-32").
func levelCell(c string) bool {
	c = cleanCell(c)
	if _, ok, err := parseCell(c); ok && err == nil {
		return true
	}
	return prefixedLoad.MatchString(c)
}

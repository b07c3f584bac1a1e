package table

import (
	"fmt"
	"strings"
)

// A series of one load level is one run, not a curve: a table of shapes by
// concurrency where one shape was measured at three levels and the others
// at one each holds one sweep. That sweep is the table's answer and is read
// without --series, with a note naming the runs left aside; with two
// sweeps, or none, the choice stays the user's.

// sweepAmongRuns is the one series of at least three levels when every
// other series holds a single level, and the note saying so; "" when the
// table holds no such sweep, or a row of it has no load level written (a
// metric per row below its level's first row is no run).
func sweepAmongRuns(g grid, keyOf func([]string) string, load int) (string, string) {
	keys, _ := seriesKeys(g, keyOf)
	sweep := ""
	var runs []string
	for _, k := range keys {
		switch levels := measuredLevels(g, keyOf, load, k); {
		case levels >= 3 && sweep == "":
			sweep = k
		case levels == 1:
			runs = append(runs, fmt.Sprintf("%q", k))
		default:
			return "", ""
		}
	}
	if sweep == "" || len(runs) == 0 {
		return "", ""
	}
	hold := "hold one level each: runs"
	if len(runs) == 1 {
		hold = "holds one level: a run"
	}
	return sweep, fmt.Sprintf("%s: series %q read, the one sweep of the table; %s %s, not curves (--series reads one)", g.file, sweep, strings.Join(runs, ", "), hold)
}

// measuredLevels counts the distinct load levels of the series keyed key,
// each a positive number; 0 when a row of it has none.
func measuredLevels(g grid, keyOf func([]string) string, load int, key string) int {
	if load < 0 {
		return 0
	}
	levels := map[float64]bool{}
	for _, row := range g.rows {
		if keyOf(row) != key {
			continue
		}
		v, ok := positiveCell(row, load)
		if !ok {
			return 0
		}
		levels[v] = true
	}
	return len(levels)
}

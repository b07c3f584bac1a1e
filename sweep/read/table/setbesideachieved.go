package table

import (
	"fmt"
	"math"
)

// A table may give the level it set under a word knee does not know as a
// load ("offered", "target", "设定") beside the concurrency it measured
// ("achieved并发" 7.9, 15.7, 30.7 … beside 8, 16, 32 …). A perf engineer
// reads the round column as the level: on every row it is a whole number
// at or above the measured one (a run never holds more requests than it
// sends) and within twice it, and it rises row to row. The measured column
// then stays the achieved concurrency it is.

// levelBesideAchieved is the column of g that reads as the set level beside
// the measured concurrency in column m, or -1.
func (r *resolved) levelBesideAchieved(g grid, m int) int {
	for j, c := range r.cols {
		if j == m || c.kind != colIgnore || !setAboveMeasured(g, j, m) {
			continue
		}
		return j
	}
	return -1
}

// setAboveMeasured: column j holds whole numbers rising over three rows or
// more, each at or above column m's value on its row and within twice it.
func setAboveMeasured(g grid, j, m int) bool {
	prev, n := 0.0, 0
	for _, row := range g.rows {
		set, ok1 := numberAt(row, j)
		got, ok2 := numberAt(row, m)
		if !ok1 || !ok2 || set != math.Trunc(set) || set <= prev || got <= 0 || set < got*0.999 || set > 2*got {
			return false
		}
		prev = set
		n++
	}
	return n >= 3
}

// setLevelBesideAchieved reads column j as the configured level, with a
// note.
func (r *resolved) setLevelBesideAchieved(g grid, j, m int) {
	r.cols[j].kind, r.cols[j].flavor = colConcurrency, "configured"
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the level set: whole numbers rising row to row, each at or above the measured %q and within twice it", g.file, r.cols[j].header, r.cols[m].header))
}

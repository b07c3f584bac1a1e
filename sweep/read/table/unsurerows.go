package table

import (
	"fmt"
	"strings"
)

// A log of runs sometimes writes a few rows' throughput as a range of runs
// ("33-38") or as only "~" (a level whose runs disagreed too much to give
// one value), while every other row holds one number. A perf engineer reads
// the rows that hold one number and says which were left out: the answer is
// read from the measured curve, and a range's middle need not be the runs'
// mean. That holds only while those rows are the few: at least three levels
// must remain, and no more than half the rows may be left out; a table of
// ranges throughout is still refused, naming the first (parseCell).

// dropUnsureRows sets aside, by the rules above, the rows whose throughput
// cell is a range or a bare "~".
func dropUnsureRows(g *grid, cols []column) ([]string, error) {
	tput := kindIndexes(cols, colThroughput, colThroughputPerGPU)
	if len(tput) == 0 {
		return nil, nil
	}
	var unsure []int
	for r, row := range g.rows {
		if rowUnsure(row, tput) {
			unsure = append(unsure, r)
		}
	}
	if len(unsure) == 0 || len(g.rows)-len(unsure) < 3 || 2*len(unsure) > len(g.rows) {
		return nil, nil
	}
	var notes []string
	skip := map[int]bool{}
	for _, r := range unsure {
		if err := lastLevelWithTTFT(g, cols, r); err != nil {
			return nil, err
		}
		skip[r] = true
		notes = append(notes, fmt.Sprintf("%s:%d: the row%s has %q for %s, not one measured value: left out, the curve read from the rows that hold one", g.file, g.lines[r], rowLevelWords(cols, g.rows[r]), cleanCell(cellAt(g.rows[r], tput[0])), cols[tput[0]].header))
	}
	leaveOutRows(g, skip)
	return notes, nil
}

// rowUnsure: a throughput cell of the row is a range of values or a bare
// approximation mark, and none holds one number.
func rowUnsure(row []string, tput []int) bool {
	unsure := false
	for _, i := range tput {
		c := cleanCell(cellAt(row, i))
		if c == "~" || c == "≈" {
			unsure = true
			continue
		}
		if _, ok, err := parseCell(c); ok && err == nil {
			return false
		} else if err != nil && strings.Contains(err.Error(), "is a range of values") {
			unsure = true
		}
	}
	return unsure
}

// leaveOutRows drops the rows skip marks from g, with their line numbers.
func leaveOutRows(g *grid, skip map[int]bool) {
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		if !skip[r] {
			rows, lines = append(rows, row), append(lines, g.lines[r])
		}
	}
	g.rows, g.lines = rows, lines
}

// A latency cell may be a range too ("~0.5–0.9 s" under TTFT p95, the
// runs' spread at the top level) where the row's throughput is one number.
// The level stays: only that latency is unknown there, as a level a
// latency column leaves blank. A latency column of ranges throughout
// ("0.06-0.10 s" … "0.51-0.72 s") still refuses the table: leaving it
// unread would drop every TTFT verdict the table's author measured, a
// choice that may change the answer.

// blankUnsureLatencies blanks the few latency cells that are ranges.
func blankUnsureLatencies(g *grid, cols []column) []string {
	var notes []string
	for _, i := range kindIndexes(cols, colLatency) {
		var ranges []int
		filled := 0
		for r, row := range g.rows {
			c := cleanCell(cellAt(row, i))
			if isBlank(c) {
				continue
			}
			filled++
			if _, _, err := parseCell(c); err != nil && strings.Contains(err.Error(), "is a range of values") {
				ranges = append(ranges, r)
			}
		}
		if len(ranges) == 0 {
			continue
		}
		if 2*len(ranges) > filled {
			continue // ranges throughout: refused, naming the first (parseCell)
		}
		for _, r := range ranges {
			notes = append(notes, fmt.Sprintf("%s:%d: the row%s has %q for %s, not one measured value: that latency read as unmeasured there", g.file, g.lines[r], rowLevelWords(cols, g.rows[r]), cleanCell(cellAt(g.rows[r], i)), cols[i].header))
			g.rows[r][i] = ""
		}
	}
	return notes
}

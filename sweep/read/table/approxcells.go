package table

import "fmt"

// A value written "~197", "≈197" or "about 197" is the source's rounding of
// what the run measured, not a different measurement: a perf engineer reads
// the number and keeps in mind that it was rounded. A rounding of that size
// does not move which level is the knee (the levels' throughputs differ by
// far more than the last digit written), so knee reads it too and says, per
// column, how many cells the source rounded so. A "~" in the load column is
// knee's own mark of a derived concurrency (setRowValue), not counted here.

// approximateCellNotes warn, for each read column other than the load, of
// the cells written as approximations.
func approximateCellNotes(g grid, cols []column) []string {
	var notes []string
	for i, c := range cols {
		if !approxCounted(c) {
			continue
		}
		n, first, line := 0, "", 0
		for r, row := range g.rows {
			cell, cv, ok, err := cellNumber(c, cellAt(row, i))
			if err != nil || !ok || !cv.approx {
				continue
			}
			if n == 0 {
				first, line = cell, g.lines[r]
			}
			n++
		}
		if n > 0 {
			notes = append(notes, fmt.Sprintf("%s:%d: warning: %q (the %s) holds %d %s the source rounded (%q): read as the numbers written; a rounding of that size does not move which level is the knee", g.file, line, c.header, kindWords(c), n, cellsWord(n), first))
		}
	}
	return notes
}

// approxCounted: c is read into the points and is not the load.
func approxCounted(c column) bool {
	switch c.kind {
	case colLatency, colThroughput, colThroughputPerGPU, colRequestRate, colRequestedRate, colDuration:
		return true
	}
	return false
}

func cellsWord(n int) string {
	if n == 1 {
		return "cell"
	}
	return "cells"
}

package table

import (
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// Two rows at one level that state different sizes ("prefill size" 8,192
// and 32,768 at concurrency 1) ran different workloads: averaged as
// repeats they would be neither. When nothing else makes them curves (the
// other levels' rows state no size at all), which size the rest of the
// table ran is not written anywhere, and knee refuses rather than guess.

// sizesApart refuses a table whose rows of one level differ in a column of
// round sizes (powers of two, 64 or more), when no series tells them apart.
func sizesApart(g grid, cols []column, cand []int, load int, ids map[int]bool) error {
	if load < 0 || len(repeatedLevels(g, load)) == 0 {
		return nil
	}
	for _, i := range cand {
		if ids[i] || !differsWithinLevel(g, i, load) || !roundSizes(g, i) {
			continue
		}
		return inputerr.Errorf(g.file, cols[i].header, g.headerLine,
			"rows of one level differ in %q (%s): runs of different sizes, not repeats to average, and the rows that state none do not say which size they ran; delete the rows of the size you do not want",
			cols[i].header, strings.Join(distinctCells(g, i), ", "))
	}
	return nil
}

// roundSizes: every filled value of column i is a whole power of two of 64
// or more, with no unit, two at least: sizes a run was set to (8,192 and
// 32,768 prompt tokens), which no measurement lands on twice.
func roundSizes(g grid, i int) bool {
	return everyNumberCell(g, i, func(cv cellValue) bool {
		v := int64(cv.v)
		return cv.unit == nil && float64(v) == cv.v && v >= 64 && v&(v-1) == 0
	})
}

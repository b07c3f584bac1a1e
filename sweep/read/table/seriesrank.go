package table

import (
	"slices"
	"strconv"
	"strings"
)

// A refusal between curves names first the one a perf engineer would pick,
// and the ambiguity pass reads that one first: the curve with the most load
// levels (a sweep, not a one-row control run beside it), then the one whose
// rows fill the most cells, then the table's order. File order alone would
// name a control run written above the sweep.

// curveSize is what ranks a curve: its distinct load levels, then its
// filled cells.
type curveSize struct {
	levels, filled int
}

// rankCurves orders names by their sizes, largest first; ties keep their
// order.
func rankCurves(names []string, size func(string) curveSize) []string {
	sizes := map[string]curveSize{}
	for _, n := range names {
		sizes[n] = size(n)
	}
	out := slices.Clone(names)
	slices.SortStableFunc(out, func(a, b string) int {
		if sizes[a].levels != sizes[b].levels {
			return sizes[b].levels - sizes[a].levels
		}
		return sizes[b].filled - sizes[a].filled
	})
	return out
}

// rowCurveSize measures the series of rows keyed key: its levels are the
// distinct values of the load column (its rows when there is none), its
// filled cells those not blank.
func rowCurveSize(g grid, keyOf func([]string) string, load int, key string) curveSize {
	var size curveSize
	levels := map[string]bool{}
	for r, row := range g.rows {
		if keyOf(row) != key {
			continue
		}
		levels[levelOf(row, r, load)] = true
		for _, c := range row {
			if !isBlank(c) {
				size.filled++
			}
		}
	}
	size.levels = len(levels)
	return size
}

// columnCurveSize measures the series whose columns are cols: its levels
// are the distinct loads of the rows where one of them holds a value, its
// filled cells theirs.
func columnCurveSize(g grid, cols []int, load int) curveSize {
	var size curveSize
	levels := map[string]bool{}
	for r, row := range g.rows {
		held := false
		for _, i := range cols {
			if !isBlank(cellAt(row, i)) {
				size.filled++
				held = true
			}
		}
		if held {
			levels[levelOf(row, r, load)] = true
		}
	}
	size.levels = len(levels)
	return size
}

// levelOf is row r's load level, or the row itself when the table has no
// load column.
func levelOf(row []string, r, load int) string {
	if load < 0 {
		return "row " + strconv.Itoa(r)
	}
	return strings.ToLower(cellAt(row, load))
}

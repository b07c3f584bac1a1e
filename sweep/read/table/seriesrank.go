package table

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// A refusal between curves names first the one a perf engineer would pick,
// and the ambiguity pass reads that one first: the curve with the most load
// levels (a sweep, not a one-row control run beside it), then the one whose
// rows fill the most cells, then a curve not named as the baseline before
// one that is (baselinename.go), then the table's order. File order alone
// would name a control run written above the sweep.

// curveSize is what ranks a curve: its distinct load levels, then its
// filled cells.
type curveSize struct {
	levels, filled int
}

// rankCurves orders names by their sizes, largest first; ties keep their
// order.
func rankCurves(names []string, size func(string) curveSize) []string {
	return rankCurvesBy(names, size, baselineRank)
}

// rankCurvesBy is rankCurves with base ranking a curve named as a baseline
// after one that is not.
func rankCurvesBy(names []string, size func(string) curveSize, base func(string) int) []string {
	sizes := map[string]curveSize{}
	for _, n := range names {
		sizes[n] = size(n)
	}
	out := slices.Clone(names)
	slices.SortStableFunc(out, func(a, b string) int {
		if d := sizes[a].before(sizes[b]); d != 0 {
			return d
		}
		return base(a) - base(b)
	})
	return out
}

// before compares two curves for a stable sort: negative when a comes
// first (more levels, then more filled cells).
func (a curveSize) before(b curveSize) int {
	if a.levels != b.levels {
		return b.levels - a.levels
	}
	return b.filled - a.filled
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
// are the distinct loads of the rows where one of them holds a measured
// value, its filled cells theirs.
func columnCurveSize(g grid, cols []int, load int) curveSize {
	var size curveSize
	levels := map[string]bool{}
	for r, row := range g.rows {
		held := false
		for _, i := range cols {
			if measured(cellAt(row, i)) {
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

// measured: the cell holds a number, not a remark in its place ("*(not
// measured — see below)*"): a series whose levels a remark fills ran fewer.
func measured(cell string) bool {
	_, ok, err := parseCell(cleanCell(cell))
	return ok && err == nil
}

// levelOf is row r's load level, or the row itself when the table has no
// load column.
func levelOf(row []string, r, load int) string {
	if load < 0 {
		return "row " + strconv.Itoa(r)
	}
	return strings.ToLower(cellAt(row, load))
}

// rankTables orders tables that each read as a sweep (from, read as got) the
// same way: the most levels first, then the most filled cells; it returns
// the tables' indexes in that order.
func rankTables(from []grid, got []*sweep.Sweep) []int {
	sizes := make([]curveSize, len(from))
	order := make([]int, len(from))
	for i, g := range from {
		order[i] = i
		sizes[i].levels = len(got[i].Points)
		for _, row := range g.rows {
			for _, c := range row {
				if !isBlank(c) {
					sizes[i].filled++
				}
			}
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return sizes[a].before(sizes[b]) })
	return order
}

// reorder puts xs in order.
func reorder[T any](xs []T, order []int) []T {
	out := make([]T, len(order))
	for i, j := range order {
		out[i] = xs[j]
	}
	return out
}

// ratioBaselineRank is 1 for a curve a ratio column names, after its first
// word, as what another is measured against ("Speedup-AWQ", "vs FP16"
// beside the arms FP16, AWQ, QUICK; not "zllm / llama", which names its
// subject first): the table is about the arm no ratio names, which a perf engineer
// asks the knee of first. 0 otherwise.
func ratioBaselineRank(cols []column) func(string) int {
	return func(name string) int {
		n := strings.ToLower(strings.TrimSpace(stripMarkup(name)))
		for _, c := range cols {
			if c.kind != colRatio || n == "" {
				continue
			}
			// "zllm / llama" names its subject first: only a name
			// after the first word is what the ratio compares against.
			if at := slices.Index(headerTokens(strings.ToLower(c.header)), n); at > 0 {
				return 1
			}
		}
		return baselineRank(name)
	}
}

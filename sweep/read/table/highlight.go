package table

import (
	"slices"
	"strings"
)

// highlightedFirst orders candidate columns (indices into g) so that those
// the author marked come first: a column whose values are set in bold in
// most rows, or whose header the caption or a heading above the table
// names, is the number the table is about. The order among marked (and
// among unmarked) columns is kept; rankCandidates sorts stably on top.
func highlightedFirst(g grid, idx []int) []int {
	out := slices.Clone(idx)
	slices.SortStableFunc(out, func(a, b int) int { return highlightRank(g, a) - highlightRank(g, b) })
	return out
}

// highlightRank is 0 for a column the author marked, else 1.
func highlightRank(g grid, i int) int {
	if boldValues(g, i) || namedAbove(g, i) {
		return 0
	}
	return 1
}

// boldValues: more than half the column's non-empty cells are bold.
func boldValues(g grid, i int) bool {
	bold, cells := 0, 0
	for _, row := range g.rows {
		if i >= len(row) || stripMarkup(row[i]) == "" {
			continue
		}
		c := strings.TrimSpace(row[i])
		if c == "" {
			continue
		}
		cells++
		if len(c) > 4 && (strings.HasPrefix(c, "**") && strings.HasSuffix(c, "**") || strings.HasPrefix(c, "__") && strings.HasSuffix(c, "__")) {
			bold++
		}
	}
	return cells > 0 && 2*bold > cells
}

// namedAbove: the caption or a heading above the table names the header.
func namedAbove(g grid, i int) bool {
	if i >= len(g.header) {
		return false
	}
	h := strings.ToLower(stripMarkup(g.header[i]))
	if len(h) < 4 {
		return false
	}
	above := strings.ToLower(g.caption + "\n" + strings.Join(g.title, "\n"))
	return strings.Contains(above, h)
}

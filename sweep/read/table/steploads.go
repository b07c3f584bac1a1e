package table

import (
	"fmt"
	"strconv"
	"strings"
)

// A load is a column whose values step up row by row (1, 2, 4, 8 … or 64,
// 128 …) while the others respond, whatever its header says: "BS & TPS",
// "N", "Runs" or a word in a language knee has no vocabulary for. Knee
// does not take such a column for the load on its own (an input length
// steps up the same way), but a refusal for want of a load names it first,
// as the one a perf engineer would try.

// steppingLoadHint names the first unread column whose cells step up as a
// load ladder does; "" when none does.
func steppingLoadHint(g grid, cols []column) string {
	for i, c := range cols {
		if c.kind != colIgnore || (c.why != "" && c.why != whyNotRead) || rowNumberHeader(g.header[i]) || countsRows(g, i) {
			continue
		}
		if levels, ok := steppingLevels(g, i); ok {
			return fmt.Sprintf("; %q steps up row by row as a load does (%s): if it is the level, say so with --column concurrency=%q", g.header[i], levels, g.header[i])
		}
	}
	return ""
}

// steppingLevels: column i holds a positive whole number in every row,
// never falling, with three distinct values at least and the largest at
// least four times the smallest (a ladder, not a few repeats); the values
// as a perf engineer quotes them ("1, 2, 4 … 64").
func steppingLevels(g grid, i int) (string, bool) {
	var vals []int
	for _, row := range g.rows {
		n, err := strconv.Atoi(strings.Trim(strings.TrimSpace(cellAt(row, i)), "*_ "))
		if err != nil || n <= 0 || len(vals) > 0 && n < vals[len(vals)-1] {
			return "", false
		}
		if len(vals) == 0 || n != vals[len(vals)-1] {
			vals = append(vals, n)
		}
	}
	if len(vals) < 3 || vals[len(vals)-1] < 4*vals[0] {
		return "", false
	}
	return fmt.Sprintf("%d, %d, %d … %d", vals[0], vals[1], vals[2], vals[len(vals)-1]), true
}

package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// A column of run ids ("BENCH-CODER-001", "BENCH-CODER-005 (TTFT,
// streaming)"), one per row, keys no curves: each would hold one point,
// and one point shows no knee. Where two of its rows share a level they
// are not repeats either, as far as the table says: runs named apart may
// be other workloads (a streaming TTFT case, a self-test) beside the
// sweep's. knee cannot tell which rows form the sweep, and says so rather
// than answer a curve per row or average other runs into the level.

// runsNamedApart refuses a key made only of run ids under which every row
// is a curve of its own while some level holds two rows or more; nil
// otherwise.
func runsNamedApart(g grid, cols []column, series []int, ids map[int]bool, load int, keyOf func([]string) string) error {
	if load < 0 || len(series) == 0 {
		return nil
	}
	for _, i := range series {
		if !ids[i] {
			return nil
		}
	}
	if _, counts := seriesKeys(g, keyOf); len(counts) != len(g.rows) {
		return nil
	}
	repeated := repeatedLevels(g, load)
	for _, first := range g.rows {
		lvl := cellAt(first, load)
		if !repeated[lvl] {
			continue
		}
		var names []string
		line := 0
		for ri, row := range g.rows {
			if cellAt(row, load) != lvl {
				continue
			}
			names = append(names, fmt.Sprintf("%q", keyOf(row)))
			if line == 0 {
				line = g.lines[ri]
			}
		}
		return inputerr.Errorf(g.file, cols[series[0]].header, line, "the rows at %s %s are runs named apart (%s): one row per name, so no name is a curve, and knee cannot tell repeats of one run from other runs beside the sweep; delete the rows that are not the sweep's (or make their names one)",
			cols[load].header, lvl, strings.Join(names, ", "))
	}
	return nil
}

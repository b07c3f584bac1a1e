package table

import (
	"fmt"
	"strings"
)

// A table of configurations often describes each row before its levels:
// "Konfiguration | VRAM | Kontext je Slot | 1 Strom | 2 Ströme | 3 Ströme",
// one row per server setting, the memory it took and the context each slot
// gets, then the node's rate at each level. The columns between the row's
// name and the levels say what the configuration is, not what it measured:
// a perf engineer reads the levels and keeps the row's name as the curve's.
// They are dropped when each names nothing knee reads as a measurement (a
// memory size, a context length, a remark) and every header after them
// names a level; a column knee reads (a GPU count, a latency, a rate) keeps
// the table as it is.

// configKinds are the kinds of a column that describes a configuration.
var configKinds = map[colKind]bool{colIgnore: true, colWorkload: true, colSeriesLabel: true, colNote: true, colModel: true, colAccelerator: true, colLeaf: true}

// dropConfigColumns returns g with its first column and the columns from
// its first level on, dropping the columns describing each row between
// them, and a note; false when the headers are not so. Columns after the
// levels (a "Ceiling" per row) are left to dropSummaryColumns.
func dropConfigColumns(g grid) (grid, string, bool) {
	start := firstLevels(g.header)
	if start < 2 || start >= len(g.header) {
		return g, "", false
	}
	for _, h := range g.header[1:start] {
		if !configKinds[classify(h).kind] {
			return g, "", false
		}
	}
	t := g
	t.rows = nil
	t.header = append([]string{g.header[0]}, g.header[start:]...)
	for _, row := range g.rows {
		if len(row) <= start {
			t.rows = append(t.rows, row[:min(len(row), 1)])
			continue
		}
		t.rows = append(t.rows, append([]string{row[0]}, row[start:]...))
	}
	note := fmt.Sprintf("%s:%d: %s describe each row's configuration, not a level: not read; the levels are the columns after them", g.file, g.headerLine, andQuoted(g.header[1:start]))
	return t, note, true
}

// firstLevels is the first column of the first run of two or more alike
// level headers (len(header) when there is none).
func firstLevels(header []string) int {
	for start := 1; start+1 < len(header); start++ {
		if _, _, ok := levelHeaders(header[start : start+2]); ok {
			return start
		}
	}
	return len(header)
}

// dropLevelNeighbours drops the columns beside a transposed table's levels
// that are no level: columns describing each row's configuration before
// them, then a summary of each row's levels or remarks after them
// (widelevels.go). ok when the levels are all that is left.
func dropLevelNeighbours(g grid) (grid, string, bool) {
	t, note, cut := dropConfigColumns(g)
	if _, _, ok := levelHeaders(t.header[1:]); ok && cut {
		return t, note, true
	}
	t2, note2, ok := dropSummaryColumns(t)
	if !ok {
		return g, "", false
	}
	return t2, strings.TrimPrefix(note+"; "+note2, "; "), true
}

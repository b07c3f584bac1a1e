package table

import (
	"fmt"
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

// dropConfigColumns returns g with only its first column and the levels
// after the columns describing each row, and a note; false when the
// headers are not so.
func dropConfigColumns(g grid) (grid, string, bool) {
	start := trailingLevels(g.header)
	if start < 2 || len(g.header)-start < 2 {
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

// trailingLevels is the first column of the run of level headers that ends
// the header (len(header) when the last names no level).
func trailingLevels(header []string) int {
	start := len(header)
	for start > 1 {
		if _, _, ok := levelHeaders(header[start-1 : start]); !ok {
			break
		}
		start--
	}
	if _, _, ok := levelHeaders(header[start:]); !ok {
		return len(header) // one level header each, but not alike
	}
	return start
}

// dropLevelNeighbours drops the columns beside a transposed table's levels
// that are no level: a summary of each row's levels (widelevels.go), or
// columns describing each row's configuration before them.
func dropLevelNeighbours(g grid) (grid, string, bool) {
	if t, note, ok := dropSummaryColumns(g); ok {
		return t, note, true
	}
	return dropConfigColumns(g)
}

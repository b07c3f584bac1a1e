package table

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A run's name often ends with its load ("short-512x256-c8",
// "autoround-int4_tp4_aggregate_c64") beside a load column that says the
// same. The name without that ending is the curve the row belongs to (one
// name, many levels); with it, every row is a curve of its own. Where a
// label column's endings equal the row's load on every row that has one
// (two rows at least, two loads), the endings are dropped, and a link's
// address with them (each run's page differs): what is left names the
// series. A row whose name has no such ending (a "single_stream" run)
// keeps its name: it is a curve apart.

// loadEnding is a name, a separator and a load marker with its number.
var loadEnding = regexp.MustCompile(`(?i)^(.*?[^-_\s])[-_\s]+(?:c|conc|concurrency|users?|clients?|bs|batch)[-_=:]?(\d+)$`)

// mdLink is a markdown link as a whole cell: its text.
var mdLink = regexp.MustCompile(`^\[([^\]]+)\]\([^)]*\)$`)

// dropLabelLoads rewrites such label columns, with a note for each.
func dropLabelLoads(g *grid) []string {
	load := loadColumn(classifyAll(g.header))
	if load < 0 {
		return nil
	}
	var notes []string
	for i := range g.header {
		if i == load || !labelRepeatsLoad(*g, i, load) {
			continue
		}
		example := ""
		for _, row := range g.rows {
			if i >= len(row) {
				continue
			}
			name, _, ok := nameAndLoad(row[i])
			if ok && example == "" {
				example = cleanCell(row[i])
			}
			row[i] = name
		}
		notes = append(notes, fmt.Sprintf("%s: the names in %q end with the row's %q (%q): read without it, as the name of the curve", g.file, g.header[i], g.header[load], example))
	}
	return notes
}

// nameAndLoad splits a label cell into its name (a link's text) without a
// load ending, and the ending's number; ok false when it has none.
func nameAndLoad(cell string) (name string, n float64, ok bool) {
	name = cleanCell(cell)
	if m := mdLink.FindStringSubmatch(name); m != nil {
		name = strings.TrimSpace(m[1])
	}
	m := loadEnding.FindStringSubmatch(name)
	if m == nil {
		return name, 0, false
	}
	v, err := strconv.ParseFloat(m[2], 64)
	return m[1], v, err == nil
}

// labelRepeatsLoad: every load ending of column i equals the row's load,
// on two rows or more, of two loads or more.
func labelRepeatsLoad(g grid, i, load int) bool {
	loads := map[float64]bool{}
	n := 0
	for _, row := range g.rows {
		_, v, ok := nameAndLoad(cellAt(row, i))
		if !ok {
			continue
		}
		if l, okL := positiveCell(row, load); !okL || l != v {
			return false
		}
		loads[v] = true
		n++
	}
	return n >= 2 && len(loads) >= 2
}

package table

import (
	"sort"
	"strings"
)

// cellTimeUnits finds the latency columns whose header states no unit but
// whose every cell writes its own ("0.1136 s", "11.68 / 13.91 ms"): those
// cells are read by their units (cellFactor), and the reading note must say
// so rather than "ms assumed", which would send a reader checking the
// table to the wrong factor.
func (r *resolved) cellTimeUnits(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colLatency || c.stated {
			continue
		}
		c.cellUnits = cellsTimeUnits(g, i)
	}
}

// cellsTimeUnits names the time units column i's cells write ("ms and s"),
// or "" unless every number in it carries one.
func cellsTimeUnits(g grid, i int) string {
	seen := map[string]bool{}
	n := 0
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err != nil || !ok {
			continue
		}
		if cv.unit == nil || cv.unit.dim != dimTime {
			return ""
		}
		seen[cv.unit.name] = true
		n++
	}
	if n == 0 {
		return ""
	}
	names := make([]string, 0, len(seen))
	for u := range seen {
		names = append(names, u)
	}
	sort.Strings(names)
	return strings.Join(names, " and ")
}

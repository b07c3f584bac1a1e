package read

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
		seen := map[string]bool{}
		n := 0
		for _, row := range g.rows {
			cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
			if err != nil || !ok {
				continue
			}
			if cv.unit == nil || cv.unit.dim != dimTime {
				n = 0
				break
			}
			seen[cv.unit.name] = true
			n++
		}
		if n == 0 {
			continue
		}
		names := make([]string, 0, len(seen))
		for u := range seen {
			names = append(names, u)
		}
		sort.Strings(names)
		c.cellUnits = strings.Join(names, " and ")
	}
}

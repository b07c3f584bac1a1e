package table

import (
	"fmt"
	"strings"
)

// A comparison may put its metric in the corner cell and its levels in the
// row labels, a column per arm:
//
//	| Throughput | Before PR | Phase 1 | Phase 2 |
//	| batch 1    | 376.3     | 376.6   | 377.4   |
//	| batch 8    | 1683.8    | 1749.7  | 1810.2  |
//
// The corner names what every cell holds, not the labels under it: once
// the labels give the load (labelloads.go), each arm's column is that
// metric of its arm ("Before PR Throughput"), and the curves are the arms.

// cornerNamesMetric: column i is the first, its header names a token rate
// or a latency, its cells are words, and every other column's header names
// nothing but an arm.
func cornerNamesMetric(g grid, i int) bool {
	if i != 0 || len(g.header) < 3 || !textColumn(g, i) {
		return false
	}
	switch classify(g.header[i]).kind {
	case colThroughput, colOtherTokRate, colLatency:
	default:
		return false
	}
	for _, h := range g.header[1:] {
		if !namesSystem(classify(h)) {
			return false
		}
	}
	return true
}

// nameByCorner names each arm's column by the corner's metric and leaves
// the label column, now holding what the labels said besides the load, as
// labels.
func nameByCorner(g *grid, i int, corner string) string {
	var named []string
	for j, h := range g.header {
		if j == i || j == len(g.header)-1 {
			continue
		}
		g.header[j] = strings.TrimSpace(h) + " " + corner
		named = append(named, g.header[j])
	}
	g.header[i] = "label"
	return fmt.Sprintf("%s: the corner %q names what the cells hold: read as %s", g.file, corner, quoteAll(named))
}

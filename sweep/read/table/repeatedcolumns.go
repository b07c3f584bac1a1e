package table

import "strings"

// Tables published one metric each often repeat the run's facts beside the
// load (its duration, the requests sent, a GPU's temperature or memory):
// the same header over the same cells in every table is one quantity
// written twice, not a metric both tables hold, so it is read once and
// does not keep the tables apart. The same header over other cells is
// still two quantities (two runs), which disjointMetrics refuses.

// dropRepeatedColumns removes from each later part the columns an earlier
// part of the group already holds, header and cells alike.
func dropRepeatedColumns(parts []splitPart) {
	for pi := 1; pi < len(parts); pi++ {
		p := &parts[pi]
		var keep []int
		var headers []string
		for k, i := range p.keep {
			if !heldBefore(parts[:pi], p.headers[k], columnCells(p.g, i)) {
				keep = append(keep, i)
				headers = append(headers, p.headers[k])
			}
		}
		p.keep, p.headers = keep, headers
	}
}

// heldBefore: one of parts keeps a column under header with these cells.
func heldBefore(parts []splitPart, header string, cells []string) bool {
	for _, q := range parts {
		for k, i := range q.keep {
			if strings.EqualFold(strings.TrimSpace(q.headers[k]), strings.TrimSpace(header)) && equalStrings(columnCells(q.g, i), cells) {
				return true
			}
		}
	}
	return false
}

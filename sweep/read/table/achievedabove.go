package table

import "fmt"

// A count of requests in flight cannot exceed the requests the client keeps
// in flight: a column read as the concurrency achieved that holds more than
// its row's level ("client mean pure": 12.7 at one request) counts
// something else, a rate or a mean whose header names no unit, and is
// not read as a concurrency. The slack allows a mean taken over the run's
// edges and a rounded cell.

// maxAchievedOver is how far above its level an achieved concurrency may
// read.
const maxAchievedOver = 0.1

// achievedAboveLevel leaves unread each achieved-concurrency column that
// exceeds the configured level on some row.
func (r *resolved) achievedAboveLevel(g grid) {
	load := r.firstOfKinds(colConcurrency)
	if load < 0 {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colAchieved {
			continue
		}
		for _, row := range g.rows {
			l, okL := positiveCell(row, load)
			v, okV := positiveCell(row, i)
			if okL && okV && v > l*(1+maxAchievedOver)+0.5 {
				c.kind, c.why = colIgnore, fmt.Sprintf("it exceeds %q (%s at %s): no count of requests in flight", r.cols[load].header, cleanCell(cellAt(row, i)), cleanCell(cellAt(row, load)))
				break
			}
		}
	}
}

package table

import "fmt"

// A latency of zero on every row is no measurement: the client could not
// time it (a benchmark behind a disaggregated router that cannot tell the
// prefill's first token from the decode's reports TTFT and ITL as 0), and
// read as one it would make every level's requests start at once.

// zeroLatencies leaves unread each latency column whose every value is 0.
func (r *resolved) zeroLatencies(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colLatency || !everyFilledCell(g, i, cleanCell, isZero) {
			continue
		}
		c.kind, c.why = colIgnore, "0 on every row: no measurement"
		r.notes = append(r.notes, fmt.Sprintf("%s: %q is 0 on every row: a latency the client did not measure, not read", g.file, c.header))
	}
}

func isZero(c string) bool {
	cv, ok, err := parseCell(c)
	return ok && err == nil && cv.v == 0
}

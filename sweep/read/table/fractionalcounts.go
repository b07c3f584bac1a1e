package table

import (
	"fmt"
	"math"
)

// A count of requests or failures is whole on every row: a column the
// header's words make one ("prediction_absolute_error", "errors") that holds
// a fraction on some row (0.0082) is a measure of something else (an
// error's size, a share), not a count. It is left unread with a note
// rather than refusing the table over a column outside the answer.
func (r *resolved) fractionalCounts(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colRequests && c.kind != colFailures {
			continue
		}
		if f, ok := firstFraction(g, i); ok {
			c.kind, c.flavor = colIgnore, ""
			c.why = fmt.Sprintf("holds fractions (%s): no count", f)
			r.notes = append(r.notes, fmt.Sprintf("%s: %q is not read as a count: it holds fractions (%s)", g.file, c.header, f))
		}
	}
}

// firstFraction is column i's first cell that is a number but not a whole
// one, as written.
func firstFraction(g grid, i int) (string, bool) {
	for _, row := range g.rows {
		cell := cleanCell(cellAt(row, i))
		v, ok, err := parseCell(cell)
		if ok && err == nil && v.unit == nil && v.v != math.Trunc(v.v) {
			return cell, true
		}
	}
	return "", false
}

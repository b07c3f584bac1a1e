package table

import "fmt"

// A load is set before the run: every level has one. Of two columns read
// as the load, one holding a value on every row and the other missing some
// (NaN, blank: "representative_batch_size" 1, 1, NaN, 4, 8 beside
// "num_concurrent_requests" 1, 2, 4, 8, 16) is the load; the other was
// measured during the run (a batch the server happened to form) and can be
// missing where the measurement was. With both complete, or both gappy,
// nothing is decided here.

// keepCompleteLoad leaves the one complete candidate as the load and the
// others unread, with why; false when not exactly one is complete.
func (r *resolved) keepCompleteLoad(g grid, idx []int) bool {
	return r.keepTheOne(idx, func(i int) bool { return everyRowHolds(g, i) }, func(kept string) string {
		return fmt.Sprintf("a measurement, not the load: it has no value at some rows, where %q, set before each run, has one at every row", kept)
	})
}

// everyRowHolds: column i holds a positive number on every row.
func everyRowHolds(g grid, i int) bool {
	for _, row := range g.rows {
		if _, ok := positiveCell(row, i); !ok {
			return false
		}
	}
	return len(g.rows) > 0
}

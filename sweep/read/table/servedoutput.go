package table

import "fmt"

// guidellm prints "Out Tok/sec" mean beside "Tot Tok/sec" mean: both means
// over the run's time, the first the node's output rate. Read by the words
// alone, a mean beside a total is one stream's average and the total their
// sum (totalInContext); the served request rate says which it is. The
// node's output rate is req/s × the output tokens each request gets, so a
// mean column that is the served req/s × the output length the text states,
// on every row, at loads of several streams (where one stream's average
// would be a fraction of it), is the node's rate, and the total beside it
// is another rate.

// minStreamsToTell is the load from which one stream's average falls out
// of outputShare of the node's rate.
const minStreamsToTell = 3

// meanIsNodeRate: column i is a request rate column's req/s × the stated
// output length on every row that has them, two rows of several streams
// at least; it says which.
func (r *resolved) meanIsNodeRate(g grid, i int) (string, bool) {
	load := r.firstOfKinds(colConcurrency, colAchieved)
	length, _ := statedOutputLength(g)
	if load < 0 || length <= 0 {
		return "", false
	}
	for _, rate := range kindIndexes(r.cols, colRequestRate) {
		if r.rateTimesLength(g, i, rate, load, float64(length)) {
			return fmt.Sprintf("%q × the %d output tokens per request the text states", r.cols[rate].header, length), true
		}
	}
	return "", false
}

// rateTimesLength: column i over rate × length lies within outputShare on
// every row where both are numbers, two of them at a load of several
// streams.
func (r *resolved) rateTimesLength(g grid, i, rate, load int, length float64) bool {
	several := 0
	for _, row := range g.rows {
		x, okX, errX := readValue(r.cols[i], cellAt(row, i))
		q, okQ, errQ := readValue(r.cols[rate], cellAt(row, rate))
		n, okN := positiveCell(row, load)
		if errX != nil || errQ != nil || !okX || !okQ || !okN || q.v <= 0 {
			continue
		}
		if share := x.v / (q.v * length); share < outputShare[0] || share > outputShare[1] {
			return false
		}
		if n >= minStreamsToTell {
			several++
		}
	}
	return several >= 2
}

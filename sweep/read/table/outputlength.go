package table

import (
	"fmt"
	"strings"
)

// Tokens per request tie the request rate to the token rate: the node's
// output tok/s is the served req/s times the output tokens each request
// gets. Of two columns read as the throughput, the one that is req/s ×
// the output length on every row is the output rate; one that is not (an
// input + output total, a prefill rate) is another rate, whatever its
// header says.

// outputShare bounds a column's tok/s over req/s × the stated output
// length for it to be the output rate: requests may stop before their
// length (EOS), never run past it beyond rounding.
var outputShare = [2]float64{0.5, 1.1}

// outputRateByLength keeps, of several throughput candidates, the one
// that req/s × output length gives, when exactly one does.
func (r *resolved) outputRateByLength(g grid) {
	rate, length := r.firstOfKinds(colRequestRate), r.outputLengthColumn()
	if rate < 0 || length < 0 {
		return
	}
	var cands, fits []int
	for i, c := range r.cols {
		if c.kind != colThroughput {
			continue
		}
		cands = append(cands, i)
		if r.lengthTimesRate(g, i, rate, length) {
			fits = append(fits, i)
		}
	}
	if len(cands) < 2 || len(fits) != 1 {
		return
	}
	keep := r.cols[fits[0]].header
	var dropped []string
	for _, i := range cands {
		if i == fits[0] {
			continue
		}
		c := &r.cols[i]
		c.kind, c.why = colOtherTokRate, fmt.Sprintf("not %q × %q: not the output rate", r.cols[rate].header, r.cols[length].header)
		dropped = append(dropped, fmt.Sprintf("%q", c.header))
	}
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the output throughput: on every row it is %q × %q (the output tokens per request), which %s is not",
		g.file, keep, r.cols[rate].header, r.cols[length].header, strings.Join(dropped, ", ")))
}

// outputLengthColumn is the first workload column naming the output
// length (output tokens, OSL); -1 when none.
func (r *resolved) outputLengthColumn() int {
	for i, c := range r.cols {
		w := wordset(headerTokens(c.header))
		if c.kind == colWorkload && w.has("output", "osl", "generated", "completion") && !w.has("input", "isl", "prompt") {
			return i
		}
	}
	return -1
}

// lengthTimesRate: column i over rate × length lies within outputShare on
// every row where all three are numbers, two rows at least.
func (r *resolved) lengthTimesRate(g grid, i, rate, length int) bool {
	n := 0
	for _, row := range g.rows {
		x, okX, errX := readValue(r.cols[i], cellAt(row, i))
		q, okQ, errQ := readValue(r.cols[rate], cellAt(row, rate))
		l, okL := positiveCell(row, length)
		if errX != nil || errQ != nil || !okX || !okQ || !okL || q.v <= 0 {
			continue
		}
		share := x.v / (q.v * l)
		if share < outputShare[0] || share > outputShare[1] {
			return false
		}
		n++
	}
	return n >= 2
}

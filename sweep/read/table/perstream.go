package table

import (
	"fmt"
	"math"
)

// perStreamRates tells a per-stream token rate from the node's by how they
// move with the load, whatever the headers say: the node's rate is the
// stream's times the requests in flight. Of two columns read as the
// throughput, one that is the other divided by the concurrency on every
// row (and the load exceeds one somewhere, where the two would be equal
// anyway) is the per-stream rate, and is not the node's.
func (r *resolved) perStreamRates(g grid) {
	load := r.firstOfKinds(colConcurrency)
	if load < 0 {
		return
	}
	var rates []int
	for i, c := range r.cols {
		if c.kind == colThroughput {
			rates = append(rates, i)
		}
	}
	if len(rates) != 2 {
		return
	}
	for _, p := range [][2]int{{rates[0], rates[1]}, {rates[1], rates[0]}} {
		stream, node := p[0], p[1]
		if timesLoad(g, load, stream, node) {
			c := &r.cols[stream]
			c.kind, c.why = colPerUser, fmt.Sprintf("a per-stream rate: times the concurrency it is %q", r.cols[node].header)
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as a per-stream rate, not the node's: on every row it is %q divided by the concurrency", g.file, c.header, r.cols[node].header))
			return
		}
	}
}

// timesLoad: column node ≈ column stream × the load on every row where all
// three are numbers, within maxStreamGap, with at least two such rows and
// a load above one among them.
func timesLoad(g grid, load, stream, node int) bool {
	n, above := 0, false
	for _, row := range g.rows {
		c, okC := positiveCell(row, load)
		s, okS := positiveCell(row, stream)
		x, okX := positiveCell(row, node)
		if !okC || !okS || !okX {
			continue
		}
		if math.Abs(s*c-x)/x > maxStreamGap {
			return false
		}
		n++
		above = above || c > 1
	}
	return n >= 2 && above
}

package table

import (
	"fmt"
	"math"
)

// One stream's rate cannot grow with the number of streams: each added
// request shares the node, so a stream's rate stays flat at best and falls
// as the node saturates. A column the words call one stream's ("Client
// tok/s": per client, or the client side's count?) that grows with the
// load in proportion to it, doubling as the concurrency doubles, is the
// node's rate by its physics, whatever the word meant. It becomes a
// candidate for the throughput, beside any other the table holds, and the
// ambiguity pass decides between them (refusing where the choice changes
// the answer).

// minRisingElasticity is the least elasticity to the load, from the lowest
// level to the highest, of a column that grows as the node's rate does
// while the node still scales: one stream's rate has none.
const minRisingElasticity = 0.8

// risingPerUser reads as throughput candidates the per-stream columns that
// grow in proportion to the concurrency.
func (r *resolved) risingPerUser(g grid) {
	load := r.firstOfKinds(colConcurrency)
	if load < 0 {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colPerUser || !growsWithLoad(g, load, *c, i) {
			continue
		}
		c.kind, c.why = colThroughput, ""
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as a rate of the node, not one stream's: it grows in proportion to %q, and one stream's rate cannot grow with the streams beside it", g.file, c.header, r.cols[load].header))
	}
}

// growsWithLoad: column i, at four levels or more, rises with the load at
// every step, by an elasticity of minRisingElasticity or more from the
// lowest level to the highest.
func growsWithLoad(g grid, load int, c column, i int) bool {
	var xs, ys []float64
	for _, row := range g.rows {
		x, okx := positiveCell(row, load)
		v, ok, err := readValue(c, cellAt(row, i))
		if !okx || !ok || err != nil || v.v <= 0 {
			continue
		}
		if len(xs) > 0 && (x <= xs[len(xs)-1] || v.v <= ys[len(ys)-1]) {
			return false // one curve, rising at every step
		}
		xs, ys = append(xs, x), append(ys, v.v)
	}
	if len(xs) < 4 {
		return false
	}
	return elasticity(xs[0], ys[0], xs[len(xs)-1], ys[len(ys)-1]) >= minRisingElasticity
}

// elasticity is d ln y / d ln x between two points.
func elasticity(x0, y0, x1, y1 float64) float64 {
	return math.Log(y1/y0) / math.Log(x1/x0)
}

package table

import (
	"fmt"
	"math"
)

// A token rate that is, on every row, an input rate plus an output rate
// beside it ("per_replica_tps" = "prefill_tps" + "decode_tps") counts the
// prompt tokens too: it is the run's total, input + output, whatever its
// header calls it, and the output rate beside it is the node's.

// inputPlusOutputRates reads each node-rate candidate that is such a sum
// as input + output.
func (r *resolved) inputPlusOutputRates(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colThroughput || r.picked["throughput"] == HeaderKey(c.header) {
			continue
		}
		in, out, ok := r.sumParts(g, i)
		if !ok {
			continue
		}
		c.kind, c.flavor, c.why = colOtherTokRate, "total", fmt.Sprintf("input + output tokens: on every row it is %q + %q", r.cols[in].header, r.cols[out].header)
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as input + output tokens, not the node's output rate: on every row it is %q + %q", g.file, c.header, r.cols[in].header, r.cols[out].header))
	}
}

// sumParts finds an input rate and another output-rate candidate whose
// sum is column t on every row, three rows or more.
func (r *resolved) sumParts(g grid, t int) (in, out int, ok bool) {
	for a, ca := range r.cols {
		if ca.kind != colOtherTokRate || ca.why != whyInputRate {
			continue
		}
		for b, cb := range r.cols {
			if b == t || cb.kind != colThroughput || cb.unit != r.cols[t].unit || ca.unit != cb.unit {
				continue
			}
			if sumOnEveryRow(g, t, a, b) {
				return a, b, true
			}
		}
	}
	return 0, 0, false
}

// sumOnEveryRow: column t is a + b on every row where all three read, to
// the rounding of printed values, on three rows or more and on more rows
// than it leaves unread (a cell of two replicas' rates, "667 / 693", reads
// as no one number).
func sumOnEveryRow(g grid, t, a, b int) bool {
	vals, unread := cellTriples(g, t, a, b)
	if len(vals) < 3 || unread > len(vals) {
		return false
	}
	for _, v := range vals {
		if math.Abs(v[0]-(v[1]+v[2])) > 1+0.002*v[0] {
			return false
		}
	}
	return true
}

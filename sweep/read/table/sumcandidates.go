package table

import (
	"fmt"
	"math"
)

// Two replicas' rates beside the node's ("replica_a_tok_s", "replica_b_tok_s",
// "node_tok_s") are three token rates of one level, but not three
// readings of one: on every row one is the sum of the others, the whole
// of which they are parts. A perf engineer reads the whole as the node's
// rate by that relation, whatever the headers say, and the parts as its
// shares; the choice is no ambiguity.

// sumTolerance is how far a printed sum may miss its printed parts: each
// part rounded to its last digit, and a few tenths of a percent.
const sumTolerance = 0.003

// keepTheSum leaves read the candidate of idx that equals the sum of all
// the others on every row (three rows or more, every cell a number);
// false when none does. idx index g's columns.
func (r *resolved) keepTheSum(g grid, idx []int) bool {
	if len(idx) < 3 {
		return false // two columns: a sum of one part is a copy, not a whole
	}
	for _, whole := range idx {
		if sumOfOthers(g, whole, idx) {
			return r.keepTheOne(idx, func(i int) bool { return i == whole }, func(kept string) string {
				return fmt.Sprintf("a part of %s, which is the sum of its parts on every row", kept)
			})
		}
	}
	return false
}

// sumOfOthers: on every row of g, column whole holds the sum of the other
// columns of idx.
func sumOfOthers(g grid, whole int, idx []int) bool {
	if len(g.rows) < 3 {
		return false
	}
	for _, row := range g.rows {
		w, ok := numberAt(row, whole)
		if !ok || w <= 0 {
			return false
		}
		sum := 0.0
		for _, i := range idx {
			if i == whole {
				continue
			}
			v, ok := numberAt(row, i)
			if !ok || v <= 0 {
				return false
			}
			sum += v
		}
		if math.Abs(sum-w) > sumTolerance*w+0.02*float64(len(idx)-1) {
			return false
		}
	}
	return true
}

package table

import "fmt"

// A level per GPU is the node's level ÷ its GPUs: never above it. A
// column whose words name only "per GPU" (no load word: no concurrency,
// users, batch) and whose number is the node's throughput ÷ one whole
// number on every row is the throughput per GPU, with that number the GPU
// count: a share of the throughput, measured, that moves with it and not
// with the level. Read as a load it would put a level of thousands where
// the table set tens.

// shareTolerance is the rounding a per-GPU figure printed to a few digits
// leaves in throughput ÷ it.
const shareTolerance = 0.01

// perGPUThroughputShare turns a bare "per GPU" load into the throughput per
// GPU when its values are the throughput ÷ a whole number on every row.
func (r *resolved) perGPUThroughputShare(g grid) {
	tput, ok := onlyIndex(r.cols, func(c column) bool { return c.kind == colThroughput })
	if !ok {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colPerGPU || wordset(headerTokens(c.header)).has(loadWords...) {
			continue
		}
		n := wholeMultiple(g, r.cols, tput, i, withinShare)
		if n == 0 {
			continue
		}
		c.kind, c.flavor, c.unit, c.stated = colThroughputPerGPU, "", r.cols[tput].unit, r.cols[tput].stated
		c.unitFrom = fmt.Sprintf("throughput it divides (%q)", r.cols[tput].header)
		r.notes = append(r.notes, fmt.Sprintf("%s: %q is %q ÷ %d on every row: the throughput per GPU, not a level per GPU", g.file, c.header, r.cols[tput].header, n))
	}
}

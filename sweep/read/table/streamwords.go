package table

import "fmt"

// A header's words can name the per-stream rate and the node's the wrong
// way round: a pair cell "556.2 / 73.9" under "tok/s (per-stream /
// aggregate)" writes the node's rate first. The physics settles it as it
// does between two throughput columns (perstream.go): the column whose
// values times the load give the other's is the per-stream one. Where the
// column the words call per-stream is, by that, the node's rate of the one
// they call the node's, the two are swapped, with a note; where the physics
// says nothing (one level, rates that fit neither way) the words stand.

// swappedStreamWords swaps a per-stream column with the throughput column
// that is, by node ≈ per-stream × load, its stream.
func (r *resolved) swappedStreamWords(g grid) {
	load := r.firstOfKinds(colConcurrency)
	if load < 0 {
		return
	}
	for p := range r.cols {
		if r.cols[p].kind != colPerUser {
			continue
		}
		for n := range r.cols {
			if r.cols[n].kind != colThroughput || !streamOf(g, load, r.cols[n], r.cols[p], n, p) || streamOf(g, load, r.cols[p], r.cols[n], p, n) {
				continue
			}
			stream, node := &r.cols[n], &r.cols[p]
			node.kind, node.why = colThroughput, ""
			stream.kind, stream.why = colPerUser, fmt.Sprintf("a per-stream rate: times the concurrency it is %q", node.header)
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the node's rate and %q as a per-stream rate, though the header's words say the other way round: on every row %q is %q times the concurrency", g.file, node.header, stream.header, node.header, stream.header))
			break
		}
	}
}

package table

// A stream's rate beside the node's in a table of curves stacked one under
// the other (a prompt length per block, each with its levels 1, 2, 4, 6):
// streamOf judges all rows at once, and where long prompts make the node's
// rate a small share of the streams' sum (each request's prefill counts in
// the node's rate, not in a stream's decode speed), no one band holds every
// row. Each curve still shows it, as a perf engineer reads it: the stream's
// rate falls at every level of every curve, from one or two streams on
// threefold in one of them at least, the node's does not fall so in any,
// and the node's never exceeds the streams' sum.

// streamFallsInEveryCurve: column s is a stream's rate of column n so.
func (r *resolved) streamFallsInEveryCurve(g grid, s, n int) bool {
	load := r.firstOfKinds(colConcurrency)
	if load < 0 || tokensNoTime(r.cols[s].header) || tokensNoTime(r.cols[n].header) {
		return false // "mJ/tok" falls too, and is no rate (tokencounts.go)
	}
	fromOne := false
	for _, b := range climbingBlocks(g, load) {
		bg := grid{rows: b}
		pts := readStreamPoints(bg, columnInFlight(load), r.cols[s], r.cols[n], s, n)
		if len(pts) != len(b) || !pts.fallingStreamsUnderSum() || fallsFromOneStream(bg, load, n) {
			return false
		}
		fromOne = fromOne || fallsFromOneStream(bg, load, s)
	}
	return fromOne
}

// fallingStreamsUnderSum: the stream rate falls at every point (in the
// rows' order, the load rising) and the node's rate is never above the
// streams' sum.
func (pts streamPoints) fallingStreamsUnderSum() bool {
	for k, p := range pts {
		if p.node > (1+maxStreamGap)*p.stream*p.load || k > 0 && p.stream >= pts[k-1].stream {
			return false
		}
	}
	return true
}

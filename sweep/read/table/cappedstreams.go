package table

import (
	"math"
	"slices"
)

// An engine caps the requests it runs at once (vLLM's max-num-seqs, a
// dedicated unit's slots). Below the cap each added request is one more
// stream: the node's rate is the streams' sum, per-stream × load. Past it
// the added requests only wait: the node's rate stays at its plateau, and
// so does each running stream's rate, while the load keeps doubling, so
// per-stream × load runs far above the node's rate. A per-stream column
// then fails streamOf's every-row test on exactly the rows that show the
// cap. cappedStreams reads the two regimes apart: the sum holds up to the
// plateau's first row, and beyond it both rates stay flat.

// plateauShare is how close to its highest a node rate on the plateau is.
const plateauShare = 0.95

// cappedStreams: sorted by load, the rows up to the first one whose node
// rate reaches plateauShare of the highest (three rows at least, a load
// above one among them) hold node ≈ stream × load within maxStreamGap; the
// rows after it, one at least, keep the node rate on the plateau and the
// stream rate within maxFlatRise of its value at the plateau's first row.
func (pts streamPoints) cappedStreams() bool {
	if len(pts) < 4 {
		return false
	}
	pts = slices.Clone(pts)
	slices.SortFunc(pts, func(a, b streamPoint) int { return int(math.Copysign(1, a.load-b.load)) })
	top := 0.0
	for _, p := range pts {
		top = max(top, p.node)
	}
	k := slices.IndexFunc(pts, func(p streamPoint) bool { return p.node >= plateauShare*top })
	if k < 2 || k == len(pts)-1 || !pts[:k+1].loadAboveOne() {
		return false
	}
	for _, p := range pts[:k+1] {
		if math.Abs(p.node/(p.stream*p.load)-1) > maxStreamGap {
			return false
		}
	}
	for _, p := range pts[k+1:] {
		if p.node < plateauShare*top || math.Abs(p.stream/pts[k].stream-1) > maxFlatRise {
			return false
		}
	}
	return true
}

package table

import "fmt"

// One stream decodes fastest alone: with more streams beside it, each
// gets a share of the same steps, so one request's rate stays near what it
// was at the lowest load or falls, and never rises severalfold. A token
// rate whose header names a user ("Throughput per user (token/seconds)")
// yet rises rises with the load the way only the node's does (72 at one
// user, 689 at 64) is the node's: physics before words. Where a TPOT is
// printed, nodeRateOverStreams checks the rate against 1000 ÷ TPOT; with
// none, a rise of growthBeyondStream or more over the lowest level, at a
// level several times its load, tells the same.

// growthBeyondStream is how far over its rate at the lowest load one
// column must rise before no single stream could have: a stream alone at
// the lowest level is never three times slower than beside others.
const growthBeyondStream = 3.0

// nodeRateByGrowth reads per-user column i as the node's rate when it
// rises so with load column load, over three levels or more that all read.
func (r *resolved) nodeRateByGrowth(g grid, i, load int) {
	levels, ok := byLoad(g, load, i)
	if !ok || len(levels) < 3 {
		return
	}
	low := levels[0]
	for _, l := range levels[1:] {
		if l.load >= growthBeyondStream*low.load && l.v >= growthBeyondStream*low.v {
			col := &r.cols[i]
			col.kind, col.why = colThroughput, ""
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the node's rate, not one user's: it rises from %s at %s %s to %s at %s, %.1f times, and one stream never runs that much faster beside others than alone", g.file, col.header, fmtNum(low.v), fmtNum(low.load), r.cols[load].header, fmtNum(l.v), fmtNum(l.load), l.v/low.v))
			return
		}
	}
}

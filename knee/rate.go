package knee

import "math"

// rateFollow is the rate rule's answer for an open-loop sweep.
type rateFollow struct {
	ok       bool    // every valid level is a stage with requested and achieved rates
	lo, hi   float64 // the last stage that kept up, the first that did not (±Inf none)
	verified bool    // the lowest stage kept up, so it is below the knee
	need     float64 // the least share of its offer a stage must serve (MinAchieved)
}

// followRate applies to rate-based (open-loop) sweeps, where every valid
// level knows its requested and achieved request rate: the knee lies
// between the last stage that served at least MinAchieved of its requested
// rate and the first that did not. Stages that fell behind are marked.
func followRate(used []*levelEval, opts Options) rateFollow {
	for _, l := range used {
		if !finite(l.follow) {
			return rateFollow{}
		}
	}
	r := rateFollow{ok: true, lo: math.Inf(-1), hi: math.Inf(1), need: opts.MinAchieved}
	for _, l := range used {
		if l.follow < opts.MinAchieved {
			r.hi = l.x
			break
		}
		r.lo = l.x
	}
	r.verified = len(used) > 0 && r.lo >= used[0].x
	for _, l := range used {
		if l.follow < opts.MinAchieved {
			l.rateBehind = true
		}
	}
	return r
}

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
	// A server that kept up with a higher offer has the capacity for every
	// lower one: a lower stage's shortfall is its arrivals' noise (a few
	// dozen Poisson arrivals miss their mean rate by 10% often), not the
	// knee. The knee lies above the highest stage that kept up.
	top := -1
	for i, l := range used {
		if l.follow >= opts.MinAchieved {
			top = i
		}
	}
	if top >= 0 {
		r.lo = used[top].x
	}
	if top+1 < len(used) {
		r.hi = used[top+1].x
	}
	r.verified = len(used) > 0 && r.lo >= used[0].x
	for _, l := range used[top+1:] {
		l.rateBehind = true
	}
	return r
}

package knee

import "math"

// The measured knee rule. It reads the knee straight from the levels, with
// no curve in between, so a reviewer can check every verdict by hand.
//
// Elasticity is the share of a relative load increase that still becomes
// throughput:
//
//	e(h → i) = ln(X_i / X_h) / ln(N_i / N_h)
//
// By Little's law N = X_req · R, so ln N = ln X + ln R and 1 − e is the
// share that became waiting time instead. Below the knee most added requests
// are served (e near 1 while the GPU batches more; 0.4–0.7 while prefill and
// batch growth contend); past it they queue (e near 0) or thrash (e < 0).
//
// A level is **flat** when, against some lower level h at least one
// resolvable step below it, less than e* of the added load became
// throughput: X_i ≤ X_h · (N_i/N_h)^e*, or it fell beyond noise below h.
// The levels past the knee are the longest run of flat levels at the top of
// the sweep; the operating point is the highest level below that run, the
// knee lies between the two. Taking the run at the top, not the first flat
// level, is what keeps one dip or one stalled level from moving the knee:
// a level that is flat but followed by growth is noise, not saturation.
//
// Why e* = 1/3: past it at least two thirds of every added request in
// flight turns into waiting time, the queueing signature the mission calls
// "throughput stops growing and TTFT explodes". For Amdahl saturation
// X = λN/(1+σN), e = 1/(1+σN), so the knee is N = 2/σ, where the curve
// delivers 2/3 of its ceiling, the last doubling before which gained +41%
// and the next gains +26% or less.
//
// Why the resolvable step: a step whose expected gain at the knee's
// elasticity, r^e* − 1, is under twice the run-to-run noise cannot tell a
// flat level from a noisy one, so a level is only judged against levels at
// least r_min = (1 + 2·noise)^(1/e*) below it (1.33× for 5% noise).

// satPoint is one valid level as the measured rule sees it.
type satPoint struct {
	x, thr float64
	dip    bool // non_monotonic: fell and recovered; never judged, never a reference
	cliff  bool // throughput collapse or TTFT far beyond Little's law
}

// saturation is what the measured rule concludes.
type saturation struct {
	// op is the index of the operating point, the highest level below the
	// flat run at the top; -1 when the flat run starts at the lowest level.
	op int
	// past is the index of the first level of the flat run; -1 when there
	// is none (still scaling at the top: not reached).
	past int
	// atKnee: the first flat level still gained beyond noise over the
	// operating point: the knee lies at or just below it.
	atKnee bool
	// elasticity from the previous judged level (NaN for the first).
	elasticity []float64
	// flat per level, and ref: the lower level that showed it (-1 none).
	flat []bool
	ref  []int
	// stalls are flat levels below the operating point: noise, not the knee.
	stalls []int
}

// minResolvableRatio is r_min above.
func minResolvableRatio(eStar, noise float64) float64 {
	return math.Pow(1+2*noise, 1/eStar)
}

// saturate applies the measured rule to levels in ascending order.
func saturate(pts []satPoint, eStar, noise float64) saturation {
	n := len(pts)
	s := saturation{op: -1, past: -1, elasticity: make([]float64, n), flat: make([]bool, n), ref: make([]int, n)}
	rmin := minResolvableRatio(eStar, noise)
	prev := -1
	for i, p := range pts {
		s.elasticity[i], s.ref[i] = math.NaN(), -1
		if p.dip {
			continue
		}
		if prev >= 0 {
			s.elasticity[i] = stepElasticity(pts[prev], p)
		}
		prev = i
		if p.cliff {
			s.flat[i] = true
			continue
		}
		// Fell: below the best lower level beyond noise. Weak: the nearest
		// resolvable lower level shows too little gain (nearest first, so
		// the sentence names the step a reader looks at).
		best := -1
		for h := 0; h < i; h++ {
			if !pts[h].dip && pts[h].thr > 0 && (best < 0 || pts[h].thr > pts[best].thr) {
				best = h
			}
		}
		if best >= 0 && p.thr < pts[best].thr*(1-noise) {
			s.flat[i], s.ref[i] = true, best
			continue
		}
		for h := i - 1; h >= 0; h-- {
			q := pts[h]
			if q.dip || q.thr <= 0 || p.x/q.x < rmin {
				continue
			}
			if p.thr <= q.thr*math.Pow(p.x/q.x, eStar) {
				s.flat[i], s.ref[i] = true, h
				break
			}
		}
	}
	// The flat run at the top. Dips are skipped: they neither extend nor
	// break it. A cliff ends scaling for good: everything above it is past.
	s.past = -1
	for i := n - 1; i >= 0; i-- {
		if pts[i].dip {
			continue
		}
		if !s.flat[i] {
			break
		}
		s.past = i
	}
	for i, p := range pts {
		if p.cliff && !p.dip && (s.past < 0 || i < s.past) {
			s.past = i
			break
		}
	}
	top := n
	if s.past >= 0 {
		top = s.past
	}
	for i := top - 1; i >= 0; i-- {
		if !pts[i].dip {
			s.op = i
			break
		}
	}
	for i := 0; i < top; i++ {
		if s.flat[i] && !pts[i].dip {
			s.stalls = append(s.stalls, i)
		}
	}
	if s.op >= 0 && s.past >= 0 && !pts[s.past].cliff {
		s.atKnee = pts[s.past].thr > pts[s.op].thr*(1+noise)
	}
	return s
}

func stepElasticity(lo, hi satPoint) float64 {
	if lo.thr <= 0 || hi.thr <= 0 || hi.x <= lo.x {
		return math.NaN()
	}
	return math.Log(hi.thr/lo.thr) / math.Log(hi.x/lo.x)
}

package knee

import (
	"math"
	"sort"
)

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
	queue  bool // added requests only wait (queue.go): flat whatever it gained
	// underCap: the engine queued at a cap at or above this level, which
	// itself does not queue (queue.go): below the cap added load runs.
	underCap bool
	// margin is ln(1 + h) for a level measured over windows whose
	// throughput's 95% interval is ±h (0 otherwise): its gain counts only
	// beyond both levels' intervals (judgeFlat).
	margin float64
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
	// unresolved per level: flat only within the levels' intervals — its
	// gain over ref is above e*'s on the point estimates, but not beyond
	// both intervals (a step its noise cannot resolve, read as flat).
	unresolved []bool
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
	s := saturation{op: -1, past: -1, elasticity: make([]float64, n), flat: make([]bool, n), ref: make([]int, n), unresolved: make([]bool, n)}
	s.judgeFlat(pts, eStar, noise)
	s.past = flatRunAtTop(pts, s.flat)
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
	if s.op >= 0 && s.past >= 0 && !pts[s.past].cliff && !pts[s.past].queue {
		s.atKnee = pts[s.past].thr > pts[s.op].thr*(1+noise)
	}
	return s
}

// judgeFlat gives every level its elasticity from the judged level below
// and says whether it is flat, and against which lower level.
func (s *saturation) judgeFlat(pts []satPoint, eStar, noise float64) {
	rmin := minResolvableRatio(eStar, noise)
	prev := -1
	best := -1 // the best lower level so far: the first of the highest throughput
	weak := newWeakIndex(pts, eStar)
	for i, p := range pts {
		s.elasticity[i], s.ref[i] = math.NaN(), -1
		if p.dip {
			continue
		}
		if prev >= 0 {
			s.elasticity[i] = stepElasticity(pts[prev], p)
		}
		prev = i
		switch {
		case p.cliff:
			s.flat[i] = true
		// Fell: below the best lower level beyond noise. Weak: the
		// nearest resolvable lower level shows too little gain (nearest
		// first, so the sentence names the step a reader looks at).
		case best >= 0 && p.thr < pts[best].thr*(1-noise):
			s.flat[i], s.ref[i] = true, best
		default:
			if h := weak.nearest(i, rmin); h >= 0 && !weak.rescued(i, h, rmin) {
				s.flat[i], s.ref[i] = true, h
				s.unresolved[i] = stepElasticity(pts[h], p) >= eStar
			}
		}
		if p.queue {
			s.flat[i] = true
		}
		if p.thr > 0 && (best < 0 || p.thr > pts[best].thr) {
			best = i
		}
	}
}

// flatRunAtTop is the first level of the run of flat levels at the top
// (-1 when the top level still scales). Dips are skipped: they neither
// extend nor break it. A cliff ends scaling for good: everything above it
// is past.
func flatRunAtTop(pts []satPoint, flat []bool) int {
	past := -1
	for i := len(pts) - 1; i >= 0; i-- {
		if pts[i].dip {
			continue
		}
		if !flat[i] {
			break
		}
		past = i
	}
	for i, p := range pts {
		if p.cliff && !p.dip && (past < 0 || i < past) {
			return i
		}
	}
	return past
}

func stepElasticity(lo, hi satPoint) float64 {
	if lo.thr <= 0 || hi.thr <= 0 || hi.x <= lo.x {
		return math.NaN()
	}
	return math.Log(hi.thr/lo.thr) / math.Log(hi.x/lo.x)
}

// weakIndex finds, for a level i, the nearest lower level h that shows it
// weak: resolvable (N_i/N_h ≥ r_min), usable (not a dip, X_h > 0) and
//
//	X_i ≤ X_h · (N_i/N_h)^e*
//
// The rule is written as the scan it is (nearest h first); scanning every
// lower level for every level is quadratic, which 100,000 levels cannot
// afford. In logs the condition reads g_i ≤ g_h with g = ln X − e*·ln N, so
// the nearest h is the rightmost one of the resolvable prefix whose g is at
// least g_i, and that one is always a suffix maximum of g over the prefix:
// a stack of those, kept as the prefix grows, is searched by bisection. The
// candidate it gives is then checked with the rule's own arithmetic, and
// only when rounding leaves the two within 1e-9 of each other is the scan
// continued level by level below it, so the result is the scan's exactly.
type weakIndex struct {
	pts   []satPoint
	eStar float64
	g     []float64 // ln X − e*·ln N; −Inf where a level cannot be a reference
	stack []int     // suffix maxima of g over pts[:next], g strictly falling
	next  int       // the prefix the stack covers
}

func newWeakIndex(pts []satPoint, eStar float64) *weakIndex {
	w := &weakIndex{pts: pts, eStar: eStar, g: make([]float64, len(pts))}
	for i, p := range pts {
		w.g[i] = math.Inf(-1)
		if !p.dip && p.thr > 0 && p.x > 0 {
			// As a reference a level counts at the top of its interval.
			w.g[i] = math.Log(p.thr) + p.margin - eStar*math.Log(p.x)
		}
	}
	return w
}

// gSlack is how far rounding may move g apart from the rule's arithmetic.
const gSlack = 1e-9

// nearest is the highest h < i that shows level i weak, -1 when none does.
// Calls come with i ascending (the prefix only grows).
func (w *weakIndex) nearest(i int, rmin float64) int {
	p := w.pts[i]
	if !(p.x > 0) {
		return w.scan(i, i-1, rmin)
	}
	// Levels ascend in N, so N_i/N_h ≥ r_min holds on a prefix of h.
	for w.next < i && p.x/w.pts[w.next].x >= rmin {
		h := w.next
		for len(w.stack) > 0 && w.g[w.stack[len(w.stack)-1]] <= w.g[h] {
			w.stack = w.stack[:len(w.stack)-1]
		}
		w.stack = append(w.stack, h)
		w.next++
	}
	if !(p.thr > 0) {
		// X_i ≤ 0 is weak against any usable lower level: the scan finds
		// the nearest resolvable one at once.
		return w.scan(i, w.next-1, rmin)
	}
	want := math.Log(p.thr) - p.margin - w.eStar*math.Log(p.x) - gSlack
	// The stack's g falls from bottom to top: find the topmost entry (the
	// rightmost level) with g ≥ want.
	k := sort.Search(len(w.stack), func(k int) bool { return w.g[w.stack[k]] < want }) - 1
	if k < 0 {
		return -1
	}
	h := w.stack[k]
	if w.weakAgainst(i, h, rmin) {
		return h
	}
	// Within rounding of the threshold: the levels above h cannot qualify
	// (their g is below want), so the scan goes on below h.
	return w.scan(i, h-1, rmin)
}

// scan is the rule itself: from level from down, the first lower level that
// shows level i weak.
func (w *weakIndex) scan(i, from int, rmin float64) int {
	for h := from; h >= 0; h-- {
		if w.weakAgainst(i, h, rmin) {
			return h
		}
	}
	return -1
}

func (w *weakIndex) weakAgainst(i, h int, rmin float64) bool {
	p, q := w.pts[i], w.pts[h]
	if q.dip || q.thr <= 0 || p.x/q.x < rmin {
		return false
	}
	return p.thr*math.Exp(-p.margin) <= q.thr*math.Exp(q.margin)*math.Pow(p.x/q.x, w.eStar)
}

// rescued: level i, shown weak by h only within the levels' intervals (a
// windowed step its noise cannot resolve, read as flat), still scales
// when no resolvable lower level shows it flat beyond both intervals and
// the engine's own queue says so — it ran below its cap with nothing
// waiting, where the cap is where requests start to wait at a level above
// (issue 30: the queue is direct evidence, an unresolved step is none).
// Levels without windows (no margins) are judged by the nearest as before.
func (w *weakIndex) rescued(i, h int, rmin float64) bool {
	p := w.pts[i]
	if !p.underCap || !(p.thr > 0) || !(p.x > 0) {
		return false
	}
	// The nearest queueLookback references (queue.go: the analysis stays
	// linear in the levels); a fall below the best lower level is flat
	// before this is asked (judgeFlat).
	for k := h; k >= 0 && k > h-queueLookback; k-- {
		q := w.pts[k]
		if q.dip || q.thr <= 0 || p.x/q.x < rmin {
			continue
		}
		if p.margin == 0 && q.margin == 0 {
			return false
		}
		if math.Log(p.thr/q.thr)-w.eStar*math.Log(p.x/q.x) < -(p.margin + q.margin) {
			return false
		}
	}
	return true
}

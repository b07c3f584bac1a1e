package knee

import (
	"fmt"
	"math"
)

// located is where the knee is and how every level stands against it, in
// analysis units: levels ≤ subUpTo are below the knee, levels ≥ pastFrom
// past it, levels between at it.
type located struct {
	knee              Knee
	subUpTo, pastFrom float64
	atKnee            float64 // the first flat level when it still gained beyond noise; NaN none
	shortBound        float64 // a level short of its concurrency that bounds the knee; NaN none
	sat               saturation
	rate              rateFollow
	op                *levelEval // the operating point the rules found; nil when none
	lowestTrusted     bool       // the lowest valid level is known to be below the knee
	littleUnknown     bool       // some step had no request rate for Little's law
	notes             []string
}

// tooFewLevels is the knee of a sweep with fewer than two valid levels:
// none. The one level is below the knee only if it is trusted by size.
func tooFewLevels(used []*levelEval, in input, opts Options) located {
	loc := located{subUpTo: math.Inf(-1), pastFrom: math.Inf(1), atKnee: math.NaN(), shortBound: math.NaN(), sat: saturation{op: -1, past: -1}}
	loc.knee = Knee{Status: StatusInsufficientPoints, Method: "none", Detail: "no valid level with throughput: nothing to analyse"}
	if len(used) == 1 {
		loc.subUpTo = used[0].x
		loc.knee.Detail = fmt.Sprintf("one valid level (%s): a knee needs at least two", in.w.unit(used[0].x))
		loc.lowestTrusted = in.perGPU && used[0].x <= opts.TrustedPerGPU
	}
	return loc
}

// locateKnee places the knee from the measured shape, the fitted estimate
// inside the measured bracket, the rate rule for open-loop sweeps (direct
// evidence, which wins), and levels short of their concurrency (upper-bound
// evidence).
func locateKnee(u []*levelEval, in input, sh shape, ft fitOutcome, rate rateFollow, opts Options) located {
	sat := sh.sat
	loc := located{atKnee: math.NaN(), shortBound: math.NaN(), sat: sat, rate: rate, littleUnknown: sh.littleUnknown}
	b := measuredBracket(u, sat)
	if sat.op >= 0 {
		loc.op = u[sat.op]
	}
	if sat.op >= 0 && sat.past >= 0 && sat.atKnee {
		loc.atKnee = u[sat.past].x
	}
	b.refineByFit(ft, opts)
	loc.subUpTo, loc.pastFrom = b.lo, b.hi
	if b.status == StatusLocated {
		loc.subUpTo, loc.pastFrom = u[sat.op].x, u[sat.past].x
	}
	if finite(loc.atKnee) {
		loc.pastFrom = nextAbove(u, loc.atKnee)
	}
	if rate.ok {
		b.followRate(&loc, u, rate)
	}
	if x, ok := boundByShortLevels(u, in.levels, opts); ok && x < loc.pastFrom {
		b.hi = math.Min(b.hi, x)
		loc.pastFrom, loc.shortBound = x, x
		if b.status == StatusNotReached {
			b.status = StatusBracketed
		}
	}
	loc.lowestTrusted = lowestTrusted(u, in.perGPU, sat, rate, opts)
	loc.knee = b.knee(u, loc, ft, in, opts)
	if k := &loc.knee; !rate.ok && k.LowPerGPU != nil && k.HighPerGPU != nil && sh.onset.IsMeasuredCap(*k.LowPerGPU, *k.HighPerGPU) {
		// The operating point is the engine's cap, measured: throughput
		// stops growing there, so that is the estimate (the bracket's
		// midpoint read "≈45" beside "the engine ran 32/GPU, its cap:
		// added requests only wait", and the search ended "the knee is
		// the engine's cap, 32/GPU").
		k.PerGPU = ptr(*k.LowPerGPU)
		k.Method = "measured elasticity between levels; estimate: the engine's cap, measured (above it requests only wait)"
	}
	if rate.ok {
		loc.knee.LowRate, loc.knee.HighRate = offeredAt(u, loc.knee.LowPerGPU), offeredAt(u, loc.knee.HighPerGPU)
	}
	if n := b.fitOutsideNote(loc.knee, ft, u, in, opts); n != "" {
		loc.notes = append(loc.notes, n)
	}
	loc.knee.Detail = kneeDetail(loc, u, in, opts)
	return loc
}

// bracket is the knee's interval as the rules narrow it: lo and hi in
// analysis units (±Inf open), the status and method so far, and the fitted
// estimate (NaN without one).
type bracket struct {
	lo, hi float64
	status Status
	method string
	est    float64
}

// measuredBracket is the interval the measured shape gives: between the
// operating point and the first level past it.
func measuredBracket(u []*levelEval, sat saturation) bracket {
	b := bracket{lo: math.Inf(-1), hi: math.Inf(1), status: StatusBracketed, method: "measured elasticity between levels", est: math.NaN()}
	switch {
	case sat.past < 0:
		b.status = StatusNotReached
		b.lo = u[sat.op].x
	case sat.op < 0:
		b.hi = u[sat.past].x
	default:
		b.lo, b.hi = u[sat.op].x, u[sat.past].x
		if sat.op == firstJudged(u) && !u[sat.past].cliff && !u[sat.past].queue && !sat.unresolved[sat.past] {
			// Flat from the lowest level up: saturated at or below it.
			// A step read flat only within its intervals is no such
			// evidence: it brackets the knee (lowestTrusted).
			b.status = StatusBelowRange
		}
	}
	return b
}

// refineByFit takes the fitted estimate, and the bootstrap interval when
// it lies inside the measured bracket.
func (b *bracket) refineByFit(ft fitOutcome, opts Options) {
	if !ft.ok {
		return
	}
	b.est = ft.est
	b.method = "measured elasticity between levels; estimate from the fitted " + ft.summary.Chosen + " curve"
	if b.status == StatusBracketed && finite(ft.ciLo) && finite(ft.ciHi) && ft.ciLo >= b.lo && ft.ciHi <= b.hi && ft.summary.Resamples > 0 {
		// The interval lies between two measured levels: the operating
		// point and the first level past it keep their measured verdicts.
		b.status = StatusLocated
		b.lo, b.hi = ft.ciLo, ft.ciHi
		b.method = fmt.Sprintf("fit (%s) + bootstrap %.0f%% interval within the measured bracket", ft.summary.Chosen, 100*opts.Confidence)
	}
}

// followRate lets the rate rule decide: an open-loop stage that serves the
// rate it was offered is not saturated, one that falls behind is; in-flight
// counts there are derived, not set, so the rate is the evidence.
func (b *bracket) followRate(loc *located, u []*levelEval, rate rateFollow) {
	if !(b.est >= rate.lo && b.est <= rate.hi) {
		b.est = math.NaN()
	}
	b.lo, b.hi, b.status, b.method = rate.lo, rate.hi, StatusBracketed, "rate following (achieved vs requested request rate)"
	loc.subUpTo, loc.pastFrom, loc.atKnee = rate.lo, rate.hi, math.NaN()
	if math.IsInf(rate.hi, 1) {
		b.status = StatusNotReached
	}
	loc.op = nil
	for _, l := range u {
		if l.x <= loc.subUpTo {
			loc.op = l
		}
	}
}

// knee is the bracket as reported: its bounds (the lowest level is no
// bound unless trusted), and the estimate: the fit inside the bounds, else
// the bracket's log midpoint.
func (b *bracket) knee(u []*levelEval, loc located, ft fitOutcome, in input, opts Options) Knee {
	k := Knee{Status: b.status, Method: b.method}
	if finite(b.lo) && !(b.lo == u[0].x && !loc.lowestTrusted) {
		k.LowPerGPU = ptr(round6(b.lo))
	}
	if finite(b.hi) {
		k.HighPerGPU = ptr(round6(b.hi))
	}
	switch {
	case b.inside(k):
		k.PerGPU = ptr(round6(b.est))
	case k.LowPerGPU != nil && k.HighPerGPU != nil:
		k.PerGPU = ptr(round6(math.Sqrt(*k.LowPerGPU * *k.HighPerGPU))) // log midpoint of the bracket
		// The label says what the number is: the fitted curve's knee lies
		// outside the bracket, so the estimate is the midpoint, not the fit.
		if ft.ok && b.status != StatusLocated && !loc.rate.ok {
			k.Method = fmt.Sprintf("measured elasticity between levels; estimate: the bracket's log midpoint (the fitted %s curve's knee, %s, lies outside it)", ft.summary.Chosen, num(round6(b.est)))
		} else if !ft.ok && !loc.rate.ok {
			k.Method = "measured elasticity between levels; estimate: the bracket's log midpoint"
		}
	}
	return k
}

// inside reports whether the fitted estimate lies within k's bounds.
func (b *bracket) inside(k Knee) bool {
	return finite(b.est) && (k.LowPerGPU == nil || b.est >= *k.LowPerGPU) && (k.HighPerGPU == nil || b.est <= *k.HighPerGPU)
}

// fitOutsideNote explains a fitted knee outside the measured bracket: a
// step's elasticity is the log-average of the curve's inside it, so the
// point where the fitted curve's elasticity reaches e* may lie up to one
// step outside the bracket. The levels decide. How far outside it lies is
// measured, not assumed: it said "within a ladder step" of a fitted 621
// against a bracket of 160–256.
func (b *bracket) fitOutsideNote(k Knee, ft fitOutcome, u []*levelEval, in input, opts Options) string {
	if !finite(b.est) || b.inside(k) || ft.summary == nil {
		return ""
	}
	head := fmt.Sprintf("the fitted %s curve's elasticity falls to %.2f at %s, outside the measured bracket: the measured levels decide the knee",
		ft.summary.Chosen, opts.Elasticity, in.w.unit(round6(b.est)))
	far, step := b.outside(k, u)
	if !(far > step*(1+1e-9)) {
		return head + "; the fitted point is within a ladder step of it"
	}
	return head + fmt.Sprintf("; the fitted point lies %.2g× beyond it, more than the ladder's step there (%.2g×): the curve does not follow the levels near the knee", far, step)
}

// outside is how many times beyond the bracket's nearer end the fitted
// point lies, and the ladder's step at that end: the bracket's own width
// when both ends are known, else the ratio of that end to the nearest
// level on the fitted point's side (or, with none there, below it).
func (b *bracket) outside(k Knee, u []*levelEval) (far, step float64) {
	end, above := 0.0, false
	switch {
	case k.HighPerGPU != nil && b.est > *k.HighPerGPU:
		end, above = *k.HighPerGPU, true
		far = b.est / end
	case k.LowPerGPU != nil && b.est < *k.LowPerGPU:
		end = *k.LowPerGPU
		far = end / b.est
	default:
		return math.NaN(), math.NaN()
	}
	if k.LowPerGPU != nil && k.HighPerGPU != nil && *k.LowPerGPU > 0 {
		return far, *k.HighPerGPU / *k.LowPerGPU
	}
	step = math.Inf(1)
	for _, l := range u {
		if l.x <= 0 || l.x == end || (l.x > end) != above {
			continue
		}
		step = math.Min(step, math.Max(l.x/end, end/l.x))
	}
	if math.IsInf(step, 1) {
		for _, l := range u {
			if l.x > 0 && l.x != end {
				step = math.Min(step, math.Max(l.x/end, end/l.x))
			}
		}
	}
	return far, step
}

// firstJudged is the index of the lowest non-dip valid level.
func firstJudged(u []*levelEval) int {
	for i, l := range u {
		if !l.dip {
			return i
		}
	}
	return 0
}

// nextAbove is the lowest valid level strictly above x (+Inf if none).
func nextAbove(u []*levelEval, x float64) float64 {
	for _, l := range u {
		if l.x > x {
			return l.x
		}
	}
	return math.Inf(1)
}

// boundByShortLevels uses levels that are invalid only because the load
// generator fell short of the configured concurrency as upper-bound
// evidence: if even the concurrency it did sustain bought (almost) no
// throughput over the highest valid level below, the knee lies below the
// level. Such a level can never show a level is sub-knee.
func boundByShortLevels(used, levels []*levelEval, opts Options) (float64, bool) {
	var top *levelEval
	for _, l := range used {
		if !l.dip {
			top = l
		}
	}
	if top == nil {
		return 0, false
	}
	for _, l := range levels {
		if !l.invalid || l.x <= top.x || !finite(l.achieved) || l.thr <= 0 {
			continue
		}
		if !onlyShort(l) {
			continue
		}
		sustained := l.x * l.achieved
		if l.thr <= top.thr || (sustained > top.x && math.Log(l.thr/top.thr)/math.Log(sustained/top.x) < opts.Elasticity) {
			return l.x, true
		}
	}
	return 0, false
}

// onlyShort reports whether a level is invalid only because the load
// generator fell short of its concurrency (cautions aside).
func onlyShort(l *levelEval) bool {
	for _, r := range l.reasons {
		if r != ReasonConcurrencyNotAchieved && !r.IsCaution() {
			return false
		}
	}
	return true
}

// lowestTrusted says whether the lowest valid level is known to be below
// the knee: throughput still grew beyond it (the operating point lies above
// it, or the knee was not reached, or the step out of it scales on its
// point estimates and is read flat only because its levels' intervals
// cannot resolve it), it is too small to saturate a GPU (--trusted-per-gpu),
// or a rate-based stage kept up with its offer.
//
// Why an unresolved step out of the lowest level trusts it: elasticity falls
// as load grows below the knee, so a step out of the level that gained above
// e* on its estimates says the step into it gained at least as much. The
// step is read flat all the same, so the operating point stays the lowest
// level: neither reading rests on what the noise cannot resolve.
func lowestTrusted(u []*levelEval, perGPU bool, sat saturation, rate rateFollow, opts Options) bool {
	if len(u) == 0 {
		return false
	}
	if perGPU && u[0].x <= opts.TrustedPerGPU || rate.verified {
		return true
	}
	if rate.ok {
		return false
	}
	first := firstJudged(u)
	if len(u) <= first+1 {
		return false
	}
	return sat.op > first || sat.past < 0 || stepOutUnresolved(u, sat, first)
}

// stepOutUnresolved: the next judged level above first is flat against it
// only within the levels' intervals (saturation.unresolved).
func stepOutUnresolved(u []*levelEval, sat saturation, first int) bool {
	for j := first + 1; j < len(u); j++ {
		if u[j].dip {
			continue
		}
		return sat.unresolved[j] && sat.ref[j] == first
	}
	return false
}

// rateDetail is an open-loop knee's sentence in the offered rates that
// bracket it, the unit the sweep was set in ("" when it is not one).
func rateDetail(loc located) string {
	k := loc.knee
	if !loc.rate.ok {
		return ""
	}
	switch {
	case k.Status == StatusNotReached && k.LowRate != nil:
		return fmt.Sprintf("every stage served the rate it was offered, up to %s req/s: the knee lies above it", reqRate(*k.LowRate))
	case k.LowRate != nil && k.HighRate != nil:
		return fmt.Sprintf("the knee lies between the %s and %s req/s stages: %s req/s is the first stage that fell behind its offered rate", reqRate(*k.LowRate), reqRate(*k.HighRate), reqRate(*k.HighRate))
	case k.HighRate != nil:
		return fmt.Sprintf("the knee is at or below the %s req/s stage, the first that fell behind its offered rate; no stage below it shows the server keeping up", reqRate(*k.HighRate))
	}
	return ""
}

// offeredAt is the offered req/s of the stage at per-GPU level x (nil for
// none, or a stage that knows no offer).
func offeredAt(u []*levelEval, x *float64) *float64 {
	if x == nil {
		return nil
	}
	for _, l := range u {
		if round6(l.x) == round6(*x) && finite(l.requested) {
			return ptr(round6(l.requested))
		}
	}
	return nil
}

// kneeDetail is the knee in one sentence a reviewer can check.
func kneeDetail(loc located, u []*levelEval, in input, opts Options) string {
	k, sat, w := loc.knee, loc.sat, in.w
	if s := rateDetail(loc); s != "" {
		return s
	}
	switch k.Status {
	case StatusNotReached:
		return notReachedDetail(loc, u, opts, w)
	case StatusBelowRange:
		return fmt.Sprintf("throughput is already flat from the lowest valid level, %s: at %s %s; the lowest level is the operating point and the knee lies below %s",
			w.unit(u[0].x), w.unit(u[sat.past].x), w.flatWhy(u[sat.past]), w.unit(u[sat.past].x))
	}
	var s string
	switch {
	case k.LowPerGPU == nil && k.HighPerGPU != nil:
		s = fmt.Sprintf("the knee is at or below %s; nothing measured below %s shows the system still scaling there",
			w.unit(*k.HighPerGPU), w.unit(u[0].x))
	case k.LowPerGPU != nil && k.HighPerGPU != nil && k.Status == StatusLocated:
		s = fmt.Sprintf("the knee is at %s (%s–%s)", w.unit(*k.PerGPU), num(*k.LowPerGPU), num(*k.HighPerGPU))
	case k.LowPerGPU != nil && k.HighPerGPU != nil:
		s = fmt.Sprintf("the knee lies between %s and %s", w.unit(*k.LowPerGPU), w.unit(*k.HighPerGPU))
	default:
		return "the knee could not be bounded"
	}
	return s + upperEvidence(loc, u, in)
}

// notReachedDetail: every level (or stage) still scaled.
func notReachedDetail(loc located, u []*levelEval, opts Options, w words) string {
	if loc.rate.ok {
		return fmt.Sprintf("every stage served the rate it was offered, up to %s: the knee lies above it", w.unit(u[len(u)-1].x))
	}
	top := u[len(u)-1]
	s := fmt.Sprintf("throughput still scales at the highest valid level, %s: the knee lies above it", w.unit(top.x))
	if finite(top.elasticity) {
		s += fmt.Sprintf(" (elasticity %.2f into it, knee below %.2f)", top.elasticity, opts.Elasticity)
	}
	return s
}

// upperEvidence says, in parentheses, what shows the knee's upper end: the
// first stage behind its rate, a level short of its concurrency, a cliff,
// or the first flat level and why.
func upperEvidence(loc located, u []*levelEval, in input) string {
	w, sat := in.w, loc.sat
	if loc.rate.ok {
		return " (the first stage that fell behind its offered rate)"
	}
	if finite(loc.shortBound) && loc.shortBound == loc.pastFrom {
		var short *levelEval
		for _, l := range in.levels {
			if l.x == loc.shortBound {
				short = l
			}
		}
		top := u[len(u)-1]
		return fmt.Sprintf(" (%s, short of its configured concurrency, bought too little throughput over %s: %s → %s tok/s)",
			w.unit(short.x), w.unit(top.x), thousands(top.thr), thousands(short.thr))
	}
	if sat.past < 0 {
		return ""
	}
	if p := u[sat.past]; p.cliff {
		return fmt.Sprintf(" (a cliff at %s)", w.unit(p.x))
	}
	p := u[sat.past]
	return fmt.Sprintf(" (at %s %s)", w.unit(p.x), w.flatWhy(p))
}

func ptr(v float64) *float64 { return &v }

// round6 keeps JSON stable across platforms' last-bit differences.
func round6(v float64) float64 {
	if !finite(v) || v == 0 {
		return v
	}
	mag := math.Pow(10, 6-math.Ceil(math.Log10(math.Abs(v))))
	return math.Round(v*mag) / mag
}

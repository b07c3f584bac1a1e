package knee

import (
	"fmt"
	"math"
	"sort"
)

// locate finds the knee: measured gains, dips and cliffs, the TTFT onset,
// the fitted or bracketed throughput knee, and their reconciliation.
func (a *analysis) locate() {
	k := &a.res.Knee
	u := a.used
	if len(u) < 2 {
		k.Status = StatusInsufficientPoints
		k.Method = "none"
		switch len(u) {
		case 0:
			k.Detail = "no valid level with throughput: nothing to analyse"
		default:
			k.Detail = fmt.Sprintf("one valid level (%s): a knee needs at least two", a.unitName(u[0].x))
		}
		// The one level is below the knee only if it is trusted by size.
		if len(u) == 1 {
			a.subUpTo = u[0].x
		}
		a.ttftSummary()
		return
	}
	a.markDips()
	a.measuredGains()
	a.findCliffs()
	a.findOnset()

	thrLo, thrHi, status, est := a.bracketByGains()
	method := "bracketing levels"
	if len(a.fitLevels()) >= a.opts.MinFitLevels {
		if lo, hi, st, e, ok := a.fitKnee(); ok {
			thrLo, thrHi, status, est, method = lo, hi, st, e, "fit"
			if a.opts.Bootstrap > 0 && a.res.Fit.Resamples > 0 {
				method = fmt.Sprintf("fit (%s) + bootstrap %.0f%% interval", a.res.Fit.Chosen, 100*a.opts.Confidence)
			}
		}
	}
	if lo, hi, ok := a.bracketByRate(); ok {
		// An open-loop stage that serves the rate it was offered is not
		// saturated, one that falls behind is: direct evidence, which wins
		// over curve shape (in-flight counts there are derived, not set).
		if !(est >= lo && est <= hi) {
			est = math.NaN()
		}
		thrLo, thrHi, status, method = lo, hi, StatusBracketed, "rate following (achieved vs requested request rate)"
		if math.IsInf(hi, 1) {
			status = StatusNotReached
		}
	}
	a.ttftSummary()

	// Reconcile: cliffs and the TTFT onset only move the knee down.
	a.subUpTo, a.pastFrom = thrLo, thrHi
	high := thrHi
	if !math.IsNaN(a.cliffX) {
		a.pastFrom = math.Min(a.pastFrom, a.cliffX)
		a.subUpTo = math.Min(a.subUpTo, a.levelBelow(a.cliffX))
		high = math.Min(high, a.cliffX)
	}
	if !math.IsNaN(a.onset) {
		a.subUpTo = math.Min(a.subUpTo, a.levelBelow(a.onset))
		high = math.Min(high, a.onset)
		// Throughput still scaling into a level above the TTFT onset: the two
		// signals disagree about where the knee is.
		for _, l := range a.used {
			if l.x > a.onset && l.x <= thrLo && !l.dip && l.gainRatio >= a.opts.GainFraction && l.x != a.cliffX {
				a.disagree = true
			}
		}
	}
	if x, ok := a.boundByShortLevels(); ok && x < a.pastFrom {
		high = math.Min(high, x)
		a.pastFrom = x
		if status == StatusNotReached {
			status = StatusBracketed
		}
	}
	low := a.subUpTo

	switch {
	case a.disagree:
		status = StatusDisagreement
	case math.IsInf(high, 1):
		status = StatusNotReached
	case status == StatusNotReached:
		status = StatusBracketed // the TTFT onset or a cliff bounds it after all
	}
	// below_range comes only from a fit whose knee lies below the lowest
	// level: measured gains alone cannot tell "saturated at the lowest
	// level" from "knee just above it" (that level is unverified instead).
	k.Status, k.Method = status, method
	if finite(low) && !(low == u[0].x && !a.lowestTrusted()) {
		k.LowPerGPU = ptr(round6(low))
	}
	if finite(high) {
		k.HighPerGPU = ptr(round6(high))
	}
	switch {
	case finite(est):
		v := est
		if k.LowPerGPU != nil {
			v = math.Max(v, *k.LowPerGPU)
		}
		if k.HighPerGPU != nil {
			v = math.Min(v, *k.HighPerGPU)
		}
		k.PerGPU = ptr(round6(v))
	case k.LowPerGPU != nil && k.HighPerGPU != nil:
		k.PerGPU = ptr(round6(math.Sqrt(low * high))) // log2 midpoint of a doubling ladder
	}
	k.Detail = a.kneeDetail()
}

// boundByShortLevels uses levels that are invalid only because the load
// generator fell short of the configured concurrency as upper-bound
// evidence: if even the concurrency it did sustain bought (almost) no
// throughput over the highest valid level below, the knee lies below the
// level. Such a level can never show a level is sub-knee.
func (a *analysis) boundByShortLevels() (float64, bool) {
	var top *levelEval
	for _, l := range a.used {
		if !l.dip {
			top = l
		}
	}
	if top == nil {
		return 0, false
	}
	g0 := a.used[0].thr / a.used[0].x
	for _, l := range a.levels {
		if !l.invalid || l.x <= top.x || !finite(l.achieved) || l.thr <= 0 {
			continue
		}
		onlyShort := true
		for _, r := range l.reasons {
			if r != ReasonConcurrencyNotAchieved && !r.IsCaution() {
				onlyShort = false
			}
		}
		sustained := l.x * l.achieved
		if !onlyShort {
			continue
		}
		if l.thr <= top.thr || (sustained > top.x && (l.thr-top.thr)/(sustained-top.x)/g0 < a.opts.GainFraction) {
			return l.x, true
		}
	}
	return 0, false
}

// levelBelow is the largest used level strictly below x (−Inf if none).
func (a *analysis) levelBelow(x float64) float64 {
	out := math.Inf(-1)
	for _, l := range a.used {
		if l.x < x {
			out = l.x
		}
	}
	return out
}

func (a *analysis) lowestTrusted() bool {
	return (a.perGPU && len(a.used) > 0 && a.used[0].x <= a.opts.TrustedPerGPU) || a.rateVerified
}

// bracketByRate applies to rate-based (open-loop) sweeps, where every used
// level knows its requested and achieved request rate: the knee lies
// between the last stage that served at least MinAchieved of its requested
// rate and the first that did not.
func (a *analysis) bracketByRate() (lo, hi float64, ok bool) {
	for _, l := range a.used {
		if !finite(l.follow) {
			return 0, 0, false
		}
	}
	lo, hi = math.Inf(-1), math.Inf(1)
	for _, l := range a.used {
		if l.follow < a.opts.MinAchieved {
			hi = l.x
			break
		}
		lo = l.x
	}
	a.rateVerified = lo >= a.used[0].x
	for _, l := range a.used {
		if l.follow < a.opts.MinAchieved {
			l.rateBehind = true
		}
	}
	return lo, hi, true
}

// markDips flags levels whose throughput fell beyond noise below a lower
// level and recovered beyond noise at a higher one: a bad run or a
// transient, not the knee (non_monotonic, a caution).
func (a *analysis) markDips() {
	u := a.used
	noise := a.opts.Noise
	for i := 1; i < len(u)-1; i++ {
		best := 0.0
		for _, l := range u[:i] {
			best = math.Max(best, l.thr)
		}
		if u[i].thr >= best*(1-noise) {
			continue
		}
		for _, l := range u[i+1:] {
			if l.thr >= best*(1-noise) && l.thr > u[i].thr*(1+noise) {
				u[i].dip = true
				u[i].add(ReasonNonMonotonic, fmt.Sprintf("throughput fell to %s tok/s below %s tok/s at a lower level and recovered at %s",
					thousands(u[i].thr), thousands(best), a.unitName(l.x)))
				break
			}
		}
	}
}

// measuredGains sets each level's segment gain over the origin secant.
func (a *analysis) measuredGains() {
	g0 := a.used[0].thr / a.used[0].x
	var prev *levelEval
	for _, l := range a.used {
		if l.dip {
			continue
		}
		if prev != nil {
			l.gainRatio = (l.thr - prev.thr) / (l.x - prev.x) / g0
		}
		prev = l
	}
}

// findCliffs marks levels where throughput collapsed (more than CliffDrop
// below the best lower level) or TTFT rose far beyond Little's law.
func (a *analysis) findCliffs() {
	u := a.used
	best := u[0].thr
	for i := 1; i < len(u); i++ {
		l, p := u[i], u[i-1]
		if !l.dip && l.thr < (1-a.opts.CliffDrop)*best {
			l.cliff = true
			l.add(ReasonCliff, fmt.Sprintf("throughput fell %.0f%% below the best lower level (%s → %s tok/s)",
				100*(1-l.thr/best), thousands(best), thousands(l.thr)))
		}
		best = math.Max(best, l.thr)
		rate := math.Min(l.reqRate, p.reqRate)
		if !finite(rate) || rate <= 0 {
			a.littleUnknown = true
			continue
		}
		l.little = 1000 * (l.concurrency - p.concurrency) / rate
		if finite(l.ttft) && finite(p.ttft) && l.ttft-p.ttft > a.opts.LittleFactor*l.little && l.ttft >= a.opts.TTFTRise*p.ttft {
			l.cliff = true
			l.add(ReasonCliff, fmt.Sprintf("TTFT %s rose %s ms (%s → %s ms), %.0f× Little's-law prediction of %s ms for %s more requests at %s req/s",
				a.stat, thousands(l.ttft-p.ttft), thousands(p.ttft), thousands(l.ttft), (l.ttft-p.ttft)/l.little, thousands(l.little), num(l.concurrency-p.concurrency), num(rate)))
		}
	}
	for _, l := range u {
		if l.cliff {
			a.cliffX = l.x
			break
		}
	}
}

// findOnset is the first level whose TTFT is TTFTRise× the lowest TTFT
// below it: the onset of queueing. In a rate-based sweep a stage that
// served the rate it was offered did not queue, whatever its TTFT did.
func (a *analysis) findOnset() {
	low := math.Inf(1)
	for _, l := range a.used {
		if !finite(l.ttft) {
			continue
		}
		keptUp := finite(l.follow) && l.follow >= a.opts.MinAchieved
		if low > 0 && l.ttft >= a.opts.TTFTRise*low && !keptUp {
			a.onset, a.onsetRatio = l.x, l.ttft/low
			return
		}
		low = math.Min(low, l.ttft)
	}
}

// bracketByGains is the knee from measured levels alone. By the mean
// value theorem the gain of a segment is the slope somewhere inside it,
// and a saturating curve's slope only falls, so:
//   - the first segment whose gain is below f·g0 ends past the knee (hi);
//   - a level is verified below the knee when every segment up to it
//     gained at least verifyFraction·g0 (about 2f: on a doubling ladder
//     under Amdahl saturation that keeps its upper end at or below the knee);
//   - levels between are at the knee.
func (a *analysis) bracketByGains() (lo, hi float64, st Status, est float64) {
	vf := verifyFraction(a.opts.GainFraction)
	var prev *levelEval
	verified := true
	for _, l := range a.used {
		if l.dip {
			continue
		}
		if prev == nil {
			lo = l.x
			prev = l
			continue
		}
		if l.gainRatio < a.opts.GainFraction {
			return lo, l.x, StatusBracketed, math.NaN()
		}
		if verified && l.gainRatio >= vf {
			lo = l.x
		} else {
			verified = false
		}
		prev = l
	}
	return lo, math.Inf(1), StatusNotReached, math.NaN()
}

// verifyFraction is the segment gain (over g0) that verifies a level below
// the knee: 2f, capped halfway between f and 1.
func verifyFraction(f float64) float64 { return math.Min(2*f, (1+f)/2) }

// fitKnee fits every supported model, keeps the lowest AICc, solves the
// knee on it and bootstraps the interval.
func (a *analysis) fitKnee() (lo, hi float64, st Status, est float64, ok bool) {
	u := a.fitLevels()
	d := fitData{sN: u[len(u)-1].x}
	for _, l := range u {
		d.sX = math.Max(d.sX, l.thr)
	}
	for _, l := range u {
		d.u = append(d.u, l.x/d.sN)
		d.y = append(d.y, l.thr/d.sX)
	}
	const uMax = 4 // knees beyond 4× the highest level are "not reached"
	sum := &FitSummary{sN: d.sN, sX: d.sX, Units: "N: requests in flight, whole node; X: output tok/s, whole node"}
	// Parameters are reported per GPU, the unit people compare accelerators in.
	xPerUnit := 1.0
	if a.perGPU && a.s.GPUs > 0 {
		xPerUnit = float64(a.s.GPUs)
		sum.Units = "N: requests in flight per GPU; X: output tok/s per GPU"
	}
	var best *fitted
	var all []fitted
	for _, m := range modelsFor(len(u)) {
		f := fitModel(m, d, defaultStarts(m, d))
		if !f.ok {
			continue
		}
		all = append(all, f)
	}
	for i := range all {
		if best == nil || all[i].aicc < best.aicc {
			best = &all[i]
		}
	}
	if best == nil {
		a.res.Notes = append(a.res.Notes, "no throughput model could be fitted; the knee is bracketed between measured levels")
		return 0, 0, "", 0, false
	}
	for _, f := range all {
		mf := ModelFit{Name: f.model.name, Formula: f.model.formula, Params: roundParams(f.model.describe(f.p, d.sN, d.sX/xPerUnit)),
			AICc: round6(f.aicc), Chosen: f.model.name == best.model.name}
		if finite(f.r2) {
			mf.R2 = ptr(round6(f.r2))
		}
		if kn := kneeOf(f.model, f.p, a.opts.GainFraction, uMax); finite(kn) {
			mf.KneePerGPU = ptr(round6(kn * d.sN))
		}
		sum.Models = append(sum.Models, mf)
	}
	sum.Chosen, sum.curve, sum.p = best.model.name, best.model, best.p
	a.res.Fit = sum
	if finite(best.r2) && best.r2 < 0.8 {
		a.res.Notes = append(a.res.Notes, fmt.Sprintf("the best throughput model (%s) explains only R² = %.2f of the data; the knee is bracketed between measured levels", best.model.name, best.r2))
		return 0, 0, "", 0, false
	}
	est = kneeOf(best.model, best.p, a.opts.GainFraction, uMax) * d.sN
	if math.IsNaN(est) {
		return 0, 0, "", 0, false
	}
	ciLo, ciHi := est, est
	if a.opts.Bootstrap > 0 && finite(est) {
		ciLo, ciHi, sum.Resamples = bootstrapKnee(*best, u, d, a.opts, uMax)
		ciLo, ciHi = math.Min(ciLo, est), math.Max(ciHi, est)
	}
	xs := make([]float64, len(u))
	for i, l := range u {
		xs[i] = l.x
	}
	// The bootstrap sees noise, not the choice of model: widen the interval
	// to the knee of every model as well supported as the chosen one
	// (ΔAICc ≤ 2, Burnham & Anderson), and never resolve the knee finer
	// than a quarter of the local ladder step (log scale), because between
	// levels the curve is an interpolation however well it fits.
	if finite(est) {
		for _, f := range all {
			if f.aicc-best.aicc <= 2 {
				if kn := kneeOf(f.model, f.p, a.opts.GainFraction, uMax) * d.sN; finite(kn) {
					ciLo, ciHi = math.Min(ciLo, kn), math.Max(ciHi, kn)
				}
			}
		}
		step := localStep(xs, est)
		ciLo, ciHi = math.Min(ciLo, est/math.Pow(step, 0.25)), math.Max(ciHi, est*math.Pow(step, 0.25))
	}
	switch {
	case !finite(est) || est > xs[len(xs)-1]:
		return math.Min(ciLo, xs[len(xs)-1]), math.Inf(1), StatusNotReached, est, true
	case est < xs[0]:
		return math.Inf(-1), math.Max(ciHi, xs[0]), StatusBelowRange, est, true
	}
	// The measured levels either side of the estimate.
	i := sort.SearchFloat64s(xs, est)
	bLo, bHi := xs[max(i-1, 0)], xs[i]
	if xs[i] == est {
		bLo = est
	}
	if sum.Resamples > 0 && ciLo >= bLo && ciHi <= bHi {
		return ciLo, ciHi, StatusLocated, est, true
	}
	// Wider than one step: report the measured levels that enclose it.
	lo, hi = math.Inf(-1), math.Inf(1)
	for _, x := range xs {
		if x <= ciLo {
			lo = x
		}
		if x >= ciHi && math.IsInf(hi, 1) {
			hi = x
		}
	}
	return lo, hi, StatusBracketed, est, true
}

// fitLevels are the levels the curve models describe: the valid levels up
// to the first cliff. A cliff is a failure mode past the knee (queue
// collapse, KV-cache thrash), not part of the scaling curve; fitting it
// would let one collapsed run far past the knee drag the knee down.
func (a *analysis) fitLevels() []*levelEval {
	var out []*levelEval
	for _, l := range a.used {
		if l.cliff {
			break
		}
		out = append(out, l)
	}
	return out
}

func roundParams(m map[string]float64) map[string]float64 {
	for k, v := range m {
		m[k] = round6(v)
	}
	return m
}

// localStep is the ratio between the measured levels around x.
func localStep(xs []float64, x float64) float64 {
	i := sort.SearchFloat64s(xs, x)
	switch {
	case i <= 0:
		return xs[1] / xs[0]
	case i >= len(xs):
		return xs[len(xs)-1] / xs[len(xs)-2]
	}
	return xs[i] / xs[i-1]
}

// ttftSummary fills Result.TTFT: the statistic, the onset and the hinge fits.
func (a *analysis) ttftSummary() {
	if a.stat == statNone {
		a.res.Notes = append(a.res.Notes, "no TTFT in the inputs: the knee rests on throughput alone")
		return
	}
	t := &TTFTSummary{Stat: string(a.stat)}
	if !math.IsNaN(a.onset) {
		t.OnsetPerGPU = ptr(a.onset)
	}
	if len(a.used) >= a.opts.MinFitLevels {
		var xs, ts, ps []float64
		for _, l := range a.used {
			if finite(l.ttft) {
				xs, ts = append(xs, l.x), append(ts, l.ttft)
			}
		}
		if h := fitHinge(xs, ts); h != nil {
			t.hinge = h
			if h.nh >= a.used[0].x && h.nh <= a.used[len(a.used)-1].x {
				t.HingePerGPU = ptr(round6(h.nh))
			}
		}
		xs = xs[:0]
		for _, l := range a.used {
			if finite(l.ttftP50) {
				xs, ps = append(xs, l.x), append(ps, l.ttftP50)
			}
		}
		if h := fitHinge(xs, ps); h != nil && h.nh >= a.used[0].x && h.nh <= a.used[len(a.used)-1].x {
			t.HingeP50PerGPU = ptr(round6(h.nh))
		}
	}
	a.res.TTFT = t
	switch a.stat {
	case statP50:
		a.res.Notes = append(a.res.Notes, "TTFT p99 is not known at every level: TTFT comparisons use p50")
	case statMean:
		a.res.Notes = append(a.res.Notes, "TTFT percentiles are not known at every level: TTFT comparisons use the mean (a column that named no statistic was read as the mean)")
	}
}

func (a *analysis) kneeDetail() string {
	k := a.res.Knee
	switch k.Status {
	case StatusNotReached:
		return fmt.Sprintf("throughput still scales at the highest valid level, %s: the knee lies above it", a.unitName(a.used[len(a.used)-1].x))
	case StatusBelowRange:
		return fmt.Sprintf("throughput is already saturated at the lowest valid level, %s: the knee lies below it", a.unitName(a.used[0].x))
	case StatusDisagreement:
		return fmt.Sprintf("TTFT %s rose %.1f× at %s while throughput kept scaling above it: throughput and TTFT disagree about the knee",
			a.stat, a.onsetRatio, a.unitName(a.onset))
	}
	var why []string
	if !math.IsNaN(a.cliffX) {
		why = append(why, fmt.Sprintf("a cliff at %s", a.unitName(a.cliffX)))
	}
	if !math.IsNaN(a.onset) {
		why = append(why, fmt.Sprintf("TTFT %s rising %.1f× at %s", a.stat, a.onsetRatio, a.unitName(a.onset)))
	}
	var s string
	switch {
	case k.LowPerGPU == nil && k.HighPerGPU != nil:
		s = fmt.Sprintf("the knee is at or below %s; nothing measured below %s shows the system still scaling there",
			a.unitName(*k.HighPerGPU), a.unitName(a.used[0].x))
	case k.LowPerGPU != nil && k.HighPerGPU != nil && k.Status == StatusLocated:
		s = fmt.Sprintf("the knee is at %s (%s–%s)", a.unitName(*k.PerGPU), num(*k.LowPerGPU), num(*k.HighPerGPU))
	case k.LowPerGPU != nil && k.HighPerGPU != nil:
		s = fmt.Sprintf("the knee lies between %s and %s", a.unitName(*k.LowPerGPU), a.unitName(*k.HighPerGPU))
	default:
		s = "the knee could not be bounded"
	}
	if len(why) > 0 {
		s += " (" + joinAnd(why) + ")"
	}
	return s
}

func joinAnd(s []string) string {
	if len(s) <= 1 {
		return stringsJoin(s, "")
	}
	return stringsJoin(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func stringsJoin(s []string, sep string) string {
	out := ""
	for i, v := range s {
		if i > 0 {
			out += sep
		}
		out += v
	}
	return out
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

package knee

import (
	"fmt"
	"math"
	"sort"

	"github.com/kneetool/knee/knee/fit"
)

// locate finds the knee: dips and cliffs, the measured saturation rule
// (saturation.go), the fitted estimate inside its bracket, the rate rule for
// open-loop sweeps, and what TTFT adds (an SLO cap, a disagreement note).
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
	a.findCliffs()
	sat := a.measuredSaturation()

	thrLo, thrHi := math.Inf(-1), math.Inf(1)
	status := StatusBracketed
	switch {
	case sat.past < 0:
		status = StatusNotReached
		thrLo = u[sat.op].x
	case sat.op < 0:
		thrHi = u[sat.past].x
	default:
		thrLo, thrHi = u[sat.op].x, u[sat.past].x
		if sat.op == a.firstJudged() && !u[sat.past].cliff {
			// Flat from the lowest level up: saturated at or below it.
			status = StatusBelowRange
		}
	}
	if sat.op >= 0 && sat.past >= 0 && sat.atKnee {
		a.atKnee = u[sat.past].x
	}
	method := "measured elasticity between levels"
	est := math.NaN()
	if len(a.fitLevels()) >= a.opts.MinFitLevels {
		if lo, hi, e, ok := a.fitKnee(); ok {
			est = e
			method = "measured elasticity between levels; estimate from the fitted " + a.res.Fit.Chosen + " curve"
			if status == StatusBracketed && finite(lo) && finite(hi) && lo >= thrLo && hi <= thrHi && a.res.Fit.Resamples > 0 {
				status = StatusLocated
				thrLo, thrHi = lo, hi
				method = fmt.Sprintf("fit (%s) + bootstrap %.0f%% interval within the measured bracket", a.res.Fit.Chosen, 100*a.opts.Confidence)
			}
		}
	}
	a.subUpTo, a.pastFrom = thrLo, thrHi
	if finite(a.atKnee) {
		a.pastFrom = a.nextAbove(a.atKnee)
	}
	if status == StatusLocated {
		// The interval lies between two measured levels: the operating point
		// and the first level past it keep their measured verdicts.
		a.subUpTo, a.pastFrom = u[sat.op].x, u[sat.past].x
		if finite(a.atKnee) {
			a.pastFrom = a.nextAbove(a.atKnee)
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
		a.subUpTo, a.pastFrom, a.atKnee = lo, hi, math.NaN()
		if math.IsInf(hi, 1) {
			status = StatusNotReached
		}
	}
	a.ttftSummary()
	if x, ok := a.boundByShortLevels(); ok && x < a.pastFrom {
		thrHi = math.Min(thrHi, x)
		a.pastFrom, a.shortBound = x, x
		if status == StatusNotReached {
			status = StatusBracketed
		}
	}
	k.Status, k.Method = status, method
	if finite(thrLo) && !(thrLo == u[0].x && !a.lowestTrusted()) {
		k.LowPerGPU = ptr(round6(thrLo))
	}
	if finite(thrHi) {
		k.HighPerGPU = ptr(round6(thrHi))
	}
	inside := finite(est) && (k.LowPerGPU == nil || est >= *k.LowPerGPU) && (k.HighPerGPU == nil || est <= *k.HighPerGPU)
	if finite(est) && !inside && a.res.Fit != nil {
		// A step's elasticity is the log-average of the curve's inside it,
		// so the point where the fitted curve's elasticity reaches e* may lie
		// up to one step outside the measured bracket. The levels decide.
		a.res.Notes = append(a.res.Notes, fmt.Sprintf("the fitted %s curve's elasticity falls to %.2f at %s, outside the measured bracket: the measured levels decide the knee; the fitted point is within a ladder step of it",
			a.res.Fit.Chosen, a.opts.Elasticity, a.unitName(round6(est))))
	}
	switch {
	case inside:
		k.PerGPU = ptr(round6(est))
	case k.LowPerGPU != nil && k.HighPerGPU != nil:
		k.PerGPU = ptr(round6(math.Sqrt(*k.LowPerGPU * *k.HighPerGPU))) // log midpoint of the bracket
	}
	a.ttftLimits()
	k.Detail = a.kneeDetail()
}

// measuredSaturation runs the measured rule over the valid levels and keeps
// each level's elasticity and flatness for verdicts and details.
func (a *analysis) measuredSaturation() saturation {
	pts := make([]satPoint, len(a.used))
	for i, l := range a.used {
		pts[i] = satPoint{x: l.x, thr: l.thr, dip: l.dip, cliff: l.cliff}
	}
	sat := saturate(pts, a.opts.Elasticity, a.opts.Noise)
	for i, l := range a.used {
		l.elasticity = sat.elasticity[i]
		l.flat = sat.flat[i]
		if sat.ref[i] >= 0 {
			l.flatRef = a.used[sat.ref[i]]
		}
	}
	for _, i := range sat.stalls {
		l := a.used[i]
		if l.cliff {
			continue
		}
		l.add(ReasonNonMonotonic, fmt.Sprintf("throughput stalled here (%s) and grew again above it: noise or a transient, not the knee", a.flatWhy(l)))
	}
	a.sat = sat
	return sat
}

// firstJudged is the index of the lowest non-dip valid level.
func (a *analysis) firstJudged() int {
	for i, l := range a.used {
		if !l.dip {
			return i
		}
	}
	return 0
}

// nextAbove is the lowest used level strictly above x (+Inf if none).
func (a *analysis) nextAbove(x float64) float64 {
	for _, l := range a.used {
		if l.x > x {
			return l.x
		}
	}
	return math.Inf(1)
}

// flatWhy says in words why a level is flat: it fell below, or gained too
// little over, the lower level that shows it.
func (a *analysis) flatWhy(l *levelEval) string {
	h := l.flatRef
	if l.cliff || h == nil {
		return "past a cliff"
	}
	e := math.Log(l.thr/h.thr) / math.Log(l.x/h.x)
	if l.thr < h.thr {
		return fmt.Sprintf("throughput fell %.0f%% from %s (%s → %s tok/s)", 100*(1-l.thr/h.thr), a.unitName(h.x), thousands(h.thr), thousands(l.thr))
	}
	return fmt.Sprintf("%s× the load of %s bought %+.1f%% throughput (%s → %s tok/s): elasticity %.2f, under %.2f",
		ratioText(l.x/h.x), a.unitName(h.x), 100*(l.thr/h.thr-1), thousands(h.thr), thousands(l.thr), e, a.opts.Elasticity)
}

func ratioText(r float64) string {
	if math.Abs(r-math.Round(r)) < 0.005 {
		return fmt.Sprintf("%.0f", r)
	}
	return fmt.Sprintf("%.2g", r)
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
		if l.thr <= top.thr || (sustained > top.x && math.Log(l.thr/top.thr)/math.Log(sustained/top.x) < a.opts.Elasticity) {
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

// lowestTrusted says whether the lowest valid level is known to be below
// the knee: throughput still grew beyond it (the operating point lies above
// it, or the knee was not reached), it is too small to saturate a GPU
// (--trusted-per-gpu), or a rate-based stage kept up with its offer.
func (a *analysis) lowestTrusted() bool {
	if len(a.used) == 0 {
		return false
	}
	if a.perGPU && a.used[0].x <= a.opts.TrustedPerGPU || a.rateVerified {
		return true
	}
	if a.rateBased {
		return false
	}
	first := a.firstJudged()
	return len(a.used) > first+1 && (a.sat.op > first || a.sat.past < 0)
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
	a.rateBased = true
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

// fitKnee fits every supported model (knee/fit), keeps the lowest AICc,
// solves the knee on it and bootstraps the interval. The fit only estimates
// where the knee lies inside the measured bracket: a curve is an
// interpolation between levels, the levels are the evidence.
func (a *analysis) fitKnee() (ciLo, ciHi, est float64, ok bool) {
	u := a.fitLevels()
	var d fit.Data
	for _, l := range u {
		d.N, d.X = append(d.N, l.x), append(d.X, l.thr)
		d.Repeats = append(d.Repeats, l.thrRepeats)
	}
	nMax := 4 * d.N[len(d.N)-1] // knees beyond 4× the highest level are "not reached"
	kneeOf := func(c fit.Curve) float64 { return c.Knee(a.opts.Elasticity, nMax) }
	sum := &FitSummary{Units: "N: requests in flight, whole node; X: output tok/s, whole node"}
	// Parameters are reported per GPU, the unit people compare accelerators in.
	xPerUnit := 1.0
	if a.perGPU && a.s.GPUs > 0 {
		xPerUnit = float64(a.s.GPUs)
		sum.Units = "N: requests in flight per GPU; X: output tok/s per GPU"
	}
	all, err := fit.All(d)
	best, found := fit.Best(all)
	if err != nil || !found {
		a.res.Notes = append(a.res.Notes, "no throughput model could be fitted; the knee is bracketed between measured levels")
		return 0, 0, 0, false
	}
	for _, c := range all {
		mf := ModelFit{Name: c.Model.Name, Formula: c.Model.Formula, Params: roundParams(c.Model.Describe(c.P, c.SN, c.SX/xPerUnit)),
			AICc: round6(c.AICc), Chosen: c.Model.Name == best.Model.Name}
		if finite(c.R2) {
			mf.R2 = ptr(round6(c.R2))
		}
		if kn := kneeOf(c); finite(kn) {
			mf.KneePerGPU = ptr(round6(kn))
		}
		sum.Models = append(sum.Models, mf)
	}
	sum.Chosen, sum.curve = best.Model.Name, &best
	a.res.Fit = sum
	if finite(best.R2) && best.R2 < 0.8 {
		a.res.Notes = append(a.res.Notes, fmt.Sprintf("the best throughput model (%s) explains only R² = %.2f of the data; the knee is bracketed between measured levels", best.Model.Name, best.R2))
		return 0, 0, 0, false
	}
	est = kneeOf(best)
	if math.IsNaN(est) {
		return 0, 0, 0, false
	}
	ciLo, ciHi = est, est
	if a.opts.Bootstrap > 0 && finite(est) {
		ciLo, ciHi, sum.Resamples = fit.Bootstrap(best, d, fit.BootstrapOptions{Resamples: a.opts.Bootstrap, Seed: a.opts.Seed, Confidence: a.opts.Confidence}, kneeOf)
		ciLo, ciHi = math.Min(ciLo, est), math.Max(ciHi, est)
	}
	// The bootstrap sees noise, not the choice of model: widen the interval
	// to the knee of every model as well supported as the chosen one
	// (ΔAICc ≤ 2, Burnham & Anderson), and never resolve the knee finer
	// than a quarter of the local ladder step (log scale), because between
	// levels the curve is an interpolation however well it fits.
	if finite(est) && est <= d.N[len(d.N)-1] {
		for _, c := range all {
			if c.AICc-best.AICc <= 2 {
				if kn := kneeOf(c); finite(kn) {
					ciLo, ciHi = math.Min(ciLo, kn), math.Max(ciHi, kn)
				}
			}
		}
		step := localStep(d.N, est)
		ciLo, ciHi = math.Min(ciLo, est/math.Pow(step, 0.25)), math.Max(ciHi, est*math.Pow(step, 0.25))
	}
	return ciLo, ciHi, est, true
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
	case statP95:
		a.res.Notes = append(a.res.Notes, "TTFT p99 is not known at every level: TTFT comparisons use p95")
	case statP50:
		a.res.Notes = append(a.res.Notes, "TTFT p99 and p95 are not known at every level: TTFT comparisons use p50")
	case statMean:
		a.res.Notes = append(a.res.Notes, "TTFT percentiles are not known at every level: TTFT comparisons use the mean (a column that named no statistic was read as the mean)")
	}
}

func (a *analysis) kneeDetail() string {
	k := a.res.Knee
	u := a.used
	sat := a.sat
	switch k.Status {
	case StatusNotReached:
		if a.rateBased {
			return fmt.Sprintf("every stage served the rate it was offered, up to %s: the knee lies above it", a.unitName(u[len(u)-1].x))
		}
		top := u[len(u)-1]
		s := fmt.Sprintf("throughput still scales at the highest valid level, %s: the knee lies above it", a.unitName(top.x))
		if finite(top.elasticity) {
			s += fmt.Sprintf(" (elasticity %.2f into it, knee below %.2f)", top.elasticity, a.opts.Elasticity)
		}
		return s
	case StatusBelowRange:
		return fmt.Sprintf("throughput is already flat from the lowest valid level, %s: at %s %s; the lowest level is the operating point and the knee lies below %s",
			a.unitName(u[0].x), a.unitName(u[sat.past].x), a.flatWhy(u[sat.past]), a.unitName(u[sat.past].x))
	}
	var s string
	switch {
	case k.LowPerGPU == nil && k.HighPerGPU != nil:
		s = fmt.Sprintf("the knee is at or below %s; nothing measured below %s shows the system still scaling there",
			a.unitName(*k.HighPerGPU), a.unitName(u[0].x))
	case k.LowPerGPU != nil && k.HighPerGPU != nil && k.Status == StatusLocated:
		s = fmt.Sprintf("the knee is at %s (%s–%s)", a.unitName(*k.PerGPU), num(*k.LowPerGPU), num(*k.HighPerGPU))
	case k.LowPerGPU != nil && k.HighPerGPU != nil:
		s = fmt.Sprintf("the knee lies between %s and %s", a.unitName(*k.LowPerGPU), a.unitName(*k.HighPerGPU))
	default:
		return "the knee could not be bounded"
	}
	if a.rateBased {
		return s + " (the first stage that fell behind its offered rate)"
	}
	if finite(a.shortBound) && a.shortBound == a.pastFrom {
		var short *levelEval
		for _, l := range a.levels {
			if l.x == a.shortBound {
				short = l
			}
		}
		top := u[len(u)-1]
		return s + fmt.Sprintf(" (%s, short of its configured concurrency, bought too little throughput over %s: %s → %s tok/s)",
			a.unitName(short.x), a.unitName(top.x), thousands(top.thr), thousands(short.thr))
	}
	if sat.past >= 0 {
		p := u[sat.past]
		switch {
		case p.cliff:
			s += fmt.Sprintf(" (a cliff at %s)", a.unitName(p.x))
		default:
			s += fmt.Sprintf(" (at %s %s)", a.unitName(p.x), a.flatWhy(p))
		}
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

// ttftLimits applies what TTFT adds to a throughput-primary knee: a TTFT
// SLO the user states caps the recommendation (levels over it are marked),
// and without one, a throughput operating point whose TTFT is past the
// catalog ceiling while a lower level's is within it is reported as a
// disagreement with both points.
func (a *analysis) ttftLimits() {
	if a.stat == statNone || a.sat.op < 0 && a.sat.past >= 0 {
		return
	}
	op := a.opPoint()
	if op == nil || !finite(op.ttft) {
		return
	}
	if slo := a.opts.TTFTSLOMs; slo > 0 {
		for _, l := range a.used {
			if l.x <= op.x && finite(l.ttft) && l.ttft > slo {
				l.add(ReasonOverTTFTSLO, fmt.Sprintf("TTFT %s %s ms is over the --ttft-slo-ms %s ms", a.stat, thousands(l.ttft), thousands(slo)))
			}
		}
		return
	}
	ceil := a.opts.TTFTCeilingMs
	if !(ceil > 0) || op.ttft <= ceil {
		return
	}
	d := &Disagreement{ThroughputPerGPU: op.x, TTFTMs: round6(op.ttft), CeilingMs: ceil, Stat: string(a.stat)}
	var within, first *levelEval
	for _, l := range a.used {
		if l.x >= op.x || !finite(l.ttft) {
			continue
		}
		if l.ttft <= ceil && first == nil {
			within = l
		}
		if l.ttft > ceil && first == nil {
			first = l
		}
	}
	if within == nil {
		d.Detail = fmt.Sprintf("TTFT %s is past the %s ms ceiling at every level up to the throughput operating point, %s (%s ms): the ceiling cannot be met on this ladder; give --ttft-slo-ms to cap the recommendation, or measure lower levels",
			a.stat, thousands(ceil), a.unitName(op.x), thousands(op.ttft))
	} else {
		d.WithinCeilingPerGPU = ptr(within.x)
		from := op
		if first != nil {
			from = first
		}
		d.Detail = fmt.Sprintf("throughput and TTFT disagree: TTFT %s passes the %s ms ceiling from %s (%s ms), long before throughput saturates; the throughput operating point is %s (TTFT %s %s ms), the highest level within the ceiling is %s (%s ms). knee recommends by throughput; baseline's TTFT ceiling states the measured p99, and --ttft-slo-ms %s would cap the recommendation at %s",
			a.stat, thousands(ceil), a.unitName(from.x), thousands(from.ttft), a.unitName(op.x), a.stat, thousands(op.ttft), a.unitName(within.x), thousands(within.ttft), num(ceil), a.unitName(within.x))
	}
	a.res.Disagreement = d
}

// opPoint is the operating point the measured rule found (nil if none).
func (a *analysis) opPoint() *levelEval {
	if a.rateBased {
		var out *levelEval
		for _, l := range a.used {
			if l.x <= a.subUpTo {
				out = l
			}
		}
		return out
	}
	if a.sat.op < 0 || a.sat.op >= len(a.used) {
		return nil
	}
	return a.used[a.sat.op]
}

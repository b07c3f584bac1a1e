package knee

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/kneetool/knee/knee/fit"
)

// fitOutcome is the fitted estimate of the knee: the chosen curve's
// elasticity knee and its interval, with the fits for the report.
type fitOutcome struct {
	summary         *FitSummary // nil when nothing was fitted
	est, ciLo, ciHi float64
	ok              bool
	notes           []string
}

// fitCurve fits every supported model (knee/fit) to the levels up to the
// first cliff, keeps the lowest AICc, solves the knee on it and bootstraps
// the interval. The fit only estimates where the knee lies inside the
// measured bracket: a curve is an interpolation between levels, the levels
// are the evidence.
func fitCurve(ctx context.Context, u []*levelEval, in input, opts Options) fitOutcome {
	all := u
	u, thinned := thinLevels(u, maxFitLevels)
	var d fit.Data
	for _, l := range u {
		d.N, d.X = append(d.N, l.x), append(d.X, l.thr)
		d.Repeats = append(d.Repeats, l.thrRepeats)
	}
	nMax := 4 * d.N[len(d.N)-1] // knees beyond 4× the highest level are "not reached"
	kneeOf := func(c fit.Curve) float64 { return c.Knee(opts.Elasticity, nMax) }
	fits, err := fit.AllContext(ctx, d)
	best, found := fit.Best(fits)
	if err != nil || !found {
		return fitOutcome{notes: []string{"no throughput model could be fitted: the knee rests on the measured levels alone"}}
	}
	sum := fitSummary(fits, best, in, kneeOf)
	out := fitOutcome{summary: sum}
	if thinned {
		out.notes = append(out.notes, fmt.Sprintf("the curves were fitted to %d of the %d levels, evenly spaced across the sweep (a fit's cost grows with its points; the measured rule reads every level)", len(u), len(all)))
	}
	if finite(best.R2) && best.R2 < 0.8 {
		out.notes = append(out.notes, fmt.Sprintf("the best throughput model (%s) explains only R² = %.2f of the data: the knee rests on the measured levels alone", best.Model.Name, best.R2))
		return out
	}
	est := kneeOf(best)
	if math.IsNaN(est) {
		return out
	}
	ciLo, ciHi := est, est
	if opts.Bootstrap > 0 && finite(est) {
		ciLo, ciHi, sum.Resamples = fit.Bootstrap(best, d, fit.BootstrapOptions{Resamples: opts.Bootstrap, Seed: opts.Seed, Confidence: opts.Confidence, Context: ctx}, kneeOf)
		ciLo, ciHi = math.Min(ciLo, est), math.Max(ciHi, est)
	}
	if finite(est) && est <= d.N[len(d.N)-1] {
		measuredN := d.N
		if thinned {
			measuredN = make([]float64, len(all))
			for i, l := range all {
				measuredN[i] = l.x
			}
		}
		ciLo, ciHi = widenForModels(ciLo, ciHi, est, fits, best, kneeOf, measuredN)
	}
	out.est, out.ciLo, out.ciHi, out.ok = est, ciLo, ciHi, true
	return out
}

// fitSummary reports every model fitted, its parameters per GPU (the
// unit people compare accelerators in) and the one chosen.
func fitSummary(fits []fit.Curve, best fit.Curve, in input, kneeOf func(fit.Curve) float64) *FitSummary {
	sum := &FitSummary{Units: "N: requests in flight, whole node; X: output tok/s, whole node"}
	xPerUnit := 1.0
	if in.perGPU && in.s.GPUs > 0 {
		xPerUnit = float64(in.s.GPUs)
		sum.Units = "N: requests in flight per GPU; X: output tok/s per GPU"
	}
	for _, c := range fits {
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
	return sum
}

// widenForModels widens the interval for what the bootstrap cannot see:
// it sees noise, not the choice of model, so the interval reaches the knee
// of every model as well supported as the chosen one (ΔAICc ≤ 2, Burnham &
// Anderson); and it never resolves the knee finer than a quarter of the
// local ladder step (log scale), because between levels the curve is an
// interpolation however well it fits.
func widenForModels(ciLo, ciHi, est float64, fits []fit.Curve, best fit.Curve, kneeOf func(fit.Curve) float64, measuredN []float64) (float64, float64) {
	for _, c := range fits {
		if c.AICc-best.AICc <= 2 {
			if kn := kneeOf(c); finite(kn) {
				ciLo, ciHi = math.Min(ciLo, kn), math.Max(ciHi, kn)
			}
		}
	}
	step := localStep(measuredN, est)
	return math.Min(ciLo, est/math.Pow(step, 0.25)), math.Max(ciHi, est*math.Pow(step, 0.25))
}

// fitLevels are the levels the curve models describe: the valid levels up
// to the first cliff. A cliff is a failure mode past the knee (queue
// collapse, KV-cache thrash), not part of the scaling curve; fitting it
// would let one collapsed run far past the knee drag the knee down.
func fitLevels(used []*levelEval) []*levelEval {
	var out []*levelEval
	for _, l := range used {
		if l.cliff {
			break
		}
		out = append(out, l)
	}
	return out
}

// maxFitLevels bounds the levels the curves are fitted to. Every objective
// evaluation of every start of every model and bootstrap refit walks the
// points, so a fit's cost is linear in them with a large constant (10,000
// levels took 7 s); a curve of a handful of parameters is as well determined
// by 256 levels spread over the sweep. Real sweeps have tens of levels and
// are fitted whole.
const maxFitLevels = 256

// thinLevels keeps at most max levels, evenly spaced by rank so that the
// first and the last are kept and the sweep's design (log or linear ladder)
// is sampled as it was measured. thinned says whether any was left out.
func thinLevels(u []*levelEval, max int) ([]*levelEval, bool) {
	if len(u) <= max {
		return u, false
	}
	keep := spread(len(u), max)
	out := make([]*levelEval, len(keep))
	for k, i := range keep {
		out[k] = u[i]
	}
	return out, true
}

// spread is max indices of n (max ≥ 2, n > max), evenly spaced by rank,
// the first and the last included.
func spread(n, max int) []int {
	out := make([]int, max)
	for k := range max {
		out[k] = int(math.Round(float64(k) * float64(n-1) / float64(max-1)))
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

package fit

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// BootstrapOptions configure Bootstrap.
type BootstrapOptions struct {
	// Resamples is the number of resampled data sets refitted.
	Resamples int
	// Seed seeds the generator: the same seed gives the same interval.
	Seed uint64
	// Confidence is the coverage of the interval, in (0, 1).
	Confidence float64
	// Context, when set, stops the refits once it is done (Ctrl-C); the
	// interval is then NaN, NaN with n = 0, and the caller returns its error.
	Context context.Context
}

// bootstrapStream is the PCG stream the generator uses, fixed so that a seed
// means the same draws in every release.
const bootstrapStream = 0x6b6e6565 // "knee"

// Bootstrap refits best's model to resampled data and returns the
// percentile interval of statistic over the refits, with the number of refits
// that gave statistic a value (refits that fail, or where it is NaN, are left
// out; ±Inf counts, so an interval may be open-ended).
//
// When every level of d has at least two repeats, each level's repeats are
// resampled with replacement (the measured run-to-run noise). Otherwise the
// fit's log residuals are resampled onto the fitted curve (residual
// bootstrap), which keeps the measured levels fixed, as a sweep's design is.
//
// best must have been fitted to d. Resampled data are fitted in best's
// scales from best's optimum. The interval is NaN, NaN with n = 0 when no
// refit counts or opts ask for nothing (Resamples < 1, Confidence outside
// (0, 1)).
func Bootstrap(best Curve, d Data, opts BootstrapOptions, statistic func(Curve) float64) (lo, hi float64, n int) {
	if opts.Resamples < 1 || !(opts.Confidence > 0 && opts.Confidence < 1) || best.x == nil || d.Validate() != nil {
		return math.NaN(), math.NaN(), 0
	}
	rng := rand.New(rand.NewPCG(opts.Seed, bootstrapStream))
	u, y := scaled(d, best.SN, best.SX)
	draw := residualDraw(best, u, y)
	if hasRepeats(d) {
		draw = repeatDraw(d, best.SX)
	}
	values := make([]float64, 0, opts.Resamples)
	yb := make([]float64, len(u))
	for range opts.Resamples {
		if opts.Context != nil && opts.Context.Err() != nil {
			return math.NaN(), math.NaN(), 0
		}
		draw(rng, yb)
		c, ok := fitScaled(best.Model, u, yb, best.SN, best.SX, [][]float64{best.x}, refineSearch)
		if !ok {
			continue
		}
		if v := statistic(c); !math.IsNaN(v) {
			values = append(values, v)
		}
	}
	if len(values) == 0 {
		return math.NaN(), math.NaN(), 0
	}
	lo, hi = percentileInterval(values, opts.Confidence)
	return lo, hi, len(values)
}

// A draw fills y with one resampled data set in scaled units.
type draw func(rng *rand.Rand, y []float64)

// hasRepeats is whether every level has two repeats or more.
func hasRepeats(d Data) bool {
	if d.Repeats == nil {
		return false
	}
	for _, r := range d.Repeats {
		if len(r) < 2 {
			return false
		}
	}
	return true
}

// repeatDraw resamples each level's repeats. Resampling k repeats shrinks
// their variance by (k−1)/k; the deviation from the level's mean is scaled
// back by √(k/(k−1)) so that the interval is not too narrow for the usual
// 2–5 repeats.
func repeatDraw(d Data, sX float64) draw {
	means := make([]float64, len(d.Repeats))
	for i, r := range d.Repeats {
		means[i] = stat.Mean(r, nil)
	}
	return func(rng *rand.Rand, y []float64) {
		for i, r := range d.Repeats {
			k := float64(len(r))
			var s float64
			for range r {
				s += r[rng.IntN(len(r))]
			}
			y[i] = positive((d.X[i] + math.Sqrt(k/(k-1))*(s/k-means[i])) / sX)
		}
	}
}

// residualDraw puts resampled, centred log residuals of best onto its
// fitted values. Residuals of a fit with p parameters to n points understate
// the noise by (n−p)/n in variance; they are scaled back by √(n/(n−p)).
func residualDraw(best Curve, u, y []float64) draw {
	n := len(u)
	inflate := math.Sqrt(float64(n) / math.Max(float64(n-best.Model.NParams), 1))
	fitted := make([]float64, n)
	resid := make([]float64, n)
	for i, ui := range u {
		fitted[i] = best.Model.eval(best.P, ui)
		resid[i] = math.Log(y[i]) - math.Log(fitted[i])
	}
	mean := stat.Mean(resid, nil)
	for i := range resid {
		resid[i] -= mean
	}
	return func(rng *rand.Rand, y []float64) {
		for i := range y {
			y[i] = positive(fitted[i] * math.Exp(inflate*resid[rng.IntN(n)]))
		}
	}
}

// positive floors a resampled throughput at the smallest positive float, so
// that a level whose repeats were all zero stays in the log objective's
// domain (it then weighs as a very bad fit instead of failing the refit).
func positive(v float64) float64 {
	if !(v > 0) {
		return math.SmallestNonzeroFloat64
	}
	return v
}

// percentileInterval is the central conf interval of values by the
// empirical quantile (the percentile bootstrap). values is sorted in place.
func percentileInterval(values []float64, conf float64) (lo, hi float64) {
	slices.Sort(values)
	alpha := (1 - conf) / 2
	return stat.Quantile(alpha, stat.Empirical, values, nil), stat.Quantile(1-alpha, stat.Empirical, values, nil)
}

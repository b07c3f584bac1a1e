package knee

import (
	"math"
	"math/rand/v2"
	"sort"

	"gonum.org/v1/gonum/stat"
)

// bootstrapKnee refits the chosen model to resampled data and returns the
// Confidence interval of the knee (percentile method) and the number of
// successful refits. When every level has repeats, repeats are resampled
// within each level (the measured run-to-run noise); otherwise the fit's
// log residuals are resampled onto the fitted curve (residual bootstrap,
// which keeps the measured levels fixed, as a sweep's design is).
// The generator is seeded from Options.Seed: the same input gives the same
// interval.
func bootstrapKnee(best fitted, u []*levelEval, d fitData, opts Options, uMax float64) (lo, hi float64, n int) {
	rng := rand.New(rand.NewPCG(opts.Seed, 0x6b6e6565))
	repeats := true
	for _, l := range u {
		if len(l.thrRepeats) < 2 {
			repeats = false
		}
	}
	// Residuals of a fit with p parameters to n points understate the noise
	// by (n−p)/n; scale them back (the usual residual-bootstrap correction).
	inflate := math.Sqrt(float64(len(d.u)) / math.Max(float64(len(d.u)-best.model.nParams), 1))
	fittedY := make([]float64, len(d.u))
	resid := make([]float64, len(d.u))
	var meanR float64
	for i, x := range d.u {
		fittedY[i] = best.model.eval(best.p, x)
		resid[i] = math.Log(d.y[i]) - math.Log(fittedY[i])
		meanR += resid[i] / float64(len(resid))
	}
	for i := range resid {
		resid[i] -= meanR
	}
	knees := make([]float64, 0, opts.Bootstrap)
	y := make([]float64, len(d.u))
	for b := 0; b < opts.Bootstrap; b++ {
		for i, l := range u {
			if repeats {
				// Resampling n repeats shrinks their variance by (n−1)/n;
				// scale the deviation back so the interval is not too
				// narrow for the usual 2–5 repeats.
				k := float64(len(l.thrRepeats))
				var s float64
				for range l.thrRepeats {
					s += l.thrRepeats[rng.IntN(len(l.thrRepeats))]
				}
				m := s / k
				y[i] = (l.thr + math.Sqrt(k/(k-1))*(m-l.thr)) / d.sX
			} else {
				y[i] = fittedY[i] * math.Exp(inflate*resid[rng.IntN(len(resid))])
			}
			if !(y[i] > 0) {
				y[i] = math.SmallestNonzeroFloat64
			}
		}
		f := refit(best, fitData{u: d.u, y: y, sN: d.sN, sX: d.sX})
		if f == nil {
			continue
		}
		k := kneeOf(best.model, f, opts.Elasticity, uMax)
		if math.IsNaN(k) {
			continue
		}
		knees = append(knees, k*d.sN)
	}
	if len(knees) == 0 {
		return math.NaN(), math.NaN(), 0
	}
	sort.Float64s(knees)
	alpha := (1 - opts.Confidence) / 2
	return stat.Quantile(alpha, stat.Empirical, knees, nil), stat.Quantile(1-alpha, stat.Empirical, knees, nil), len(knees)
}

// refit fits the chosen model once more from its best coordinates.
func refit(best fitted, d fitData) []float64 {
	f := fitModelWith(best.model, d, [][]float64{best.x}, refineSearch)
	if !f.ok {
		return nil
	}
	return f.p
}

package fit

import (
	"context"
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/optimize"
	"gonum.org/v1/gonum/stat"
)

// Data is a measured throughput curve, one entry per concurrency level.
type Data struct {
	// N is each level's concurrency, strictly ascending, > 0.
	N []float64
	// X is each level's throughput (the mean of its repeats), > 0.
	X []float64
	// Repeats optionally holds each level's per-repeat throughputs, for the
	// bootstrap; nil, or one slice per level. The fit uses X only.
	Repeats [][]float64
}

// Validate reports why d cannot be fitted, or nil.
func (d Data) Validate() error {
	if len(d.N) != len(d.X) {
		return fmt.Errorf("fit: %d concurrencies but %d throughputs", len(d.N), len(d.X))
	}
	if len(d.N) == 0 {
		return errors.New("fit: no levels")
	}
	for i := range d.N {
		if !(d.N[i] > 0) || math.IsInf(d.N[i], 0) || !(d.X[i] > 0) || math.IsInf(d.X[i], 0) {
			return fmt.Errorf("fit: level %d (N = %g, X = %g): concurrency and throughput must be positive and finite", i, d.N[i], d.X[i])
		}
		if i > 0 && !(d.N[i] > d.N[i-1]) {
			return fmt.Errorf("fit: concurrencies not strictly ascending at level %d (%g after %g)", i, d.N[i], d.N[i-1])
		}
	}
	return d.validateRepeats()
}

// validateRepeats checks the per-repeat throughputs: one slice per level,
// each value finite and non-negative.
func (d Data) validateRepeats() error {
	if d.Repeats != nil && len(d.Repeats) != len(d.N) {
		return fmt.Errorf("fit: repeats for %d levels, want %d", len(d.Repeats), len(d.N))
	}
	for i, r := range d.Repeats {
		for _, v := range r {
			if !(v >= 0) || math.IsInf(v, 0) {
				return fmt.Errorf("fit: level %d: repeat throughput %g is not a finite non-negative number", i, v)
			}
		}
	}
	return nil
}

// A Curve is one model fitted to one data set. P and the scales are all that
// define it; the rest describes the quality of the fit.
type Curve struct {
	Model Model
	// P are the model's parameters in scaled units (see Model.Describe for
	// real ones).
	P []float64
	// SN and SX are the scales the model was fitted in: u = N/SN, y = X/SX.
	SN, SX float64
	// RSS is the sum of squared log residuals at the optimum.
	RSS float64
	// AICc is the small-sample Akaike information criterion; lower is better.
	AICc float64
	// R2 is the coefficient of determination on the throughput scale; NaN
	// when the data are constant.
	R2 float64
	// Points is the number of levels fitted.
	Points int

	x []float64 // optimiser coordinates: the bootstrap's warm start
}

// Throughput is the fitted X(n).
func (c Curve) Throughput(n float64) float64 { return c.SX * c.Model.eval(c.P, n/c.SN) }

// Slope is the fitted dX/dN at n, in real units.
func (c Curve) Slope(n float64) float64 { return c.SX / c.SN * c.Model.deriv(c.P, n/c.SN) }

// Describe gives the parameters in real units, named as in Model.Formula.
func (c Curve) Describe() map[string]float64 { return c.Model.describe(c.P, c.SN, c.SX) }

// Fit fits m to d by least squares on log throughput and reports whether the
// optimiser found a finite fit; false as well when d is not valid (see
// Data.Validate).
func Fit(m Model, d Data) (Curve, bool) {
	if d.Validate() != nil {
		return Curve{Model: m}, false
	}
	sN, sX := scales(d)
	u, y := scaled(d, sN, sX)
	return fitScaled(m, u, y, sN, sX, starts(m, u, y), fullSearch)
}

// AllContext fits every candidate model d supports (see Candidates) and
// returns those that converged, in Models order. It is empty, without
// error, when d has too few levels for any model. It stops between models
// once ctx is done (Ctrl-C), returning ctx's error.
func AllContext(ctx context.Context, d Data) ([]Curve, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	var out []Curve
	for _, m := range Candidates(len(d.N)) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if c, ok := Fit(m, d); ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// Best is the curve with the lowest AICc (the first on ties); false when cs
// is empty.
func Best(cs []Curve) (Curve, bool) {
	if len(cs) == 0 {
		return Curve{}, false
	}
	best := cs[0]
	for _, c := range cs[1:] {
		if c.AICc < best.AICc {
			best = c
		}
	}
	return best, true
}

// scales are the highest level and the highest throughput.
func scales(d Data) (sN, sX float64) {
	return d.N[len(d.N)-1], floats.Max(d.X)
}

// scaled is d in the units models are fitted in.
func scaled(d Data, sN, sX float64) (u, y []float64) {
	u, y = make([]float64, len(d.N)), make([]float64, len(d.X))
	for i := range d.N {
		u[i], y[i] = d.N[i]/sN, d.X[i]/sX
	}
	return u, y
}

// starts are the optimiser's initial coordinates for m, derived from the
// lowest level's slope and where the data peak (twice the highest level when
// they still rise there, because the peak is then beyond the data).
func starts(m Model, u, y []float64) [][]float64 {
	a0 := y[0] / u[0]
	iPeak := floats.MaxIdx(y)
	uPeak := u[iPeak]
	if iPeak == len(u)-1 {
		uPeak = 2 * u[iPeak]
	}
	return m.starts(a0, uPeak)
}

// effort bounds one Nelder–Mead run.
type effort struct {
	evals      int
	iterations int
	relative   float64
	simplex    float64
}

var (
	// fullSearch is for the fits that are reported.
	fullSearch = effort{evals: 2000, iterations: 60, relative: 1e-10, simplex: 0.05}
	// refineSearch is for bootstrap refits, which start at the optimum of
	// nearby data and only need to follow it.
	refineSearch = effort{evals: 600, iterations: 25, relative: 1e-7, simplex: 0.02}
)

// rejected is the objective's value for coordinates that leave the model's
// domain (overflow, non-positive throughput); any real fit is far below it.
const rejected = 1e12

// fitScaled minimises the log residuals of m from each start and keeps the
// best optimum.
func fitScaled(m Model, u, y []float64, sN, sX float64, x0s [][]float64, e effort) (Curve, bool) {
	obj := objective(m, u, y)
	var bestX []float64
	bestF := math.Inf(1)
	for _, x0 := range x0s {
		x, f, ok := minimise(obj, x0, e)
		if ok && f < bestF {
			bestX, bestF = x, f
		}
	}
	if bestX == nil {
		return Curve{Model: m}, false
	}
	p := m.params(bestX)
	return Curve{
		Model: m, P: p, SN: sN, SX: sX, x: bestX,
		RSS: bestF, AICc: aicc(bestF, len(u), m.NParams), R2: rSquared(m, p, u, y),
		Points: len(u),
	}, true
}

// minimise runs gonum's Nelder–Mead from x0. Nelder–Mead needs no gradient,
// and the sharp rooflines' near-kinks make gradients unreliable anyway. An
// optimiser error that still left a finite optimum (budget exhausted) is
// accepted: the best point found is as good as the budget allows.
func minimise(obj func([]float64) float64, x0 []float64, e effort) (x []float64, f float64, ok bool) {
	res, _ := optimize.Minimize(optimize.Problem{Func: obj}, x0, &optimize.Settings{
		FuncEvaluations: e.evals,
		Converger:       &optimize.FunctionConverge{Absolute: 1e-12, Relative: e.relative, Iterations: e.iterations},
	}, &optimize.NelderMead{SimplexSize: e.simplex})
	if res == nil || !(res.F < rejected) {
		return nil, 0, false
	}
	return append([]float64(nil), res.X...), res.F, true
}

// objective is the sum of squared log residuals of m over (u, y). Log
// residuals make the fit relative: the low levels, which fix the low-load
// slope the elasticity is measured against, weigh as much as the high ones,
// and measurement noise, which is roughly proportional to throughput, is
// weighed evenly.
func objective(m Model, u, y []float64) func(x []float64) float64 {
	logY := make([]float64, len(y))
	for i, v := range y {
		logY[i] = math.Log(v)
	}
	return func(x []float64) float64 {
		for _, v := range x {
			if math.Abs(v) > 60 { // exp(60) ≈ 1e26: far outside any unit-scaled curve
				return rejected
			}
		}
		p := m.params(x)
		var s float64
		for i, ui := range u {
			f := m.eval(p, ui)
			if !(f > 0) || math.IsInf(f, 0) {
				return rejected
			}
			r := logY[i] - math.Log(f)
			s += r * r
		}
		return s
	}
}

// aicc is the small-sample Akaike information criterion of a least-squares
// fit: n·ln(RSS/n) + 2K + 2K(K+1)/(n−K−1), K = params + 1 (the residual
// variance counts). RSS is floored so that noise-free data (simulations)
// compare models by their penalty instead of by ln(0).
func aicc(rss float64, n, params int) float64 {
	k := float64(params + 1)
	nf := float64(n)
	if nf-k-1 <= 0 {
		return math.Inf(1)
	}
	rss = math.Max(rss, nf*1e-12)
	return nf*math.Log(rss/nf) + 2*k + 2*k*(k+1)/(nf-k-1)
}

// rSquared is 1 − SS_res/SS_tot on the (scaled) throughput, not its log: it
// answers how much of the measured variation the curve explains.
func rSquared(m Model, p []float64, u, y []float64) float64 {
	mean := stat.Mean(y, nil)
	var ssr, sst float64
	for i, ui := range u {
		r := y[i] - m.eval(p, ui)
		ssr += r * r
		t := y[i] - mean
		sst += t * t
	}
	if sst == 0 {
		return math.NaN()
	}
	return 1 - ssr/sst
}

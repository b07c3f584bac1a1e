package knee

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/optimize"
)

// fitData is a throughput curve in scaled units: u = N/sN, y = X/sX.
type fitData struct {
	u, y   []float64
	sN, sX float64
}

// fitted is one model fitted to one data set.
type fitted struct {
	model curveModel
	p     []float64 // model parameters
	x     []float64 // optimiser coordinates (warm start for the bootstrap)
	rss   float64   // sum of squared log residuals
	aicc  float64
	r2    float64 // on the throughput scale; NaN when undefined
	ok    bool
}

// objective is the sum of squared log residuals. Log residuals make the
// fit relative: the low levels, which fix the low-load slope the knee is
// measured against, weigh as much as the high ones.
func objective(m curveModel, d fitData) func(x []float64) float64 {
	logY := make([]float64, len(d.y))
	for i, y := range d.y {
		logY[i] = math.Log(y)
	}
	return func(x []float64) float64 {
		for _, v := range x {
			if math.Abs(v) > 60 {
				return 1e12
			}
		}
		p := m.params(x)
		var s float64
		for i, u := range d.u {
			f := m.eval(p, u)
			if !(f > 0) || math.IsInf(f, 0) {
				return 1e12
			}
			r := logY[i] - math.Log(f)
			s += r * r
		}
		return s
	}
}

// fitModel minimises the log residuals with gonum's Nelder–Mead from each
// start and keeps the best. Nelder–Mead needs no gradient, and the models'
// kinks (sharp rooflines) make gradients unreliable anyway.
func fitModel(m curveModel, d fitData, starts [][]float64) fitted {
	return fitModelWith(m, d, starts, fullSearch)
}

// searchEffort bounds one Nelder–Mead run.
type searchEffort struct {
	evals      int
	iterations int
	relative   float64
	simplex    float64
}

var (
	// fullSearch is for the fits that are reported.
	fullSearch = searchEffort{evals: 2000, iterations: 60, relative: 1e-10, simplex: 0.05}
	// refineSearch is for bootstrap refits, which start at the optimum of
	// nearby data and only need to follow it.
	refineSearch = searchEffort{evals: 600, iterations: 25, relative: 1e-7, simplex: 0.02}
)

func fitModelWith(m curveModel, d fitData, starts [][]float64, e searchEffort) fitted {
	best := fitted{model: m, rss: math.Inf(1)}
	obj := objective(m, d)
	for _, x0 := range starts {
		res, err := optimize.Minimize(optimize.Problem{Func: obj}, x0, &optimize.Settings{
			FuncEvaluations: e.evals,
			Converger:       &optimize.FunctionConverge{Absolute: 1e-12, Relative: e.relative, Iterations: e.iterations},
		}, &optimize.NelderMead{SimplexSize: e.simplex})
		if res == nil || (err != nil && res.F >= 1e12) {
			continue
		}
		if res.F < best.rss {
			best.rss = res.F
			best.x = append([]float64(nil), res.X...)
		}
	}
	if best.x == nil || best.rss >= 1e12 {
		return best
	}
	best.ok = true
	best.p = m.params(best.x)
	best.aicc = aicc(best.rss, len(d.u), m.nParams)
	best.r2 = rSquared(m, best.p, d)
	return best
}

// aicc is the small-sample Akaike information criterion of a least-squares
// fit: n·ln(RSS/n) + 2K + 2K(K+1)/(n−K−1), K = parameters + 1 (the
// residual variance). RSS is floored so that noise-free data (simulations)
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

func rSquared(m curveModel, p []float64, d fitData) float64 {
	mean := floats.Sum(d.y) / float64(len(d.y))
	var ssr, sst float64
	for i, u := range d.u {
		r := d.y[i] - m.eval(p, u)
		ssr += r * r
		t := d.y[i] - mean
		sst += t * t
	}
	if sst == 0 {
		return math.NaN()
	}
	return 1 - ssr/sst
}

// modelsFor lists the candidates a data set of n levels can support: AICc
// needs n > K + 1, so three-parameter models need six levels.
func modelsFor(n int) []curveModel {
	var out []curveModel
	for _, m := range candidateModels {
		if n-(m.nParams+1)-1 > 0 {
			out = append(out, m)
		}
	}
	return out
}

// defaultStarts derives optimiser starts from the data.
func defaultStarts(m curveModel, d fitData) [][]float64 {
	a0 := d.y[0] / d.u[0]
	iPeak := floats.MaxIdx(d.y)
	uPeak := d.u[iPeak]
	if iPeak == len(d.u)-1 {
		uPeak = 2 * d.u[iPeak] // still rising: the peak is beyond the data
	}
	return m.starts(a0, uPeak)
}

// kneeOf solves the knee definition on the fitted curve: the lowest u
// whose elasticity u·y'(u)/y(u) = d ln y / d ln u is at most eStar (every
// model starts at elasticity 1 at the origin and falls as it saturates).
// It scans geometrically up to uMax (+Inf beyond) and bisects.
func kneeOf(m curveModel, p []float64, eStar, uMax float64) float64 {
	if !(m.deriv(p, 0) > 0) {
		return math.NaN()
	}
	below := func(u float64) bool {
		y := m.eval(p, u)
		return !(y > 0) || u*m.deriv(p, u) <= eStar*y
	}
	const steps = 96
	lo := 1e-4
	if below(lo) {
		return lo
	}
	ratio := math.Pow(uMax/lo, 1.0/steps)
	prev := lo
	for i := 1; i <= steps; i++ {
		u := lo * math.Pow(ratio, float64(i))
		if below(u) {
			a, b := prev, u
			for j := 0; j < 60 && b-a > 1e-9*b; j++ {
				mid := (a + b) / 2
				if below(mid) {
					b = mid
				} else {
					a = mid
				}
			}
			return (a + b) / 2
		}
		prev = u
	}
	return math.Inf(1)
}

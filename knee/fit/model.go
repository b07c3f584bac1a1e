package fit

import "math"

// A Model is a throughput curve y(u) in scaled units (u = N/S_N, y = X/S_X)
// with its analytic derivative. Every model passes through the origin with a
// positive low-load slope y'(0), which is what makes the elasticity knee the
// same formula for all of them.
//
// Parameters are fitted in unconstrained optimiser coordinates x and mapped
// to the model's parameters p by Params (exp for positive ones, a logistic
// for bounded ones), so no constrained optimiser is needed. Eval, Deriv and
// Describe take p, never x.
type Model struct {
	// Name identifies the model in reports ("amdahl", "usl", …).
	Name string
	// Formula is the model's equation in real units.
	Formula string
	// NParams is the number of fitted parameters (the K of AICc, less the
	// residual variance).
	NParams int

	params   func(x []float64) []float64
	eval     func(p []float64, u float64) float64
	deriv    func(p []float64, u float64) float64
	starts   func(a0, uPeak float64) [][]float64
	describe func(p []float64, sN, sX float64) map[string]float64
}

// Eval is the scaled throughput y(u) for parameters p.
func (m Model) Eval(p []float64, u float64) float64 { return m.eval(p, u) }

// Deriv is the scaled slope dy/du at u for parameters p.
func (m Model) Deriv(p []float64, u float64) float64 { return m.deriv(p, u) }

// Params maps optimiser coordinates x (any reals) to model parameters p.
func (m Model) Params(x []float64) []float64 { return m.params(x) }

// Describe gives the parameters p of a curve fitted with scales sN and sX in
// real units, named as in Formula.
func (m Model) Describe(p []float64, sN, sX float64) map[string]float64 {
	return m.describe(p, sN, sX)
}

// RooflineSharpness is the fixed k of the two-parameter soft roofline. k = 8
// bends within about ±15% of the corner, which is as sharp as a measured GPU
// saturation gets.
const RooflineSharpness = 8

// Bounds of the fitted sharpness of RooflineK: k = 1 is Amdahl's curve, and
// beyond k = 64 the corner is sharper than any ladder of levels resolves.
const (
	minSharpness = 1
	maxSharpness = 64
)

// The candidate models, fewest parameters first.
var (
	// Linear is proportional scaling, X = λ·N: the null model of a sweep that
	// never saturates. Its elasticity is 1 everywhere, so it has no knee.
	Linear = Model{
		Name: "linear", Formula: "X = λ·N", NParams: 1,
		params: expAll,
		eval:   linear, deriv: linearDeriv,
		starts: func(a0, _ float64) [][]float64 { return [][]float64{{math.Log(a0)}} },
		describe: func(p []float64, sN, sX float64) map[string]float64 {
			return map[string]float64{"lambda": p[0] * sX / sN}
		},
	}

	// Amdahl is Amdahl's law as a throughput curve (G. M. Amdahl, "Validity
	// of the single processor approach to achieving large scale computing
	// capabilities", AFIPS 1967), written as Gunther's USL with κ = 0:
	// λN/(1 + σ(N−1)) rescaled to X = λ·N/(1 + σ·N). Throughput saturates
	// smoothly toward λ/σ; e(N) = 1/(1 + σN).
	Amdahl = Model{
		Name: "amdahl", Formula: "X = λ·N / (1 + σ·N)", NParams: 2,
		params: expAll,
		eval:   amdahl, deriv: amdahlDeriv,
		starts: func(a0, _ float64) [][]float64 {
			return [][]float64{{math.Log(a0), math.Log(a0)}, {math.Log(a0), math.Log(a0 / 4)}, {math.Log(a0), math.Log(4 * a0)}}
		},
		describe: func(p []float64, sN, sX float64) map[string]float64 {
			return map[string]float64{"lambda": p[0] * sX / sN, "sigma": p[1] / sN, "x_max": p[0] / p[1] * sX}
		},
	}

	// Roofline is the roofline model (S. Williams, A. Waterman, D. Patterson,
	// "Roofline: an insightful visual performance model for multicore
	// architectures", CACM 52(4), 2009), X = min(λ·N, X_max), with its corner
	// smoothed by the k-norm soft minimum at the fixed k = RooflineSharpness:
	// X = λN / (1 + (λN/X_max)^k)^(1/k). Its elasticity is 1/(1 + (λN/X_max)^k).
	Roofline = Model{
		Name: "roofline", Formula: "X = λ·N / (1 + (λ·N/X_max)^8)^(1/8)", NParams: 2,
		params: expAll,
		eval:   func(p []float64, u float64) float64 { return softMin(p[0], p[1], RooflineSharpness, u) },
		deriv:  func(p []float64, u float64) float64 { return softMinDeriv(p[0], p[1], RooflineSharpness, u) },
		starts: func(a0, _ float64) [][]float64 {
			return [][]float64{{math.Log(a0), 0}, {math.Log(a0), math.Log(0.8)}}
		},
		describe: func(p []float64, sN, sX float64) map[string]float64 {
			return map[string]float64{"lambda": p[0] * sX / sN, "x_max": p[1] * sX, "k": RooflineSharpness}
		},
	}

	// USLKappa is the USL with its linear term dropped, X = λ·N/(1 + κ·N²)
	// (Gunther's form with σ = κ, rescaled): the two-parameter retrograde
	// curve for short sweeps. Throughput peaks at N = 1/√κ and falls beyond.
	USLKappa = Model{
		Name: "usl-kappa", Formula: "X = λ·N / (1 + κ·N²)", NParams: 2,
		params: expAll,
		eval:   uslKappa, deriv: uslKappaDeriv,
		starts: func(a0, uPeak float64) [][]float64 {
			c := 1 / (uPeak * uPeak)
			return [][]float64{{math.Log(a0), math.Log(c)}, {math.Log(a0), math.Log(c / 4)}}
		},
		describe: func(p []float64, sN, sX float64) map[string]float64 {
			return map[string]float64{"lambda": p[0] * sX / sN, "kappa": p[1] / (sN * sN), "n_peak": sN / math.Sqrt(p[1])}
		},
	}

	// RooflineK is the soft roofline with its sharpness fitted too,
	// 1 < k < 64 (k = 1 is Amdahl's curve).
	RooflineK = Model{
		Name: "roofline-k", Formula: "X = λ·N / (1 + (λ·N/X_max)^k)^(1/k)", NParams: 3,
		params: func(x []float64) []float64 {
			return []float64{math.Exp(x[0]), math.Exp(x[1]), minSharpness + (maxSharpness-minSharpness)/(1+math.Exp(-x[2]))}
		},
		eval:  func(p []float64, u float64) float64 { return softMin(p[0], p[1], p[2], u) },
		deriv: func(p []float64, u float64) float64 { return softMinDeriv(p[0], p[1], p[2], u) },
		starts: func(a0, _ float64) [][]float64 {
			return [][]float64{{math.Log(a0), 0, -2}, {math.Log(a0), 0, 1}, {math.Log(a0), math.Log(0.8), 3}}
		},
		describe: func(p []float64, sN, sX float64) map[string]float64 {
			return map[string]float64{"lambda": p[0] * sX / sN, "x_max": p[1] * sX, "k": p[2]}
		},
	}

	// USL is Gunther's Universal Scalability Law, X = λN/(1 + σ(N−1) +
	// κN(N−1)) (N. J. Gunther, "A Simple Capacity Model of Massively
	// Parallel Transaction Systems", CMG 1993; "Guerrilla Capacity
	// Planning", Springer 2007, ch. 4), with contention σ and coherency κ.
	// It is fitted as y = a·u/(1 + s·u + c·u²), the same curve rescaled, and
	// Describe converts back. κ > 0 makes throughput fall past its peak
	// N = 1/√c' (retrograde scaling).
	USL = Model{
		Name: "usl", Formula: "X = λ·N / (1 + σ·(N−1) + κ·N·(N−1))", NParams: 3,
		params: expAll,
		eval:   usl, deriv: uslDeriv,
		starts: func(a0, uPeak float64) [][]float64 {
			c := 1 / (uPeak * uPeak)
			return [][]float64{{math.Log(a0), math.Log(a0 / 2), math.Log(c)}, {math.Log(a0), math.Log(0.01), math.Log(c)}, {math.Log(a0), math.Log(a0), math.Log(c / 10)}}
		},
		describe: uslDescribe,
	}
)

// Models lists every model, fewest parameters first (a fresh slice).
func Models() []Model {
	return []Model{Linear, Amdahl, Roofline, USLKappa, RooflineK, USL}
}

// Candidates lists the models a curve of n levels can support. AICc needs
// n > K + 1 with K = NParams + 1 (the residual variance counts), so
// two-parameter models need five levels and three-parameter models six.
func Candidates(n int) []Model {
	var out []Model
	for _, m := range Models() {
		if n > m.NParams+2 {
			out = append(out, m)
		}
	}
	return out
}

// linear is y = a·u.
func linear(p []float64, u float64) float64 { return p[0] * u }

// linearDeriv is y' = a.
func linearDeriv(p []float64, _ float64) float64 { return p[0] }

// amdahl is y = a·u / (1 + s·u).
func amdahl(p []float64, u float64) float64 { return p[0] * u / (1 + p[1]*u) }

// amdahlDeriv is y' = a / (1 + s·u)².
func amdahlDeriv(p []float64, u float64) float64 {
	d := 1 + p[1]*u
	return p[0] / (d * d)
}

// uslKappa is y = a·u / (1 + c·u²).
func uslKappa(p []float64, u float64) float64 { return p[0] * u / (1 + p[1]*u*u) }

// uslKappaDeriv is y' = a·(1 − c·u²) / (1 + c·u²)².
func uslKappaDeriv(p []float64, u float64) float64 {
	d := 1 + p[1]*u*u
	return p[0] * (1 - p[1]*u*u) / (d * d)
}

// usl is y = a·u / (1 + s·u + c·u²).
func usl(p []float64, u float64) float64 { return p[0] * u / (1 + p[1]*u + p[2]*u*u) }

// uslDeriv is y' = a·(1 − c·u²) / (1 + s·u + c·u²)².
func uslDeriv(p []float64, u float64) float64 {
	d := 1 + p[1]*u + p[2]*u*u
	return p[0] * (1 - p[2]*u*u) / (d * d)
}

// uslDescribe converts y = a·u/(1 + s·u + c·u²) back to Gunther's λ, σ, κ in
// real units: with N = u·sN, 1 + σ(N−1) + κN(N−1) = (1−σ)(1 + s'N + c'N²)
// where s' = (σ−κ)/(1−σ) and c' = κ/(1−σ); so 1−σ = 1/(1 + s' + c').
func uslDescribe(p []float64, sN, sX float64) map[string]float64 {
	sp, cp := p[1]/sN, p[2]/(sN*sN)
	d := 1 / (1 + sp + cp)
	lam := p[0] * sX / sN // λ' = λ/(1−σ), the rescaled slope in real units
	return map[string]float64{
		"lambda": lam * d,
		"sigma":  1 - d,
		"kappa":  cp * d,
		"n_peak": sN / math.Sqrt(p[2]),
	}
}

// softMinSaturated is the t = a·u/b beyond which the soft minimum is taken
// as b (within 1e-6 relative at k = 1, far closer at the usual k) and its
// slope as 0; it keeps t^k from overflowing.
const softMinSaturated = 1e6

// softMin is the k-norm soft minimum of a·u and b:
// a·u / (1 + (a·u/b)^k)^(1/k) = ((a·u)^−k + b^−k)^(−1/k).
func softMin(a, b, k, u float64) float64 {
	t := a * u / b
	if t > softMinSaturated {
		return b
	}
	return a * u / math.Pow(1+math.Pow(t, k), 1/k)
}

// softMinDeriv is d/du of softMin: a · (1 + t^k)^(−1/k − 1), t = a·u/b.
func softMinDeriv(a, b, k, u float64) float64 {
	t := a * u / b
	if t > softMinSaturated {
		return 0
	}
	return a * math.Pow(1+math.Pow(t, k), -1/k-1)
}

// expAll maps every coordinate to a positive parameter.
func expAll(x []float64) []float64 {
	p := make([]float64, len(x))
	for i, v := range x {
		p[i] = math.Exp(v)
	}
	return p
}

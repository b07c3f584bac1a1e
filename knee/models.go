package knee

import "math"

// A throughput model y(u) over scaled concurrency u = N / N_max and scaled
// throughput y = X / X_max (unit magnitudes keep Nelder–Mead well
// conditioned). Every model passes through the origin with low-load slope
// a = y'(0), because zero requests in flight serve zero tokens; the knee
// definition is therefore the same formula for every model:
//
//	knee = min { u > 0 : y'(u) ≤ f · y'(0) }
//
// Parameters are optimised in an unconstrained space x and mapped to the
// model's (positive) parameters, so no constrained optimiser is needed.
type curveModel struct {
	name    string
	formula string
	nParams int
	// params maps optimiser coordinates to model parameters.
	params func(x []float64) []float64
	eval   func(p []float64, u float64) float64
	deriv  func(p []float64, u float64) float64
	// starts are initial x for the optimiser given the data's lowest-level
	// slope a0, highest throughput ymax (scaled: 1) and the u of the peak.
	starts func(a0, uPeak float64) [][]float64
	// describe gives the parameters in real units (per-GPU or total N, X).
	describe func(p []float64, sN, sX float64) map[string]float64
}

// rooflineSharpness is the fixed k of the two-parameter soft roofline:
// y = a·u / (1 + (a·u/b)^k)^(1/k). k = 8 bends within about ±15% of the
// corner, which is as sharp as a measured GPU saturation gets.
const rooflineSharpness = 8

var (
	modelLinear = curveModel{
		name: "linear", formula: "X = λ·N", nParams: 1,
		params: func(x []float64) []float64 { return []float64{math.Exp(x[0])} },
		eval:   func(p []float64, u float64) float64 { return p[0] * u },
		deriv:  func(p []float64, u float64) float64 { return p[0] },
		starts: func(a0, _ float64) [][]float64 { return [][]float64{{math.Log(a0)}} },
		describe: func(p []float64, sN, sX float64) map[string]float64 {
			return map[string]float64{"lambda": p[0] * sX / sN}
		},
	}
	// Amdahl's law in USL form (κ = 0): smooth saturation toward λ/σ.
	modelAmdahl = curveModel{
		name: "amdahl", formula: "X = λ·N / (1 + σ·N)", nParams: 2,
		params: func(x []float64) []float64 { return []float64{math.Exp(x[0]), math.Exp(x[1])} },
		eval:   func(p []float64, u float64) float64 { return p[0] * u / (1 + p[1]*u) },
		deriv: func(p []float64, u float64) float64 {
			d := 1 + p[1]*u
			return p[0] / (d * d)
		},
		starts: func(a0, _ float64) [][]float64 {
			return [][]float64{{math.Log(a0), math.Log(a0)}, {math.Log(a0), math.Log(a0 / 4)}, {math.Log(a0), math.Log(4 * a0)}}
		},
		describe: func(p []float64, sN, sX float64) map[string]float64 {
			return map[string]float64{"lambda": p[0] * sX / sN, "sigma": p[1] / sN, "x_max": p[0] / p[1] * sX}
		},
	}
	modelRoofline = curveModel{
		name: "roofline", formula: "X = λ·N / (1 + (λ·N/X_max)^8)^(1/8)", nParams: 2,
		params: func(x []float64) []float64 { return []float64{math.Exp(x[0]), math.Exp(x[1])} },
		eval: func(p []float64, u float64) float64 {
			return softMin(p[0], p[1], rooflineSharpness, u)
		},
		deriv: func(p []float64, u float64) float64 {
			return softMinDeriv(p[0], p[1], rooflineSharpness, u)
		},
		starts: func(a0, _ float64) [][]float64 {
			return [][]float64{{math.Log(a0), 0}, {math.Log(a0), math.Log(0.8)}}
		},
		describe: func(p []float64, sN, sX float64) map[string]float64 {
			return map[string]float64{"lambda": p[0] * sX / sN, "x_max": p[1] * sX, "k": rooflineSharpness}
		},
	}
	// The roofline with its sharpness k fitted too, 1 < k < 64.
	modelRooflineK = curveModel{
		name: "roofline-k", formula: "X = λ·N / (1 + (λ·N/X_max)^k)^(1/k)", nParams: 3,
		params: func(x []float64) []float64 {
			return []float64{math.Exp(x[0]), math.Exp(x[1]), 1 + 63/(1+math.Exp(-x[2]))}
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
	// The Universal Scalability Law with contention σ and coherency κ,
	// fitted as y = a·u / (1 + s·u + c·u²), which is Gunther's
	// X = λN / (1 + σ(N−1) + κN(N−1)) rescaled; describe converts back.
	// κ > 0 makes throughput fall past a peak (retrograde).
	modelUSL = curveModel{
		name: "usl", formula: "X = λ·N / (1 + σ·(N−1) + κ·N·(N−1))", nParams: 3,
		params: func(x []float64) []float64 { return []float64{math.Exp(x[0]), math.Exp(x[1]), math.Exp(x[2])} },
		eval:   func(p []float64, u float64) float64 { return p[0] * u / (1 + p[1]*u + p[2]*u*u) },
		deriv: func(p []float64, u float64) float64 {
			d := 1 + p[1]*u + p[2]*u*u
			return p[0] * (1 - p[2]*u*u) / (d * d)
		},
		starts: func(a0, uPeak float64) [][]float64 {
			c := 1 / (uPeak * uPeak)
			return [][]float64{{math.Log(a0), math.Log(a0 / 2), math.Log(c)}, {math.Log(a0), math.Log(0.01), math.Log(c)}, {math.Log(a0), math.Log(a0), math.Log(c / 10)}}
		},
		describe: uslDescribe,
	}
	// USL's coherency term alone: the two-parameter retrograde curve for short
	// sweeps; throughput peaks at N = 1/√κ and falls beyond.
	modelUSLKappa = curveModel{
		name: "usl-kappa", formula: "X = λ·N / (1 + κ·N²)", nParams: 2,
		params: func(x []float64) []float64 { return []float64{math.Exp(x[0]), 0, math.Exp(x[1])} },
		eval:   func(p []float64, u float64) float64 { return p[0] * u / (1 + p[2]*u*u) },
		deriv: func(p []float64, u float64) float64 {
			d := 1 + p[2]*u*u
			return p[0] * (1 - p[2]*u*u) / (d * d)
		},
		starts: func(a0, uPeak float64) [][]float64 {
			c := 1 / (uPeak * uPeak)
			return [][]float64{{math.Log(a0), math.Log(c)}, {math.Log(a0), math.Log(c / 4)}}
		},
		describe: func(p []float64, sN, sX float64) map[string]float64 {
			return map[string]float64{"lambda": p[0] * sX / sN, "kappa": p[2] / (sN * sN), "n_peak": sN / math.Sqrt(p[2])}
		},
	}
)

// candidateModels lists every model, fewest parameters first.
var candidateModels = []curveModel{modelLinear, modelAmdahl, modelRoofline, modelUSLKappa, modelRooflineK, modelUSL}

// uslDescribe converts y = a·u/(1 + s·u + c·u²) back to Gunther's λ, σ, κ
// in real units: with N = u·sN, 1 + σ(N−1) + κN(N−1) = (1−σ)(1 + s'N + c'N²)
// where s' = (σ−κ)/(1−σ), c' = κ/(1−σ); so 1−σ = 1/(1+s'+c').
func uslDescribe(p []float64, sN, sX float64) map[string]float64 {
	sp, cp := p[1]/sN, p[2]/(sN*sN)
	d := 1 / (1 + sp + cp)
	lam := p[0] * sX / sN // λ' in real units
	out := map[string]float64{
		"lambda": lam * d,
		"sigma":  1 - d,
		"kappa":  cp * d,
	}
	if p[2] > 0 {
		out["n_peak"] = sN / math.Sqrt(p[2])
	}
	return out
}

// softMin is min(a·u, b) with sharpness k: a·u / (1 + (a·u/b)^k)^(1/k).
func softMin(a, b, k, u float64) float64 {
	t := a * u / b
	if t > 1e6 {
		return b
	}
	return a * u / math.Pow(1+math.Pow(t, k), 1/k)
}

// softMinDeriv is d/du of softMin: a · (1 + t^k)^(−1/k − 1), t = a·u/b.
func softMinDeriv(a, b, k, u float64) float64 {
	t := a * u / b
	if t > 1e6 {
		return 0
	}
	return a * math.Pow(1+math.Pow(t, k), -1/k-1)
}

package fit

import (
	"context"
	"math"
	"math/rand/v2"
)

// eStar is the elasticity threshold knee's caller passes.
const eStar = 1.0 / 3

// The SIMULATED ground truths of the tests, in real units: a ladder of
// 16 levels N = 2^(i/2) = 1 … 181, and throughput curves with known knees
// inside it.
func ladder(levels int) []float64 {
	n := make([]float64, levels)
	for i := range n {
		n[i] = math.Pow(2, float64(i)/2)
	}
	return n
}

type truth struct {
	name string
	x    func(n float64) float64
	knee float64 // the elasticity knee at eStar, in closed form
}

// amdahlTruth is X = λN/(1+σN); knee = (1/e* − 1)/σ.
func amdahlTruth(lambda, sigma float64) truth {
	return truth{
		name: "amdahl",
		x:    func(n float64) float64 { return lambda * n / (1 + sigma*n) },
		knee: (1/eStar - 1) / sigma,
	}
}

// rooflineTruth is the k-norm soft roofline; e = 1/(1 + t^k), t = λN/X_max,
// so knee = (X_max/λ)·(1/e* − 1)^(1/k).
func rooflineTruth(lambda, xMax, k float64) truth {
	return truth{
		name: "roofline",
		x:    func(n float64) float64 { return lambda * n / math.Pow(1+math.Pow(lambda*n/xMax, k), 1/k) },
		knee: xMax / lambda * math.Pow(1/eStar-1, 1/k),
	}
}

// uslTruth is Gunther's X = λN/(1 + σ(N−1) + κN(N−1)) = λ'N/(1 + s'N + c'N²)
// with s' = (σ−κ)/(1−σ), c' = κ/(1−σ); e = (1 − c'N²)/(1 + s'N + c'N²), so
// the knee is the positive root of c'(1+e*)N² + e*·s'N − (1−e*) = 0.
func uslTruth(lambda, sigma, kappa float64) truth {
	s, c := (sigma-kappa)/(1-sigma), kappa/(1-sigma)
	return truth{
		name: "usl",
		x:    func(n float64) float64 { return lambda * n / (1 + sigma*(n-1) + kappa*n*(n-1)) },
		knee: uslKnee(s, c, eStar),
	}
}

func uslKnee(s, c, e float64) float64 {
	return (-e*s + math.Sqrt(e*e*s*s+4*c*(1+e)*(1-e))) / (2 * c * (1 + e))
}

// simulate samples t at the ladder with `repeats` runs per level, each with
// multiplicative log-normal noise of relative size `noise` from a seeded
// generator (deterministic). X is the mean of the repeats.
func simulate(t truth, levels, repeats int, noise float64, seed uint64) Data {
	rng := rand.New(rand.NewPCG(seed, 7))
	d := Data{N: ladder(levels)}
	for _, n := range d.N {
		r := make([]float64, repeats)
		var s float64
		for j := range r {
			r[j] = t.x(n) * math.Exp(noise*rng.NormFloat64())
			s += r[j]
		}
		d.X = append(d.X, s/float64(repeats))
		d.Repeats = append(d.Repeats, r)
	}
	return d
}

func relErr(got, want float64) float64 { return math.Abs(got-want) / math.Abs(want) }

// All is AllContext without a deadline, as the tests call it.
func All(d Data) ([]Curve, error) { return AllContext(context.Background(), d) }

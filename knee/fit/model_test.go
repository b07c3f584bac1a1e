package fit

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/diff/fd"
)

// TestDerivMatchesFiniteDifference checks every model's analytic derivative
// against gonum's central finite difference of its Eval.
func TestDerivMatchesFiniteDifference(t *testing.T) {
	params := map[string][][]float64{
		"linear":     {{1}, {3.7}},
		"amdahl":     {{2, 1}, {5, 0.3}, {1.2, 8}},
		"roofline":   {{2, 1}, {6, 0.8}},
		"usl-kappa":  {{2, 1}, {3, 0.2}},
		"roofline-k": {{2, 1, 1.5}, {4, 0.9, 8}, {3, 1, 30}},
		"usl":        {{2, 0.5, 1}, {5, 3, 0.1}, {1.5, 0.01, 4}},
	}
	us := []float64{0.01, 0.1, 0.3, 0.45, 0.7, 1, 1.6, 3}
	var worst float64
	for _, m := range Models() {
		ps, ok := params[m.Name]
		if !ok {
			t.Fatalf("no test parameters for %s", m.Name)
		}
		for _, p := range ps {
			if len(p) != m.NParams {
				t.Fatalf("%s: %d test parameters, model has %d", m.Name, len(p), m.NParams)
			}
			f := func(u float64) float64 { return m.Eval(p, u) }
			for _, u := range us {
				got := m.Deriv(p, u)
				want := fd.Derivative(f, u, &fd.Settings{Formula: fd.Central})
				// Relative error, except where the slope itself is
				// negligible next to the curve's scale (at a USL peak).
				scale := math.Max(math.Abs(want), 1e-3*math.Abs(m.Deriv(p, 0)))
				e := math.Abs(got-want) / scale
				worst = math.Max(worst, e)
				if !(e < 1e-6) {
					t.Errorf("%s p=%v u=%g: Deriv = %.12g, finite difference %.12g (relative error %.2g)", m.Name, p, u, got, want, e)
				}
			}
		}
	}
	t.Logf("worst relative error against fd.Central: %.2g", worst)
}

// TestParamsMapping checks that any optimiser coordinates map to parameters
// in each model's domain, one per NParams.
func TestParamsMapping(t *testing.T) {
	for _, m := range Models() {
		for _, v := range []float64{-50, -3, 0, 2, 50} {
			x := make([]float64, m.NParams)
			for i := range x {
				x[i] = v
			}
			p := m.Params(x)
			if len(p) != m.NParams {
				t.Fatalf("%s: %d parameters, want %d", m.Name, len(p), m.NParams)
			}
			for i, pi := range p {
				if !(pi > 0) || math.IsInf(pi, 0) {
					t.Errorf("%s x=%v: parameter %d = %g, want positive and finite", m.Name, x, i, pi)
				}
			}
			if m.Name == "roofline-k" && !(p[2] >= minSharpness && p[2] <= maxSharpness) {
				t.Errorf("roofline-k x=%v: k = %g outside [%d, %d]", x, p[2], minSharpness, maxSharpness)
			}
		}
	}
}

// TestCandidates checks that AICc's n > K+1 decides which models a curve
// of n levels supports.
func TestCandidates(t *testing.T) {
	for _, c := range []struct{ n, want int }{{3, 0}, {4, 1}, {5, 4}, {6, 6}, {16, 6}} {
		if got := len(Candidates(c.n)); got != c.want {
			t.Errorf("Candidates(%d): %d models, want %d", c.n, got, c.want)
		}
	}
}

// TestUSLDescribeRoundTrip checks the conversion of the fitted form
// a·u/(1+s·u+c·u²) back to Gunther's λ, σ, κ in real units.
func TestUSLDescribeRoundTrip(t *testing.T) {
	lambda, sigma, kappa := 40.0, 0.05, 0.001
	sN, sX := 128.0, 2000.0
	// Gunther's form rescaled: λ' = λ/(1−σ), s' = (σ−κ)/(1−σ), c' = κ/(1−σ),
	// then to scaled units u = N/sN, y = X/sX.
	lp, sp, cp := lambda/(1-sigma), (sigma-kappa)/(1-sigma), kappa/(1-sigma)
	p := []float64{lp * sN / sX, sp * sN, cp * sN * sN}
	got := USL.Describe(p, sN, sX)
	for k, want := range map[string]float64{"lambda": lambda, "sigma": sigma, "kappa": kappa, "n_peak": 1 / math.Sqrt(cp)} {
		if e := relErr(got[k], want); !(e < 1e-12) {
			t.Errorf("%s = %.15g, want %.15g", k, got[k], want)
		}
	}
	// And the curve it describes is the same curve.
	for _, n := range []float64{1, 10, 50, 200} {
		x := lambda * n / (1 + sigma*(n-1) + kappa*n*(n-1))
		if e := relErr(sX*USL.Eval(p, n/sN), x); !(e < 1e-12) {
			t.Errorf("N=%g: rescaled USL gives %g, Gunther's %g", n, sX*USL.Eval(p, n/sN), x)
		}
	}
}

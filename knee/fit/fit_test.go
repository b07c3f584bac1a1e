package fit

import (
	"math"
	"strings"
	"testing"
)

func truths() []truth {
	return []truth{
		amdahlTruth(50, 0.04),          // knee 50
		rooflineTruth(50, 2000, 8),     // corner 40, knee 43.6
		uslTruth(50, 0.02, 0.0002),     // peak 70, knee 38.6
		rooflineTruth(30, 2400, 3),     // a soft corner at 80, knee 100.8: only roofline-k has k = 3
		amdahlTruth(1000, 0.1),         // early saturation: knee 20
		uslTruth(1000, 0.05, 0.000005), // nearly Amdahl: knee 37.4, peak 436 beyond the ladder
	}
}

// TestRecovery fits SIMULATED curves of known parameters, exactly and with
// 2% noise on each of 3 repeats: the chosen curve's knee is within 5% of the
// true one.
func TestRecovery(t *testing.T) {
	for _, tr := range truths() {
		for _, noise := range []float64{0, 0.02} {
			d := simulate(tr, 16, 3, noise, 42)
			cs, err := All(d)
			if err != nil {
				t.Fatal(err)
			}
			best, ok := Best(cs)
			if !ok {
				t.Fatalf("%s noise %g: no model converged", tr.name, noise)
			}
			got := best.Knee(eStar, 4*d.N[len(d.N)-1])
			t.Logf("%s noise %g: chose %s (R² %.5f), knee %.3f, true %.3f", tr.name, noise, best.Model.Name, best.R2, got, tr.knee)
			if e := relErr(got, tr.knee); !(e < 0.05) {
				t.Errorf("%s noise %g: %s knee %.4g, true %.4g (%.1f%% off)", tr.name, noise, best.Model.Name, got, tr.knee, 100*e)
			}
			if noise == 0 && !(best.R2 > 0.999) {
				t.Errorf("%s: exact data fitted with R² %.5f", tr.name, best.R2)
			}
		}
	}
}

// TestRecoveryExactModel: on exact SIMULATED data from a model in the
// family, that model's own fit recovers its parameters (real units).
func TestRecoveryExactModel(t *testing.T) {
	d := simulate(uslTruth(50, 0.02, 0.0002), 16, 1, 0, 1)
	c, ok := Fit(USL, d)
	if !ok {
		t.Fatal("USL did not converge")
	}
	got := c.Describe()
	for k, want := range map[string]float64{"lambda": 50, "sigma": 0.02, "kappa": 0.0002} {
		if e := relErr(got[k], want); !(e < 1e-3) {
			t.Errorf("USL %s = %.6g, want %g", k, got[k], want)
		}
	}
	a, ok := Fit(Amdahl, simulate(amdahlTruth(50, 0.04), 16, 1, 0, 1))
	if !ok {
		t.Fatal("Amdahl did not converge")
	}
	if g := a.Describe(); relErr(g["lambda"], 50) > 1e-4 || relErr(g["sigma"], 0.04) > 1e-4 || relErr(g["x_max"], 1250) > 1e-4 {
		t.Errorf("Amdahl parameters %v, want λ 50, σ 0.04, x_max 1250", g)
	}
	// The curve's real-unit methods agree with the truth.
	tr := amdahlTruth(50, 0.04)
	for _, n := range []float64{1, 30, 181} {
		if e := relErr(a.Throughput(n), tr.x(n)); e > 1e-4 {
			t.Errorf("Throughput(%g) = %g, true %g", n, a.Throughput(n), tr.x(n))
		}
		if e := relErr(a.Slope(n), 50/math.Pow(1+0.04*n, 2)); e > 1e-3 {
			t.Errorf("Slope(%g) = %g, true %g", n, a.Slope(n), 50/math.Pow(1+0.04*n, 2))
		}
	}
}

// TestAICcPrefersAmdahl: on SIMULATED Amdahl data with noise, Amdahl's AICc
// is far below linear's, and Best does not pick linear.
func TestAICcPrefersAmdahl(t *testing.T) {
	for _, noise := range []float64{0, 0.02, 0.05} {
		d := simulate(amdahlTruth(50, 0.04), 16, 3, noise, 7)
		cs, err := All(d)
		if err != nil {
			t.Fatal(err)
		}
		by := map[string]Curve{}
		for _, c := range cs {
			by[c.Model.Name] = c
		}
		am, lin := by["amdahl"], by["linear"]
		if am.P == nil || lin.P == nil {
			t.Fatalf("noise %g: amdahl or linear missing from %d curves", noise, len(cs))
		}
		if !(am.AICc < lin.AICc-10) {
			t.Errorf("noise %g: AICc amdahl %.2f, linear %.2f: want amdahl well below", noise, am.AICc, lin.AICc)
		}
		if b, _ := Best(cs); b.Model.Name == "linear" {
			t.Errorf("noise %g: Best chose linear", noise)
		}
	}
}

// TestInvariance: the knee is in the units of N and does not depend on the
// units of X; scaling N by 8 scales it by 8, scaling X by 1000 keeps it.
func TestInvariance(t *testing.T) {
	for _, tr := range truths()[:3] {
		d := simulate(tr, 16, 3, 0.02, 3)
		ref := bestKnee(t, d)
		for _, c := range []struct {
			nScale, xScale float64
		}{{1, 1000}, {8, 1}, {8, 1000}, {1, 1e-3}} {
			s := Data{}
			for i := range d.N {
				s.N = append(s.N, d.N[i]*c.nScale)
				s.X = append(s.X, d.X[i]*c.xScale)
			}
			got := bestKnee(t, s)
			if e := relErr(got, ref*c.nScale); !(e < 1e-6) {
				t.Errorf("%s N×%g X×%g: knee %.10g, want %.10g", tr.name, c.nScale, c.xScale, got, ref*c.nScale)
			}
		}
	}
}

func bestKnee(t *testing.T, d Data) float64 {
	t.Helper()
	return fitBest(t, d).Knee(eStar, 4*d.N[len(d.N)-1])
}

// TestValidate: bad data are refused with a reason, never fitted.
func TestValidate(t *testing.T) {
	ok := Data{N: []float64{1, 2, 4, 8, 16}, X: []float64{10, 19, 35, 55, 70}}
	for _, c := range []struct {
		name string
		d    Data
		want string
	}{
		{"lengths", Data{N: []float64{1, 2}, X: []float64{1}}, "concurrencies but"},
		{"empty", Data{}, "no levels"},
		{"zero X", Data{N: []float64{1, 2}, X: []float64{1, 0}}, "positive and finite"},
		{"NaN N", Data{N: []float64{math.NaN(), 2}, X: []float64{1, 2}}, "positive and finite"},
		{"Inf X", Data{N: []float64{1, 2}, X: []float64{1, math.Inf(1)}}, "positive and finite"},
		{"order", Data{N: []float64{2, 1}, X: []float64{1, 2}}, "ascending"},
		{"repeat count", Data{N: ok.N, X: ok.X, Repeats: [][]float64{{1}}}, "repeats for 1 levels"},
		{"repeat value", Data{N: []float64{1}, X: []float64{1}, Repeats: [][]float64{{1, math.NaN()}}}, "repeat throughput"},
	} {
		err := c.d.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
		if cs, err := All(c.d); err == nil || cs != nil {
			t.Errorf("%s: All fitted %d curves, err %v", c.name, len(cs), err)
		}
		if _, fitted := Fit(Amdahl, c.d); fitted {
			t.Errorf("%s: Fit accepted invalid data", c.name)
		}
	}
	if err := ok.Validate(); err != nil {
		t.Errorf("valid data refused: %v", err)
	}
	// Too few levels for any model: no curves, no error.
	if cs, err := All(Data{N: []float64{1, 2, 4}, X: []float64{1, 2, 3}}); err != nil || len(cs) != 0 {
		t.Errorf("3 levels: %d curves, err %v; want none, nil", len(cs), err)
	}
	if _, ok := Best(nil); ok {
		t.Error("Best(nil) reported a curve")
	}
}

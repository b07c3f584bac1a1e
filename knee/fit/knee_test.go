package fit

import (
	"math"
	"testing"
)

// TestKneeAmdahlClosedForm: e = 1/(1+σN), so knee = (1/e* − 1)/σ, in real
// units whatever the scales.
func TestKneeAmdahlClosedForm(t *testing.T) {
	for _, c := range []struct{ a, s, sN, sX, eStar float64 }{
		{1, 1, 1, 1, eStar},
		{3, 0.25, 128, 5000, eStar},
		{0.7, 12, 16, 900, 0.5},
		{2, 2, 64, 1, 0.1},
	} {
		cv := Curve{Model: Amdahl, P: []float64{c.a, c.s}, SN: c.sN, SX: c.sX}
		sigma := c.s / c.sN // real units
		want := (1/c.eStar - 1) / sigma
		got := cv.Knee(c.eStar, 1e6)
		if e := relErr(got, want); !(e < 1e-9) {
			t.Errorf("%+v: knee %.12g, want (1/e*−1)/σ = %.12g", c, got, want)
		}
		if e := cv.Elasticity(got); math.Abs(e-c.eStar) > 1e-9 {
			t.Errorf("%+v: elasticity at the knee %.12g, want %g", c, e, c.eStar)
		}
		// Elasticity itself in closed form.
		for _, n := range []float64{0, 0.5, 7, 300} {
			if e, w := cv.Elasticity(n), 1/(1+sigma*n); math.Abs(e-w) > 1e-12 {
				t.Errorf("%+v: e(%g) = %.15g, want 1/(1+σN) = %.15g", c, n, e, w)
			}
		}
	}
}

// TestKneeRooflineCorner: the soft roofline's knee is (1/e* − 1)^(1/k) times
// its corner X_max/λ, within the ±15% the k = 8 soft minimum bends over.
func TestKneeRooflineCorner(t *testing.T) {
	for _, c := range []struct {
		m Model
		p []float64
	}{
		{Roofline, []float64{4, 0.8}},
		{Roofline, []float64{1.5, 1}},
		{RooflineK, []float64{4, 0.8, 8}},
		{RooflineK, []float64{2, 1, 20}},
		{RooflineK, []float64{2, 1, 3}},
	} {
		sN, sX := 256.0, 3000.0
		cv := Curve{Model: c.m, P: c.p, SN: sN, SX: sX}
		k := float64(RooflineSharpness)
		if len(c.p) == 3 {
			k = c.p[2]
		}
		corner := c.p[1] / c.p[0] * sN // X_max/λ in real units
		got := cv.Knee(eStar, 4*sN)
		want := corner * math.Pow(1/eStar-1, 1/k)
		if e := relErr(got, want); !(e < 1e-9) {
			t.Errorf("%s %v: knee %.12g, want %.12g", c.m.Name, c.p, got, want)
		}
		if k >= RooflineSharpness && !(math.Abs(got/corner-1) <= 0.15) {
			t.Errorf("%s %v: knee %.4g is %.1f%% from the corner %.4g", c.m.Name, c.p, got, 100*(got/corner-1), corner)
		}
	}
}

// TestKneeUSL: the elasticity is zero at the USL's peak N = 1/√c, and the
// knee, the root of c(1+e*)N² + e*·s·N − (1−e*) = 0, lies before it.
func TestKneeUSL(t *testing.T) {
	for _, c := range []struct {
		m Model
		p []float64
	}{
		{USL, []float64{2, 0.5, 1}},
		{USL, []float64{5, 3, 0.1}},
		{USL, []float64{1.5, 0.01, 4}},
		{USLKappa, []float64{2, 1}},
		{USLKappa, []float64{3, 0.2}},
	} {
		sN, sX := 100.0, 10.0
		cv := Curve{Model: c.m, P: c.p, SN: sN, SX: sX}
		s, cc := 0.0, c.p[1]
		if len(c.p) == 3 {
			s, cc = c.p[1], c.p[2]
		}
		peak := sN / math.Sqrt(cc)
		if e := cv.Elasticity(peak); math.Abs(e) > 1e-12 {
			t.Errorf("%s %v: elasticity at the peak N = %g is %g, want 0", c.m.Name, c.p, peak, e)
		}
		if sl := cv.Slope(peak); math.Abs(sl) > 1e-12 {
			t.Errorf("%s %v: slope at the peak %g, want 0", c.m.Name, c.p, sl)
		}
		got := cv.Knee(eStar, 4*sN)
		want := uslKnee(s, cc, eStar) * sN
		if e := relErr(got, want); !(e < 1e-9) {
			t.Errorf("%s %v: knee %.12g, want %.12g", c.m.Name, c.p, got, want)
		}
		if !(got < peak) {
			t.Errorf("%s %v: knee %g not before the peak %g", c.m.Name, c.p, got, peak)
		}
		// e* = 0 asks for the peak itself.
		if k0 := cv.Knee(0, 4*sN); relErr(k0, peak) > 1e-9 {
			t.Errorf("%s %v: knee at e* = 0 is %.12g, want the peak %.12g", c.m.Name, c.p, k0, peak)
		}
	}
}

// TestKneeLimits: +Inf past the limit or never, NaN when undefined.
func TestKneeLimits(t *testing.T) {
	am := Curve{Model: Amdahl, P: []float64{1, 1}, SN: 10, SX: 1} // knee at N = 20
	if k := am.Knee(eStar, 19.99); !math.IsInf(k, 1) {
		t.Errorf("knee 20 with limit 19.99: got %g, want +Inf", k)
	}
	if k := am.Knee(eStar, 20.0000001); relErr(k, 20) > 1e-9 {
		t.Errorf("knee 20 with limit just past it: got %g", k)
	}
	lin := Curve{Model: Linear, P: []float64{2}, SN: 1, SX: 1}
	if k := lin.Knee(eStar, 1e9); !math.IsInf(k, 1) {
		t.Errorf("linear: knee %g, want +Inf (e = 1 everywhere)", k)
	}
	if e := lin.Elasticity(123); e != 1 {
		t.Errorf("linear: e = %g, want 1", e)
	}
	flat := Curve{Model: Amdahl, P: []float64{0, 1}, SN: 1, SX: 1} // X'(0) = 0
	if k := flat.Knee(eStar, 10); !math.IsNaN(k) {
		t.Errorf("X'(0) = 0: knee %g, want NaN", k)
	}
	if e := flat.Elasticity(0); !math.IsNaN(e) {
		t.Errorf("X'(0) = 0: e(0) = %g, want NaN", e)
	}
	for _, bad := range []struct{ e, n float64 }{{1, 10}, {-0.1, 10}, {math.NaN(), 10}, {eStar, 0}, {eStar, -1}} {
		if k := am.Knee(bad.e, bad.n); !math.IsNaN(k) {
			t.Errorf("Knee(%g, %g) = %g, want NaN", bad.e, bad.n, k)
		}
	}
	// A knee far below the grid's first point is still found (bisection
	// from the origin): Amdahl with σ so large the knee is at 1e-8.
	steep := Curve{Model: Amdahl, P: []float64{1, 2e8}, SN: 1, SX: 1}
	if k := steep.Knee(eStar, 1); relErr(k, 1e-8) > 1e-9 {
		t.Errorf("steep Amdahl: knee %g, want 1e-8", k)
	}
}

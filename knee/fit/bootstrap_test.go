package fit

import (
	"math"
	"testing"
)

func kneeStat(nMax float64) func(Curve) float64 {
	return func(c Curve) float64 { return c.Knee(eStar, nMax) }
}

func fitBest(t testing.TB, d Data) Curve {
	t.Helper()
	cs, err := All(d)
	if err != nil {
		t.Fatal(err)
	}
	b, ok := Best(cs)
	if !ok {
		t.Fatal("no model converged")
	}
	return b
}

// withoutRepeats is d with its levels' means only: the residual bootstrap.
func withoutRepeats(d Data) Data { return Data{N: d.N, X: d.X} }

// TestBootstrapDeterministic: the same seed gives the same interval, bit for
// bit; another seed another one.
func TestBootstrapDeterministic(t *testing.T) {
	d := simulate(amdahlTruth(50, 0.04), 16, 3, 0.05, 11)
	for _, dd := range []Data{d, withoutRepeats(d)} {
		best := fitBest(t, dd)
		opts := BootstrapOptions{Resamples: 100, Seed: 5, Confidence: 0.95}
		lo1, hi1, n1 := Bootstrap(best, dd, opts, kneeStat(4*181))
		lo2, hi2, n2 := Bootstrap(best, dd, opts, kneeStat(4*181))
		if lo1 != lo2 || hi1 != hi2 || n1 != n2 {
			t.Errorf("repeats %v: same seed, intervals [%v, %v] n=%d and [%v, %v] n=%d", dd.Repeats != nil, lo1, hi1, n1, lo2, hi2, n2)
		}
		if n1 != opts.Resamples || !(lo1 < hi1) {
			t.Errorf("repeats %v: interval [%v, %v] from %d of %d refits", dd.Repeats != nil, lo1, hi1, n1, opts.Resamples)
		}
		opts.Seed = 6
		lo3, hi3, _ := Bootstrap(best, dd, opts, kneeStat(4*181))
		if lo3 == lo1 && hi3 == hi1 {
			t.Errorf("repeats %v: seeds 5 and 6 gave the same interval [%v, %v]", dd.Repeats != nil, lo1, hi1)
		}
	}
}

// TestBootstrapCoversTrueKnee: on noisy SIMULATED Amdahl data (16 levels,
// 3 repeats, 5% noise per repeat) the 95% interval of the Amdahl fit's knee
// contains the true knee in at least 18 of 20 data sets, resampling repeats
// or residuals, and is never wider than ±25%.
//
// The interval is that of the fitted model: it sees the noise, not the
// choice of model. Measured over 300 such data sets, the Amdahl fit's knee
// varies by 2.7% (sd of its log) and the bootstrap says 2.6%; the knee of
// Best varies by 3.7%, because 8% of the data sets choose roofline-k or
// usl, and the interval of Best's knee then covers about 88%, not 95%.
// Callers widen it by the other well-supported models' knees.
func TestBootstrapCoversTrueKnee(t *testing.T) {
	tr := amdahlTruth(50, 0.04)
	for _, repeats := range []bool{true, false} {
		covered := 0
		for seed := uint64(1); seed <= 20; seed++ {
			d := simulate(tr, 16, 3, 0.05, seed)
			if !repeats {
				d = withoutRepeats(d)
			}
			c, ok := Fit(Amdahl, d)
			if !ok {
				t.Fatalf("seed %d: Amdahl did not converge", seed)
			}
			lo, hi, n := Bootstrap(c, d, BootstrapOptions{Resamples: 100, Seed: 1, Confidence: 0.95}, kneeStat(4*181))
			if n != 100 {
				t.Errorf("seed %d repeats %v: %d of 100 refits", seed, repeats, n)
			}
			if lo <= tr.knee && tr.knee <= hi {
				covered++
			}
			if !(hi/lo < 1.5) {
				t.Errorf("seed %d repeats %v: interval [%.3f, %.3f] wider than ±25%%", seed, repeats, lo, hi)
			}
		}
		t.Logf("repeats %v: the 95%% interval covered the true knee %.0f in %d of 20 data sets", repeats, tr.knee, covered)
		if covered < 18 {
			t.Errorf("repeats %v: the 95%% interval covered the true knee in %d of 20 data sets, want ≥ 18", repeats, covered)
		}
	}
}

// TestBootstrapRefusesNothing: no resamples, a bad confidence or an unfitted
// curve give NaN with n = 0.
func TestBootstrapRefusesNothing(t *testing.T) {
	d := simulate(amdahlTruth(50, 0.04), 8, 2, 0.02, 1)
	best := fitBest(t, d)
	for _, c := range []struct {
		name string
		best Curve
		opts BootstrapOptions
	}{
		{"no resamples", best, BootstrapOptions{Resamples: 0, Confidence: 0.9}},
		{"confidence 1", best, BootstrapOptions{Resamples: 10, Confidence: 1}},
		{"confidence 0", best, BootstrapOptions{Resamples: 10}},
		{"unfitted curve", Curve{Model: Amdahl}, BootstrapOptions{Resamples: 10, Confidence: 0.9}},
	} {
		if lo, hi, n := Bootstrap(c.best, d, c.opts, kneeStat(100)); !math.IsNaN(lo) || !math.IsNaN(hi) || n != 0 {
			t.Errorf("%s: [%v, %v] n=%d, want NaN, NaN, 0", c.name, lo, hi, n)
		}
	}
	// A statistic that is always NaN leaves nothing to take quantiles of.
	if lo, _, n := Bootstrap(best, d, BootstrapOptions{Resamples: 10, Confidence: 0.9}, func(Curve) float64 { return math.NaN() }); !math.IsNaN(lo) || n != 0 {
		t.Errorf("NaN statistic: lo %v n %d", lo, n)
	}
}

// BenchmarkFitAll16 fits every candidate to a SIMULATED 16-level sweep with
// 3 repeats per level (Amdahl, 5% noise).
func BenchmarkFitAll16(b *testing.B) {
	d := simulate(amdahlTruth(50, 0.04), 16, 3, 0.05, 1)
	b.ReportAllocs()
	for b.Loop() {
		if cs, err := All(d); err != nil || len(cs) != 6 {
			b.Fatalf("%d curves, err %v", len(cs), err)
		}
	}
}

// BenchmarkBootstrap200 is 200 repeat-bootstrap refits of the chosen model
// of the same sweep, with the knee as statistic.
func BenchmarkBootstrap200(b *testing.B) {
	d := simulate(amdahlTruth(50, 0.04), 16, 3, 0.05, 1)
	best := fitBest(b, d)
	opts := BootstrapOptions{Resamples: 200, Seed: 1, Confidence: 0.95}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, n := Bootstrap(best, d, opts, kneeStat(4*181)); n == 0 {
			b.Fatal("no refits")
		}
	}
}

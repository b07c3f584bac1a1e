package knee_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// SIMULATED sweeps from known throughput models. Each states its true knee
// under the package's definition (the elasticity N·X'/X falls to e* = 1/3):
//
//	roofline:  X = min(150·N, 15000) per GPU          knee = 100 (the corner)
//	amdahl:    X = 150·N / (1 + N/80)                 knee = 160 (2/σ exactly, for e* = 1/3)
//	usl:       X = 150·N / (1 + 0.002(N−1) + 4e-5·N(N−1))  knee solved numerically below
//
// TTFT follows Little's law: flat (40 ms, +20% up to the knee) below the
// knee, then one service time (1/request rate, 128 output tokens) per extra
// request in flight.
type simModel struct {
	name string
	thr  func(n float64) float64 // output tok/s per GPU
	knee float64
}

const simOutputTokens = 128

func simModels() []simModel {
	usl := func(n float64) float64 { return 150 * n / (1 + 0.002*(n-1) + 4e-5*n*(n-1)) }
	return []simModel{
		{"roofline", func(n float64) float64 { return math.Min(150*n, 15000) }, 100},
		{"amdahl", func(n float64) float64 { return 150 * n / (1 + n/80) }, 160},
		{"usl", usl, trueKnee(usl, 1.0/3)},
	}
}

// trueKnee solves N·X'(N)/X(N) = e* by bisection on central differences:
// an independent check on the package's solution.
func trueKnee(x func(float64) float64, eStar float64) float64 {
	e := func(n float64) float64 { h := 1e-4 * math.Max(n, 1); return n * (x(n+h) - x(n-h)) / (2 * h) / x(n) }
	lo, hi := 1e-3, 1e5
	for i := 0; i < 200; i++ {
		mid := math.Sqrt(lo * hi)
		if e(mid) > eStar {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// simSweep measures m at `levels` levels spaced geometrically from knee/6
// to knee·5, rounded to whole requests per GPU, on 8 GPUs; noise is the
// ± relative spread of each repeat (seeded, uniform).
func simSweep(m simModel, levels, repeats int, noise float64, seed uint64) *sweep.Sweep {
	lo, hi := m.knee/6, m.knee*5
	var ns []float64
	for i := 0; i < levels; i++ {
		n := math.Round(lo * math.Pow(hi/lo, float64(i)/float64(levels-1)))
		ns = append(ns, math.Max(n, 1))
	}
	return simSweepAt(m, ns, repeats, noise, seed)
}

// simSweepAt measures m at the given per-GPU levels.
func simSweepAt(m simModel, ns []float64, repeats int, noise float64, seed uint64) *sweep.Sweep {
	const gpus = 8
	rng := rand.New(rand.NewPCG(seed, 7))
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Accelerator: "sim", GPUs: gpus, Model: "simulated-" + m.name,
		Notes: []string{"SIMULATED from a known model"}}
	for _, n := range ns {
		x := m.thr(n)
		queue := 1000 * math.Max(0, n-m.knee) / (x / simOutputTokens)
		ttft := 40*(1+0.2*math.Min(n/m.knee, 1)) + queue
		for r := 0; r < repeats; r++ {
			jt, jl := 1.0, 1.0
			if noise > 0 {
				jt, jl = 1+noise*(2*rng.Float64()-1), 1+noise*(2*rng.Float64()-1)
			}
			s.Points = append(s.Points, sweep.Point{
				PerGPU: sweep.F(n), Concurrency: n * gpus, Repeat: r,
				ThroughputTokS: x * gpus * jt, ThroughputPerGPU: sweep.F(x * jt),
				TTFT:             sweep.Dist{P50: sweep.F(ttft * jl * 0.7), P99: sweep.F(ttft * jl)},
				OutputTokensMean: sweep.F(simOutputTokens),
				Requests:         sweep.I(1000), Failures: sweep.I(0),
				Simulated: true, Source: "simulated:" + m.name,
			})
		}
	}
	return s
}

// requireKneeCovered checks what the measured rule guarantees for a curve
// whose elasticity falls monotonically (tol absorbs noise): the first flat
// level, the knee's upper bound, is at or above the true knee, because a
// step's elasticity is the log-average of the point elasticities inside it;
// and the level below the recommended one is below the true knee, because
// the step into the recommended level still rose. The recommendation is
// therefore at most one ladder step above the true knee.
func requireKneeCovered(t *testing.T, r *knee.Result, trueKnee, tol float64) {
	t.Helper()
	if r.Knee.HighPerGPU != nil {
		require.GreaterOrEqual(t, *r.Knee.HighPerGPU, trueKnee*(1-tol), "knee %+v", r.Knee)
	}
	if r.RecommendedPerGPU != nil {
		// The rule judges a step only when it is resolvable: at least
		// (1 + 2·noise)^(1/e*) = 1.331× (the default --noise and --elasticity).
		var below float64
		for _, p := range r.Points {
			if *r.RecommendedPerGPU/p.PerGPU >= 1.331 {
				below = p.PerGPU
			}
		}
		require.Less(t, below, trueKnee*(1+tol), "recommended %v is more than one step above the true knee %v", *r.RecommendedPerGPU, trueKnee)
	}
}

func TestFindSimulatedKnownModelsCoverTrueKnee(t *testing.T) {
	for _, m := range simModels() {
		for _, levels := range []int{3, 5, 8, 16} {
			t.Run(fmt.Sprintf("%s/%d-levels", m.name, levels), func(t *testing.T) {
				r := find(t, simSweep(m, levels, 1, 0, 1))
				requireKneeCovered(t, r, m.knee, 0)
				require.Contains(t, []knee.Status{knee.StatusLocated, knee.StatusBracketed}, r.Knee.Status)
				require.NotNil(t, r.Knee.HighPerGPU)
				if levels >= 5 {
					require.NotNil(t, r.RecommendedPerGPU, "a sweep from knee/6 to 5·knee must recommend a level")
				}
				if levels >= 8 {
					require.NotNil(t, r.Fit, "8 levels are fitted")
				}
			})
		}
	}
}

func TestFindSimulatedNoisySweepsCoverTrueKnee(t *testing.T) {
	for _, m := range simModels() {
		for _, levels := range []int{3, 5, 8, 16} {
			for seed := uint64(1); seed <= 5; seed++ {
				t.Run(fmt.Sprintf("%s/%d-levels/seed-%d", m.name, levels, seed), func(t *testing.T) {
					r := find(t, simSweep(m, levels, 3, 0.10, seed))
					requireKneeCovered(t, r, m.knee, 0.10)
				})
			}
		}
	}
}

// Linear scaling throughout: the knee is above the sweep, in both regimes.
func TestFindSimulatedStillScalingIsNotReached(t *testing.T) {
	linear := simModel{"linear", func(n float64) float64 { return 150 * n }, math.Inf(1)}
	for _, ns := range [][]float64{{8, 16, 32}, {4, 8, 16, 32, 64, 128}} {
		r := find(t, simSweepAt(linear, ns, 1, 0, 1))
		top := ns[len(ns)-1]
		require.Equal(t, knee.StatusNotReached, r.Knee.Status, "levels %v", ns)
		require.Nil(t, r.Knee.HighPerGPU)
		require.Equal(t, top, *r.RecommendedPerGPU)
		require.Contains(t, r.Hints, fmt.Sprintf("add %v/GPU: throughput still scales at %v, so the knee is higher", 2*top, top))
	}
}

// Amdahl saturation with its knee at 20/GPU, swept from 64 to 512: flat
// from the lowest level, so the knee lies at or below it; nothing is
// recommended, and the lowest level is the candidate only if unverified is
// accepted.
func TestFindSimulatedSaturatedFromTheStartIsBelowRange(t *testing.T) {
	early := simModel{"early", func(n float64) float64 { return 150 * n / (1 + n/10) }, 20}
	r := find(t, simSweepAt(early, []float64{64, 90, 128, 181, 256, 362, 512}, 1, 0, 1))
	require.Equal(t, knee.StatusBelowRange, r.Knee.Status)
	require.Nil(t, r.Knee.LowPerGPU)
	require.Nil(t, r.RecommendedPerGPU)
	require.Equal(t, 64.0, *r.CandidatePerGPU)
	require.Equal(t, knee.VerdictUnverified, r.Points[0].Verdict)
	require.Contains(t, r.Hints, "add 16/GPU and 32/GPU: the system is already saturated at 64")
}

// TTFT rises 5× at 32/GPU while throughput keeps doubling up to 128/GPU:
// that is batch growth and prefill contention, not a knee (issue #10). The
// knee is not reached and 128 is recommended.
func TestFindTTFTRiseWhileThroughputScalesIsNotAKnee(t *testing.T) {
	r := find(t, sw(pt(16, 9600, 40), pt(32, 19200, 200), pt(64, 38400, 210), pt(128, 76800, 220)))
	require.Equal(t, knee.StatusNotReached, r.Knee.Status)
	for _, p := range r.Points {
		require.Equal(t, knee.VerdictSubKnee, p.Verdict, "%v/GPU", p.PerGPU)
	}
	require.Equal(t, 128.0, *r.RecommendedPerGPU)
	require.Nil(t, r.Disagreement, "TTFT stays within the 2,000 ms catalog ceiling")
}

// Eight noise-free levels of Amdahl saturation (knee 2/σ = 160): the fit
// chooses the generating model and puts its knee at 160; the measured
// levels bracket the knee between 186 and 303 (115 → 186 still turned 40%
// of the added load into throughput, 186 → 303 only 25%), so 186, one
// step above the fitted point, is the operating point.
func TestFindSimulatedAmdahlEightLevelsFitsTheGeneratingModel(t *testing.T) {
	r := find(t, simSweep(simModels()[1], 8, 3, 0, 1))
	require.Equal(t, knee.StatusBracketed, r.Knee.Status)
	require.Equal(t, "amdahl", r.Fit.Chosen)
	require.Equal(t, 186.0, *r.Knee.LowPerGPU)
	require.Equal(t, 303.0, *r.Knee.HighPerGPU)
	require.Equal(t, 186.0, *r.RecommendedPerGPU)
	require.Contains(t, r.Notes, "the fitted amdahl curve's elasticity falls to 0.33 at 160/GPU, outside the measured bracket: the measured levels decide the knee; the fitted point is within a ladder step of it")
	var chosen knee.ModelFit
	for _, m := range r.Fit.Models {
		if m.Chosen {
			chosen = m
		}
	}
	require.InDelta(t, 160, *chosen.KneePerGPU, 0.5)
	require.InDelta(t, 150, chosen.Params["lambda"], 0.5) // per GPU: the sweep is per GPU, throughput node-wide ÷ 8
	require.InDelta(t, 1.0, *chosen.R2, 1e-6)
}

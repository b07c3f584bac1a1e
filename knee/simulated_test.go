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
// under the package's definition (dX/dN falls to 1/4 of dX/dN(0)):
//
//	roofline:  X = min(150·N, 15000) per GPU          knee = 100 (the corner)
//	amdahl:    X = 150·N / (1 + N/80)                 knee = 80  (1/σ exactly, for f = 1/4)
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
		{"amdahl", func(n float64) float64 { return 150 * n / (1 + n/80) }, 80},
		{"usl", usl, trueKnee(usl, 0.25)},
	}
}

// trueKnee solves X'(N) = f·X'(0) by bisection on central differences: an
// independent check on the package's fitted solution.
func trueKnee(x func(float64) float64, f float64) float64 {
	d := func(n float64) float64 { h := 1e-4 * math.Max(n, 1); return (x(n+h) - x(n-h)) / (2 * h) }
	target := f * (x(1e-6) / 1e-6)
	lo, hi := 1e-3, 1e5
	for i := 0; i < 200; i++ {
		mid := math.Sqrt(lo * hi)
		if d(mid) > target {
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

func requireKneeCovered(t *testing.T, r *knee.Result, trueKnee float64) {
	t.Helper()
	if r.Knee.LowPerGPU != nil {
		require.LessOrEqual(t, *r.Knee.LowPerGPU, trueKnee, "knee %+v", r.Knee)
	}
	if r.Knee.HighPerGPU != nil {
		require.GreaterOrEqual(t, *r.Knee.HighPerGPU, trueKnee, "knee %+v", r.Knee)
	}
	if r.RecommendedPerGPU != nil {
		require.LessOrEqual(t, *r.RecommendedPerGPU, trueKnee, "recommended above the true knee")
	}
}

func TestFindSimulatedKnownModelsCoverTrueKnee(t *testing.T) {
	for _, m := range simModels() {
		for _, levels := range []int{3, 5, 8, 16} {
			t.Run(fmt.Sprintf("%s/%d-levels", m.name, levels), func(t *testing.T) {
				r := find(t, simSweep(m, levels, 1, 0, 1))
				requireKneeCovered(t, r, m.knee)
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
					requireKneeCovered(t, r, m.knee)
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

// Amdahl saturation with its knee at 10/GPU, swept from 64 to 512: the
// fit puts the knee below the lowest level and nothing is recommended.
func TestFindSimulatedSaturatedFromTheStartIsBelowRange(t *testing.T) {
	early := simModel{"early", func(n float64) float64 { return 150 * n / (1 + n/10) }, 10}
	r := find(t, simSweepAt(early, []float64{64, 90, 128, 181, 256, 362, 512}, 1, 0, 1))
	require.Equal(t, knee.StatusBelowRange, r.Knee.Status)
	require.Nil(t, r.Knee.LowPerGPU)
	require.Nil(t, r.RecommendedPerGPU)
	require.Nil(t, r.CandidatePerGPU)
	require.Contains(t, r.Hints, "add 16/GPU and 32/GPU: the system is already saturated at 64")
}

// TTFT explodes at 32/GPU while throughput keeps doubling up to 128/GPU:
// the signals disagree, and nothing from 32 up is called sub-knee.
func TestFindTTFTRiseWhileThroughputScalesIsDisagreement(t *testing.T) {
	r := find(t, sw(pt(16, 9600, 40), pt(32, 19200, 200), pt(64, 38400, 210), pt(128, 76800, 220)))
	require.Equal(t, knee.StatusDisagreement, r.Knee.Status)
	require.Equal(t, knee.VerdictUnverified, r.Points[0].Verdict)
	for _, p := range r.Points[1:] {
		require.Equal(t, knee.VerdictAtKnee, p.Verdict)
	}
	require.Nil(t, r.RecommendedPerGPU)
	require.Equal(t, 16.0, *r.CandidatePerGPU)
	require.Contains(t, r.Knee.Detail, "TTFT p99 rose 5.0× at 32/GPU while throughput kept scaling above it")
	require.Contains(t, r.Hints, "repeat 32/GPU: its TTFT rose while throughput kept scaling; if it repeats, check the frontend and the load generator")
}

// Eight noise-free levels of Amdahl saturation: the fitted knee is
// located within one ladder step, by the model that generated the data.
func TestFindSimulatedAmdahlEightLevelsIsLocated(t *testing.T) {
	r := find(t, simSweep(simModels()[1], 8, 3, 0, 1))
	require.Equal(t, knee.StatusLocated, r.Knee.Status)
	require.Equal(t, "amdahl", r.Fit.Chosen)
	require.InDelta(t, 80, *r.Knee.PerGPU, 0.5)
	require.GreaterOrEqual(t, *r.Knee.LowPerGPU, 57.0)
	require.LessOrEqual(t, *r.Knee.HighPerGPU, 93.0)
	require.Equal(t, 57.0, *r.RecommendedPerGPU)
	var chosen knee.ModelFit
	for _, m := range r.Fit.Models {
		if m.Chosen {
			chosen = m
		}
	}
	require.InDelta(t, 150, chosen.Params["lambda"], 0.5) // per GPU: the sweep is per GPU, throughput node-wide ÷ 8
	require.InDelta(t, 1.0, *chosen.R2, 1e-6)
}

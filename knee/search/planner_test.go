package search

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

func TestTyped(t *testing.T) {
	for in, want := range map[float64]int{0.3: 1, 1: 1, 7.4: 7, 11.3: 11, 22.6: 22, 45.25: 44, 90.5: 88, 110.9: 112, 181: 176, 362: 352, 724: 704, 1448: 1408} {
		assert.Equal(t, want, Typed(in), "Typed(%g)", in)
	}
	// From 8 up every typed level is within 6.25% of what it rounds.
	for x := 8.0; x < 5000; x *= 1.01 {
		assert.LessOrEqual(t, math.Abs(float64(Typed(x))-x)/x, 0.0625+1e-9, "x=%g", x)
	}
}

func TestWithin(t *testing.T) {
	assert.True(t, Within(112, 144, 0.125)) // ±12.5% exactly
	assert.False(t, Within(96, 128, 0.125)) // ±14.3%
	assert.True(t, Within(128, 160, 0.125)) // ±11.1%
	assert.False(t, Within(0, 16, 0.125))
}

// cliffServer is a noiseless server whose throughput grows linearly up to
// 160/GPU and collapses above it, as the GB300-like simulated server does.
func cliffSweep(levels ...int) *sweep.Sweep {
	s := &sweep.Sweep{Version: sweep.SchemaVersion, GPUs: 4}
	for _, l := range levels {
		n := float64(l)
		x := 30 * n
		if n > 160 {
			x = 30 * 160 * 0.5 * 160 / n
		}
		s.Points = append(s.Points, sweep.Point{PerGPU: sweep.F(n), Concurrency: 4 * n, ThroughputTokS: 4 * x, Requests: sweep.I(1000), Failures: sweep.I(0), Simulated: true})
	}
	return s
}

func TestNextDecisions(t *testing.T) {
	set, opts := DefaultSettings(), knee.DefaultOptions()
	set.Confirm = false
	d := Next(nil, nil, set, opts)
	assert.Equal(t, PhaseClimb, d.Phase)
	assert.Equal(t, []int{16}, d.Levels)
	assert.Equal(t, "start at 16/GPU: run 16", d.Reason)

	d = Next(cliffSweep(16, 32, 64, 128), []int{16, 32, 64, 128}, set, opts)
	assert.Equal(t, PhaseClimb, d.Phase)
	assert.Equal(t, []int{256}, d.Levels)

	d = Next(cliffSweep(16, 32, 64, 128, 256), []int{16, 32, 64, 128, 256}, set, opts)
	require.Equal(t, PhaseBisect, d.Phase, d.Reason)
	assert.Equal(t, []int{176}, d.Levels) // √(128·256) = 181 → 176
	assert.Equal(t, 128, d.Low)
	assert.Equal(t, 256, d.High)
	assert.Contains(t, d.Reason, "the knee lies in 128–256/GPU (±33.3%, wanted ±12.5%): bisect at 176")

	// Two slots: the bracket is split in three.
	set2 := set
	set2.Slots = 2
	d = Next(cliffSweep(16, 32, 64, 128, 256), []int{16, 32, 64, 128, 256}, set2, opts)
	assert.Equal(t, []int{160, 208}, d.Levels)

	d = Next(cliffSweep(16, 32, 64, 128, 144, 176, 256), []int{16, 32, 64, 128, 144, 176, 256}, set, opts)
	assert.Equal(t, PhaseDone, d.Phase, d.Reason)
	assert.True(t, d.Within)
	assert.Equal(t, 144, d.Low)
	assert.Equal(t, 176, d.High)

	// --max-per-gpu ends a climb that never saw the knee.
	set3 := set
	set3.MaxPerGPU = 128
	d = Next(cliffSweep(16, 32, 64, 128), []int{16, 32, 64, 128}, set3, opts)
	assert.Equal(t, PhaseDone, d.Phase)
	assert.Equal(t, "still scaling at 128/GPU, the --max-per-gpu bound: the knee is above it", d.Reason)

	// --max-levels ends a bisection.
	set4 := set
	set4.MaxLevels = 5
	d = Next(cliffSweep(16, 32, 64, 128, 256), []int{16, 32, 64, 128, 256}, set4, opts)
	assert.Equal(t, PhaseDone, d.Phase)
	assert.Contains(t, d.Reason, "--max-levels 5 reached with the knee in 128–256/GPU")

	// A level inside the bracket that decided nothing (client-bound,
	// failed) divides it: the widest gap is bisected.
	d = Next(cliffSweep(16, 32, 64, 256), []int{16, 32, 64, 128, 256}, set, opts)
	assert.Equal(t, PhaseBisect, d.Phase, d.Reason)
	assert.Equal(t, []int{88}, d.Levels)

	// Already past the knee at the lowest level: go down.
	d = Next(cliffSweep(256, 512), []int{256, 512}, set, opts)
	assert.Equal(t, PhaseDescend, d.Phase, d.Reason)
	assert.Equal(t, []int{128}, d.Levels)
}

// With Confirm, a first level past the knee that is also the highest is
// confirmed by one more rung unless knee.PastKneeRule already stops there,
// but only when the search would otherwise stop: a bisected level that
// reads flat below it confirms it for free.
func TestNextConfirmsALonePastLevel(t *testing.T) {
	set, opts := DefaultSettings(), knee.DefaultOptions()
	// 256/GPU fell 22% below 64/GPU: past the knee, not a cliff. The
	// bracket 64–256 still needs bisecting: bisect first.
	d := Next(cliffSweep(16, 32, 64, 256), []int{16, 32, 64, 256}, set, opts)
	assert.Equal(t, PhaseBisect, d.Phase, d.Reason)
	assert.Equal(t, []int{128}, d.Levels)
	// 176/GPU reads flat below 256/GPU: two levels past, no extra rung.
	d = Next(cliffSweep(16, 32, 64, 128, 176, 256), []int{16, 32, 64, 128, 176, 256}, set, opts)
	assert.Equal(t, PhaseBisect, d.Phase, d.Reason)
	assert.Equal(t, []int{144}, d.Levels)
	// 144/GPU fell 10% below 128/GPU and is the only level past the knee:
	// the bracket 128–144 is within ±12.5%, so now it is confirmed.
	s := cliffSweep(16, 32, 64, 128)
	s.Points = append(s.Points, sweep.Point{PerGPU: sweep.F(144), Concurrency: 4 * 144, ThroughputTokS: 4 * 0.9 * 30 * 128, Requests: sweep.I(1000), Failures: sweep.I(0), Simulated: true})
	d = Next(s, []int{16, 32, 64, 128, 144}, set, opts)
	assert.Equal(t, PhaseClimb, d.Phase)
	assert.Equal(t, []int{288}, d.Levels)
	assert.Equal(t, 128, d.Low)
	assert.Equal(t, 144, d.High)
	assert.Equal(t, "144/GPU is the first level past the knee and the highest: climb ×2 to confirm it (one noisy level never ends a climb): run 288", d.Reason)
}

func TestSettingsValidate(t *testing.T) {
	assert.NoError(t, DefaultSettings().Validate())
	s := DefaultSettings()
	s.Precision = 0
	assert.ErrorContains(t, s.Validate(), "--precision")
	s = DefaultSettings()
	s.MaxLevels = 1
	assert.ErrorContains(t, s.Validate(), "--max-levels")
}

// A starved load generator: after two client-bound levels the search stops
// and says what to do, instead of running more levels that measure the client.
func TestNextStopsAfterTwoClientBoundLevels(t *testing.T) {
	set, opts := DefaultSettings(), knee.DefaultOptions()
	s := cliffSweep(16, 32, 64, 128)
	s.Points[2].ClientBound = true
	d := Next(s, []int{16, 32, 64, 128}, set, opts)
	require.NotEqual(t, PhaseDone, d.Phase, d.Reason)
	s.Points[3].ClientBound = true
	d = Next(s, []int{16, 32, 64, 128}, set, opts)
	require.Equal(t, PhaseDone, d.Phase)
	assert.Equal(t, "stopped: 2 levels (64,128/GPU) were client_bound, so the load generator, not the server, was the bottleneck and more levels would measure the client; give it more CPU (an idle, larger or second client machine) and --resume", d.Reason)
}

// The highest level is invalid: the search never climbs past it (it used
// to read "256/GPU is below the knee … climb ×2: run 512" about a level
// that decided nothing); it looks between the highest valid level and it.
func TestNextDoesNotClimbPastAnInvalidTop(t *testing.T) {
	set, opts := DefaultSettings(), knee.DefaultOptions()
	s := cliffSweep(16, 32, 64, 128)
	s.Points[3].Failures = sweep.I(500) // a third of the requests failed
	d := Next(s, []int{16, 32, 64, 128}, set, opts)
	require.Equal(t, PhaseBisect, d.Phase, d.Reason)
	assert.Equal(t, []int{88}, d.Levels)
	assert.Equal(t, "128/GPU is invalid (errors_present): no climb past it; 64/GPU, the highest valid level, still scales: run 88 between them", d.Reason)
}

// The knee rule read a queue onset (the engine's cap) inside the bracket:
// the search measures it next rather than the bracket's midpoint.
func TestNextMeasuresTheEngineCapNext(t *testing.T) {
	set, opts := DefaultSettings(), knee.DefaultOptions()
	s := &sweep.Sweep{Version: sweep.SchemaVersion, GPUs: 1}
	for _, l := range []struct {
		n, x, run, wait float64
	}{{16, 1600, 16, 0}, {32, 3200, 32, 0}, {64, 4800, 48, 16}} {
		busy, queued := 20, 0
		if l.wait > 0 {
			queued = 18
		}
		s.Points = append(s.Points, sweep.Point{PerGPU: sweep.F(l.n), Concurrency: l.n, ThroughputTokS: l.x, Requests: sweep.I(1000), Failures: sweep.I(0),
			Engine: &sweep.EngineMetrics{Engine: "vllm", Samples: 20, BusySamples: &busy, QueuedSamples: &queued,
				RunningMax: sweep.F(l.run), RunningMean: sweep.F(l.run), WaitingMax: sweep.F(l.wait), WaitingMean: sweep.F(l.wait)}})
	}
	r, err := knee.Find(s, opts)
	require.NoError(t, err)
	require.Contains(t, r.Points[2].Reasons, knee.ReasonQueueing)
	assert.Equal(t, knee.VerdictPastKnee, r.Points[2].Verdict)
	d := Next(s, []int{16, 32, 64}, set, opts)
	require.Equal(t, PhaseBisect, d.Phase, d.Reason)
	assert.Equal(t, []int{48}, d.Levels)
	assert.Equal(t, "the knee lies in 32–64/GPU and the engine names its cap, 48/GPU (the engine's cap: it ran 48/GPU with requests waiting at 64/GPU): measure there, run 48", d.Reason)
}

// --ladder 24:480:+48 with --search: the climb goes rung by rung (24, 72,
// 120, 168, …) instead of ×2, the first rung past the knee (168: the cliff
// at 160 collapses it, so no confirming rung) ends it, the bisection lands
// between rungs (120–168: 144, not a rung), and the top rung ends a climb
// that never saw the knee.
func TestNextClimbsTheLaddersRungs(t *testing.T) {
	set, opts := DefaultSettings(), knee.DefaultOptions()
	rungs, err := sweep.ParseLadder("24:480:+48")
	require.NoError(t, err)
	require.Equal(t, []int{24, 72, 120, 168, 216, 264, 312, 360, 408, 456}, rungs)
	set.Rungs = rungs
	require.NoError(t, set.Validate())

	d := Next(nil, nil, set, opts)
	assert.Equal(t, []int{24}, d.Levels)
	d = Next(cliffSweep(24), []int{24}, set, opts)
	assert.Equal(t, "one level so far: climb to the next rung of the ladder from 24/GPU: run 72", d.Reason)
	d = Next(cliffSweep(24, 72, 120), []int{24, 72, 120}, set, opts)
	require.Equal(t, PhaseClimb, d.Phase, d.Reason)
	assert.Equal(t, []int{168}, d.Levels)

	ran := []int{24, 72, 120, 168}
	d = Next(cliffSweep(ran...), ran, set, opts)
	require.Equal(t, PhaseBisect, d.Phase, d.Reason)
	assert.Equal(t, []int{144}, d.Levels) // √(120·168) = 142 → 144, between rungs
	ran = append(ran, 144)
	d = Next(cliffSweep(ran...), ran, set, opts)
	require.Equal(t, PhaseDone, d.Phase, d.Reason)
	assert.Equal(t, 144, d.Low)
	assert.Equal(t, 168, d.High)

	// Still scaling at the top rung: the ladder bounds the climb.
	set.Rungs = []int{16, 32, 64, 128}
	d = Next(cliffSweep(16, 32, 64, 128), []int{16, 32, 64, 128}, set, opts)
	assert.Equal(t, PhaseDone, d.Phase)
	assert.Equal(t, "still scaling at 128/GPU, the ladder's top rung: the knee is above it", d.Reason)

	// Past the knee at the lowest rung: down ×½ below the ladder.
	set.Rungs = []int{256, 384, 512}
	d = Next(cliffSweep(256, 384), []int{256, 384}, set, opts)
	assert.Equal(t, PhaseDescend, d.Phase, d.Reason)
	assert.Equal(t, []int{128}, d.Levels)

	set.Rungs = []int{64, 32}
	assert.ErrorContains(t, set.Validate(), "ascending")
}

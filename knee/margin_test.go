package knee_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// stepSweep is 16, 32, 64 and 128/GPU at 400, 800, 1,120 and 1,150 tok/s:
// 32→64 gains 40% (elasticity 0.49, over e* = 1/3 by 0.15), 64→128 is flat.
// half > 0 gives every level windows with that 95% half-width; 0 none.
// Invented numbers for the rule, not measurements.
func stepSweep(half float64) *sweep.Sweep {
	s := &sweep.Sweep{GPUs: 1}
	for i, c := range []float64{16, 32, 64, 128} {
		thr := []float64{400, 800, 1120, 1150}[i]
		p := sweep.Point{PerGPU: sweep.F(c), Concurrency: c, Requests: sweep.I(600), Failures: sweep.I(0),
			ThroughputTokS: thr, ThroughputPerGPU: sweep.F(thr), TTFT: sweep.Dist{P50: sweep.F(30), P90: sweep.F(50), P99: sweep.F(60)}}
		if half > 0 {
			p.StopReason = sweep.StopTimeCap
			p.Windows = &sweep.Windows{Count: 20, LengthS: 2, Spread: half * 2, HalfWidth: half}
		}
		s.Points = append(s.Points, p)
	}
	return s
}

// A step the levels' own intervals cannot resolve is read as flat and the
// lower level is the operating point (issue 30: the queue benchmark's
// unsafe recommendations were such steps). At ±20% the 40% gain of 32→64
// (0.105 over e* in log terms) is within what the two intervals add to
// the rule's 5% noise (ln 1.12 − ln 1.03 = 0.084 each): 64/GPU reads flat
// and 32 is recommended. At ±3%, within the rule's noise, the step is
// judged as before, and so without windows: 64 both times.
func TestUnresolvedWindowedStepPrefersTheLowerLevel(t *testing.T) {
	for _, c := range []struct {
		half float64
		rec  float64
	}{{0.20, 32}, {0.03, 64}, {0, 64}} {
		r, err := knee.Find(stepSweep(c.half), knee.DefaultOptions())
		require.NoError(t, err)
		require.NotNil(t, r.RecommendedPerGPU, "±%g", c.half)
		assert.Equal(t, c.rec, *r.RecommendedPerGPU, "±%g", c.half)
	}
}

// When the unresolved step is the one out of the lowest level, that level
// is the operating point (the step reads flat) and it is trusted: the step
// gained above e* on its estimates, and below the knee elasticity falls
// with load, so the step into it gained at least as much. The knee is
// bracketed by the step, not "below the range" (issue 30: on the H200 test
// bed a search that ended on such a step from 88 to 176/GPU recommended
// nothing, and knee diff read the run as having lost its operating point).
// A step out of the lowest level that is flat on its estimates too keeps
// the lowest level unverified.
func TestAnUnresolvedStepOutOfTheLowestLevelTrustsIt(t *testing.T) {
	s := stepSweep(0.20)
	s.Points = s.Points[1:] // 32, 64, 128/GPU
	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	require.NotNil(t, r.RecommendedPerGPU)
	assert.Equal(t, 32.0, *r.RecommendedPerGPU)
	assert.Equal(t, knee.VerdictSubKnee, r.Points[0].Verdict)
	assert.Equal(t, knee.StatusBracketed, r.Knee.Status)
	require.NotNil(t, r.Knee.LowPerGPU)
	require.NotNil(t, r.Knee.HighPerGPU)
	assert.Equal(t, []float64{32, 64}, []float64{*r.Knee.LowPerGPU, *r.Knee.HighPerGPU})
	assert.Contains(t, r.Knee.Detail, "elasticity 0.49, not resolvably above 0.33 at the levels' intervals")

	s.Points[1].ThroughputTokS, s.Points[1].ThroughputPerGPU = 880, sweep.F(880) // 32→64: +10%, elasticity 0.14
	r, err = knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	assert.Nil(t, r.RecommendedPerGPU)
	assert.Equal(t, knee.VerdictUnverified, r.Points[0].Verdict)
	assert.Equal(t, knee.StatusBelowRange, r.Knee.Status)
}

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

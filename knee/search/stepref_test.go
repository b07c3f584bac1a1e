package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// A level's step reference is the highest windowed level at least r_min
// (1.33× at the default 5% noise) below it, with its runs' mean and their
// combined interval; none for the lowest level or below levels without
// windows.
func TestStepRefIsTheLevelTheDecisionJudges(t *testing.T) {
	pt := func(pg, thr, half float64) sweep.Point {
		p := sweep.Point{PerGPU: sweep.F(pg), Concurrency: pg, ThroughputTokS: thr}
		if half > 0 {
			p.StopReason = sweep.StopTimeCap
			p.Windows = &sweep.Windows{Count: 10, LengthS: 1, HalfWidth: half}
		}
		return p
	}
	s := &sweep.Sweep{GPUs: 1, Points: []sweep.Point{pt(16, 200, 0.1), pt(32, 380, 0.1), pt(32, 420, 0.1), pt(64, 600, 0.2)}}
	opts := knee.DefaultOptions()
	r := StepRef(s, 64, opts)
	require.NotNil(t, r)
	assert.Equal(t, 32, r.PerGPU)
	assert.InDelta(t, 400, r.ThroughputTokS, 1e-9)
	assert.InDelta(t, 0.0707, r.HalfWidth, 1e-4, "two runs of ±10%: ±10%/√2")
	assert.InDelta(t, 1.0/3, r.Elasticity, 1e-12)
	r = StepRef(s, 40, opts)
	require.NotNil(t, r)
	assert.Equal(t, 16, r.PerGPU, "32 is less than 1.33× below 40")
	assert.Nil(t, StepRef(s, 16, opts))
	assert.Nil(t, StepRef(&sweep.Sweep{GPUs: 1, Points: []sweep.Point{pt(16, 200, 0)}}, 64, opts), "no windows: no reference")
	assert.Nil(t, StepRef(nil, 64, opts))
}

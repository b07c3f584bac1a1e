package run

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kneetool/knee/sweep"
)

// A level of 16 in flight bounded 10–45 s: at 2 s a request its 100
// requests for the p99 take 12.5 s, so ramp 2 + 12.5 = 14.5 s (no drain:
// the harness cuts what is in flight at the stop); at 20 s a request the
// p99's would take 125 s, and the 45 s cap holds fewer than three
// request-long waves after the ramp, so the level runs on until it does
// (ramp 20 + 3 × 20 = 80 s, within 3 × the cap). Fixed-count levels get no
// estimate.
func TestEstimatesFollowTheRequestLatency(t *testing.T) {
	l := sweep.Level{PerGPU: 16, Concurrency: 16, Precision: 0.03, MinDurationS: 10, MaxDurationS: 45}
	assert.Equal(t, 14500*time.Millisecond, perLevel(l, 2*time.Second))
	l64 := l
	l64.Concurrency = 64
	assert.Equal(t, 12*time.Second, perLevel(l64, 2*time.Second), "ramp 2 + the least duration 10")
	assert.Equal(t, 80*time.Second, perLevel(l, 20*time.Second))
	assert.Equal(t, 45*time.Second, mostPerLevel(l, 2*time.Second), "fast requests: the cap")
	p := sweep.Point{E2E: sweep.Dist{Mean: sweep.F(2000)}, StopReason: sweep.StopPrecision}
	assert.Equal(t, "16/GPU took 18s (2s a request, stopped by precision): a level at this latency takes about 15s, at most 45s; 5 more levels at most: about 1m13s at this latency, more where requests are slower",
		estimateAfter(l, p, 18*time.Second, 5))
	assert.Empty(t, estimateAfter(sweep.Level{PerGPU: 16, Requests: 1000}, p, time.Second, 5))
	plan := sweep.Plan{PerGPU: []int{16}, LevelPrecision: 0.03, LevelMinDurationS: 10, LevelMaxDurationS: 45}
	assert.Equal(t, "each level runs until ±3%, 10s–45s plus its warm-up (about a request); 12 levels take at most about 9m0s plus warm-ups",
		estimateBefore(plan, 12))
	assert.Empty(t, estimateBefore(sweep.Plan{PerGPU: []int{16}, MinRequests: 1000}, 12))
}

package sweep_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// Five windows at 10, 12, 11, 9, 8 tok/s: mean 10, sample SD √2.5 = 1.581,
// spread 15.81%, half-width t(0.975, 4) = 2.776 × 0.1581 / √5 = 19.63%.
func TestWindowStatsIsTheTIntervalOfTheWindowsMean(t *testing.T) {
	w, ok := sweep.WindowStats([]float64{10, 12, 11, 9, 8}, 2*time.Second)
	require.True(t, ok)
	assert.Equal(t, 5, w.Count)
	assert.Equal(t, 2.0, w.LengthS)
	assert.InDelta(t, 0.15811, w.Spread, 1e-5)
	assert.InDelta(t, 0.19630, w.HalfWidth, 1e-4)
	_, ok = sweep.WindowStats([]float64{10}, time.Second)
	assert.False(t, ok, "one window has no spread")
	_, ok = sweep.WindowStats([]float64{0, 0}, time.Second)
	assert.False(t, ok, "no throughput has no relative interval")
}

// The t quantile: the table's values, and within 0.1% of the exact values
// past it (t(0.975, 40) = 2.0211, t(0.975, 120) = 1.9799).
func TestTQuantile975(t *testing.T) {
	assert.Equal(t, 12.706, sweep.TQuantile975(1))
	assert.Equal(t, 2.776, sweep.TQuantile975(4))
	assert.InDelta(t, 2.0211, sweep.TQuantile975(40), 0.002)
	assert.InDelta(t, 1.9799, sweep.TQuantile975(120), 0.002)
}

// The median of 1..100 lies between the order statistics of ranks
// 50 ∓ 1.96 × 5 (41 and 61); a p99 of 100 requests is bounded above by the
// largest; 10 requests give no interval.
func TestQuantileIntervalIsDistributionFree(t *testing.T) {
	var x []float64
	for i := 1; i <= 100; i++ {
		x = append(x, float64(i))
	}
	iv, ok := sweep.QuantileInterval(x, 0.5)
	require.True(t, ok)
	assert.Equal(t, sweep.Interval{Low: 41, High: 61}, iv)
	iv, ok = sweep.QuantileInterval(x, 0.99)
	require.True(t, ok)
	assert.Equal(t, sweep.Interval{Low: 98, High: 100}, iv) // ranks 97 (floor(99 − 1.95)) and past the end
	_, ok = sweep.QuantileInterval(x[:10], 0.5)
	assert.False(t, ok)
}

// A plan that stops by precision gives its levels the rule and no count;
// one without keeps max(MinRequests, RequestsPerConcurrency × C).
func TestPlanLevelsCarryTheStopRule(t *testing.T) {
	p := sweep.Plan{PerGPU: []int{16, 256}, GPUs: 1, MinRequests: 1000, RequestsPerConcurrency: 8}
	fixed := p.Levels()
	assert.Equal(t, 1000, fixed[0].Requests)
	assert.Equal(t, 2048, fixed[1].Requests)
	assert.False(t, fixed[0].StopsByPrecision())
	p.LevelPrecision, p.LevelMinDurationS, p.LevelMaxDurationS = 0.03, 10, 45
	lv := p.Levels()
	assert.Equal(t, 0, lv[1].Requests)
	assert.Equal(t, 16, lv[0].Warmup)
	assert.True(t, lv[1].StopsByPrecision())
	assert.Equal(t, "level 1: 256/GPU (256 in flight, until ±3%, 10s–45s)", lv[1].String())
	lv[1].Step = &sweep.StepRef{PerGPU: 128, ThroughputTokS: 9000, HalfWidth: 0.1, Elasticity: 1.0 / 3}
	assert.Equal(t, "level 1: 256/GPU (256 in flight, until ±3% or its step from 128/GPU resolves, 10s–45s)", lv[1].String(),
		"a search's level names the step it may stop on")
}

func TestPlanRefusesABadPrecision(t *testing.T) {
	base := sweep.Plan{PerGPU: []int{16}, GPUs: 1, API: "chat", InputTokens: 1, OutputTokens: 1, LevelPrecision: 0.03, LevelMinDurationS: 10, LevelMaxDurationS: 45}
	require.NoError(t, base.Validate())
	for _, tc := range []struct {
		edit func(p *sweep.Plan)
		flag string
	}{
		{func(p *sweep.Plan) { p.LevelPrecision = 1.5 }, "--level-precision"},
		{func(p *sweep.Plan) { p.LevelMaxDurationS = 0 }, "--level-max-duration"},
		{func(p *sweep.Plan) { p.LevelMaxDurationS = 5 }, "--level-max-duration"},
		{func(p *sweep.Plan) { p.LevelMinDurationS = -1 }, "--level-min-duration"},
	} {
		p := base
		tc.edit(&p)
		err := p.Validate()
		require.Error(t, err)
		assert.Contains(t, err.Error(), tc.flag)
	}
}

package knee_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// windowedSweep is three closed-loop levels of 150 requests each at 16, 32
// and 64 in flight (fewer than 8 per slot at 32 and 64), throughput still
// growing; stop says how each level stopped ("" for a result without
// windows). Invented numbers for the rule, not measurements.
func windowedSweep(stop string) *sweep.Sweep {
	s := &sweep.Sweep{GPUs: 1}
	for i, c := range []float64{16, 32, 64} {
		thr := 400 * float64(int(1)<<i)
		p := sweep.Point{PerGPU: sweep.F(c), Concurrency: c, Requests: sweep.I(150), Failures: sweep.I(0),
			ThroughputTokS: thr, ThroughputPerGPU: sweep.F(thr), TTFT: sweep.Dist{P50: sweep.F(30), P99: sweep.F(60)}}
		if stop != "" {
			p.StopReason = stop
			p.Windows = &sweep.Windows{Count: 12, LengthS: 1, Spread: 0.05, HalfWidth: 0.03}
			p.ThroughputCI95 = &sweep.Interval{Low: thr * 0.97, High: thr * 1.03}
		}
		s.Points = append(s.Points, p)
	}
	return s
}

// A level that stopped by precision (or its time cap) measured its
// throughput over windows without the drain, and waited for 100 requests
// for its p99 by design: neither drain_biased nor insufficient_samples. The
// same numbers without windows (an older sweep, an import) keep both
// cautions, as before.
func TestWindowedLevelsAreJudgedOnTheirOwnStopRule(t *testing.T) {
	for _, stop := range []string{sweep.StopPrecision, sweep.StopTimeCap} {
		r, err := knee.Find(windowedSweep(stop), knee.DefaultOptions())
		require.NoError(t, err)
		for _, p := range r.Points {
			assert.NotContains(t, p.Reasons, knee.ReasonDrainBiased, "%s %g", stop, p.PerGPU)
			assert.NotContains(t, p.Reasons, knee.ReasonInsufficientSamples, "%s %g", stop, p.PerGPU)
		}
	}
	r, err := knee.Find(windowedSweep(""), knee.DefaultOptions())
	require.NoError(t, err)
	assert.Contains(t, r.Points[2].Reasons, knee.ReasonDrainBiased)
	assert.Contains(t, r.Points[2].Reasons, knee.ReasonInsufficientSamples)
	// A fixed count with windows is still a fixed count: its drain is in
	// its throughput.
	r, err = knee.Find(windowedSweep(sweep.StopFixedCount), knee.DefaultOptions())
	require.NoError(t, err)
	assert.Contains(t, r.Points[2].Reasons, knee.ReasonDrainBiased)
}

// Below the p99's 100 requests a windowed level is cautioned too, naming 100.
func TestWindowedLevelUnderAHundredRequestsIsCautioned(t *testing.T) {
	s := windowedSweep(sweep.StopTimeCap)
	s.Points[0].Requests = sweep.I(84)
	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	require.Contains(t, r.Points[0].Reasons, knee.ReasonInsufficientSamples)
	assert.Contains(t, r.Points[0].Details, "84 successful requests are too few for a p99 (need 100)")
	assert.Contains(t, r.Hints, "rerun 16/GPU with a longer --level-max-duration so that it reaches 100 requests and its p99 is meaningful")
}

// capSweep is four windowed levels at ±30% (time cap) on 1 GPU: 16, 32,
// 64 and 96 in flight reading 500, 1,000, 1,500 and 1,520 tok/s. The step
// 16→32 (elasticity 1) is resolved, the step 32→64
// (elasticity 0.58) is unresolved by those intervals. With the engine's
// metrics, 64 runs 64 with nothing waiting and 96 is pinned at 64 with 32
// waiting: the engine's cap is 64. Invented numbers for the rule, not
// measurements.
func capSweep(metrics bool) *sweep.Sweep {
	s := &sweep.Sweep{GPUs: 1}
	for _, l := range []struct{ c, thr, waiting float64 }{{16, 500, 0}, {32, 1000, 0}, {64, 1500, 0}, {96, 1520, 32}} {
		p := sweep.Point{PerGPU: sweep.F(l.c), Concurrency: l.c, Requests: sweep.I(400), Failures: sweep.I(0),
			ThroughputTokS: l.thr, ThroughputPerGPU: sweep.F(l.thr), TTFT: sweep.Dist{P50: sweep.F(30), P99: sweep.F(60)},
			StopReason: sweep.StopTimeCap, Windows: &sweep.Windows{Count: 45, LengthS: 1, Spread: 0.5, HalfWidth: 0.3}}
		if metrics {
			running := min(l.c, 64)
			p.Engine = &sweep.EngineMetrics{Engine: "vllm", Samples: 45, BusySamples: sweep.I(45),
				RunningMean: sweep.F(0.97 * running), RunningMax: sweep.F(running),
				WaitingMean: sweep.F(l.waiting), WaitingMax: sweep.F(l.waiting), QueuedSamples: sweep.I(0)}
			if l.waiting > 0 {
				p.Engine.QueuedSamples = sweep.I(40)
			}
		}
		s.Points = append(s.Points, p)
	}
	return s
}

// A step its levels' intervals cannot resolve reads as flat (the lower
// level is the operating point) — unless the engine's own queue says the
// upper level ran below its cap with nothing waiting: the queue is
// evidence, an unresolved step is none, so 64 is the operating point, the
// cap. Without metrics 32 stays the answer.
func TestAnUnresolvedStepBelowTheEnginesCapStillScales(t *testing.T) {
	r, err := knee.Find(capSweep(true), knee.DefaultOptions())
	require.NoError(t, err)
	require.NotNil(t, r.RecommendedPerGPU)
	assert.Equal(t, 64.0, *r.RecommendedPerGPU)
	assert.Equal(t, knee.VerdictSubKnee, r.Points[2].Verdict)
	assert.Contains(t, r.Points[3].Reasons, knee.ReasonQueueing)

	r, err = knee.Find(capSweep(false), knee.DefaultOptions())
	require.NoError(t, err)
	require.NotNil(t, r.RecommendedPerGPU)
	assert.Equal(t, 32.0, *r.RecommendedPerGPU, "unresolved and no queue evidence: read as flat")
	assert.Equal(t, knee.VerdictAtKnee, r.Points[2].Verdict)
	// Its sentence says it is read flat for want of resolution, not that
	// its elasticity fell under e*.
	assert.Contains(t, r.Knee.Detail, "not resolvably above 0.33 at the levels' intervals")
	assert.NotContains(t, r.Knee.Detail, "under 0.33")
}

package knee_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// The real KubeCon NA 2025 inference-perf demo (rate-based, concurrency
// derived by Little's law): the server kept up with 92.19 req/s (served
// 91.36) and fell behind at 122.59 req/s (served 101.23), so the knee lies
// between those stages: 94 and 409 requests in flight.
func TestFindKubeconRateSweepKneeWhereAchievedRateStopsFollowing(t *testing.T) {
	r := find(t, load(t, "inference-perf/kubecon-na-2025-vllm"))
	require.Equal(t, "total", r.Unit)
	require.Equal(t, knee.StatusBracketed, r.Knee.Status)
	require.True(t, strings.HasPrefix(r.Knee.Method, "rate following"))
	require.InDelta(t, 94.19, *r.Knee.LowPerGPU, 0.01)
	require.InDelta(t, 409.36, *r.Knee.HighPerGPU, 0.01)
	require.InDelta(t, 94.19, *r.RecommendedPerGPU, 0.01)
	verdicts := make([]knee.Verdict, len(r.Points))
	for i, p := range r.Points {
		verdicts[i] = p.Verdict
	}
	require.Equal(t, []knee.Verdict{knee.VerdictSubKnee, knee.VerdictSubKnee, knee.VerdictSubKnee, knee.VerdictSubKnee,
		knee.VerdictPastKnee, knee.VerdictPastKnee, knee.VerdictPastKnee}, verdicts)
	require.Contains(t, r.Points[4].Details[0], "served 83% of the requested 123 req/s")
	require.Contains(t, r.Hints, "add rate stages between 92 and 123 req/s to narrow the knee (the server kept up at the first, not at the second)")
	// The 1 req/s warm-up stage has only 60 requests: a caution, not a verdict.
	require.Equal(t, []knee.Reason{knee.ReasonInsufficientSamples}, r.Points[0].Reasons)
	require.NotNil(t, r.Fit, "the throughput curve is still fitted and reported")
	require.Equal(t, "usl", r.Fit.Chosen)
}

// The real inference-perf v0.6.1 concurrent sweep against the simulated
// server: the load generator sustained 88% of 128 and 256 (invalid), but
// even that bought no throughput over 64, so they bound the knee from above.
func TestFindSimserverShortLevelsBoundTheKnee(t *testing.T) {
	s, err := loadWith(t, 1, "inference-perf/simserver-v0.6.1-concurrent-sweep")
	require.NoError(t, err)
	r := find(t, s)
	require.Equal(t, knee.StatusBracketed, r.Knee.Status)
	// 16 → 64 still gained (elasticity 0.75); 128, short of its configured
	// concurrency, bought no throughput over 64: the knee is between them.
	// (TTFT p99 rising 8.8× over 4/GPU is batch growth, not a knee: it was
	// the old onset rule that put the knee at 16.)
	require.Equal(t, 64.0, *r.Knee.LowPerGPU)
	require.Equal(t, 128.0, *r.Knee.HighPerGPU)
	require.Equal(t, knee.VerdictInvalid, point(t, r, 128).Verdict)
	require.Equal(t, []knee.Reason{knee.ReasonConcurrencyNotAchieved, knee.ReasonDrainBiased, knee.ReasonPastKnee}, point(t, r, 128).Reasons)
	require.Equal(t, knee.VerdictSubKnee, point(t, r, 64).Verdict)
	require.Equal(t, 64.0, *r.RecommendedPerGPU)
	require.Contains(t, r.Knee.Detail, "128/GPU, short of its configured concurrency, bought too little throughput over 64/GPU: 3,740 → 3,837 tok/s")
}

func TestFindWithFailuresIsInvalidEverywhere(t *testing.T) {
	s, err := loadWith(t, 1, "inference-perf/simserver-v0.6.1-concurrent-failures-5pct")
	require.NoError(t, err)
	r := find(t, s)
	require.Equal(t, knee.StatusInsufficientPoints, r.Knee.Status)
	for _, p := range r.Points {
		require.Equal(t, knee.VerdictInvalid, p.Verdict)
		require.Contains(t, p.Reasons, knee.ReasonErrorsPresent)
		require.InDelta(t, 0.05, *p.ErrorRate, 0.01)
	}
	require.Nil(t, r.RecommendedPerGPU)
	require.Nil(t, r.CandidatePerGPU)
}

func TestPastKneeRuleStopsOnCliffNotOnNoise(t *testing.T) {
	rule := knee.PastKneeRule(knee.DefaultOptions())

	stop, why := rule(load(t, "aicr/gb300-eks.csv"))
	require.True(t, stop)
	require.Contains(t, why, "256/GPU is past the knee at a cliff: throughput fell 76%")

	// Still scaling at the newest level: go on.
	stop, _ = rule(sw(pt(32, 20000, 300), pt(64, 39000, 320)))
	require.False(t, stop)
	// One flat level (could be noise): go on.
	stop, _ = rule(sw(pt(32, 20000, 300), pt(64, 39000, 320), pt(128, 40000, 400)))
	require.False(t, stop)
	// Two levels at or past the knee: stop.
	stop, why = rule(sw(pt(32, 20000, 300), pt(64, 39000, 320), pt(128, 40000, 400), pt(256, 40500, 900)))
	require.True(t, stop)
	require.Contains(t, why, "128/GPU and 256/GPU are both at or past the knee")
	// A single level, or nothing: never stop.
	stop, _ = rule(sw(pt(256, 20769, 33320)))
	require.False(t, stop)
	stop, _ = rule(&sweep.Sweep{})
	require.False(t, stop)
}

func TestFindIsDeterministic(t *testing.T) {
	s := simSweep(simModels()[1], 8, 3, 0.10, 3)
	a, b := find(t, s), find(t, s)
	require.Equal(t, *a.Knee.LowPerGPU, *b.Knee.LowPerGPU)
	require.Equal(t, *a.Knee.HighPerGPU, *b.Knee.HighPerGPU)
	require.Equal(t, a.Fit.Resamples, b.Fit.Resamples)
}

package knee_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Real AIPerf exports (fixtures/aiperf, aiperf 0.1.1) against a simulated
// server that decodes at most 64 sequences: with no engine metrics, TTFT
// is the evidence. 32 → 128 in flight still gained 66% throughput for 4×
// the load (elasticity 0.37, over e* = 1/3: "scaling" by the elasticity
// rule alone), but TTFT p50 rose 24 → 1,443 ms while a request's time in
// flight grew 1,231 → 2,961 ms: TTFT carries 77% of that growth, so the
// added requests waited. 128 is past the knee (queueing) and the onset
// read from Little's law is 70 in flight (the cap is 64).
func TestFindQueueingFromTTFTOnRealAIPerfRunsAgainstACap(t *testing.T) {
	r := find(t, load(t, "aiperf"))
	p := point(t, r, 128)
	require.Equal(t, knee.VerdictPastKnee, p.Verdict)
	require.Equal(t, []knee.Reason{knee.ReasonPastKnee, knee.ReasonQueueing}, p.Reasons)
	require.Equal(t, "queueing: TTFT rose 27 → 1,360 ms from 32 in flight while a request's time in flight (Little's law, N ÷ rate) grew 1,231 → 2,961 ms: TTFT carries 77% of the growth, so about 58 requests waited and 70 in flight ran", p.Details[1])
	require.Contains(t, point(t, r, 256).Reasons, knee.ReasonQueueing)
	require.NotContains(t, point(t, r, 32).Reasons, knee.ReasonQueueing)
	require.NotNil(t, r.QueueOnset)
	require.Equal(t, 70.0, r.QueueOnset.PerGPU)
	require.Equal(t, "ttft", r.QueueOnset.From)
	require.Nil(t, r.RecommendedPerGPU)
	require.Equal(t, 32.0, *r.CandidatePerGPU)
}

// A throughput-only table (no TTFT, no engine metrics) keeps the
// elasticity rule: the same throughputs with TTFT removed queue nowhere.
func TestFindThroughputOnlyKeepsTheElasticityRule(t *testing.T) {
	s := load(t, "aiperf")
	for i := range s.Points {
		s.Points[i].TTFT = sweep.Dist{}
	}
	r := find(t, s)
	require.Nil(t, r.QueueOnset)
	for _, p := range r.Points {
		require.NotContains(t, p.Reasons, knee.ReasonQueueing)
	}
	require.Equal(t, knee.VerdictSubKnee, point(t, r, 128).Verdict)
	require.Equal(t, 128.0, *r.RecommendedPerGPU)
}

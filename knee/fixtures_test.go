package knee_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

func load(t testing.TB, files ...string) *sweep.Sweep {
	t.Helper()
	var ps []string
	for _, f := range files {
		ps = append(ps, fixtures.Path(f))
	}
	s, err := read.Load(ps, read.Options{})
	require.NoError(t, err)
	return s
}

func loadWith(t testing.TB, gpus int, files ...string) (*sweep.Sweep, error) {
	t.Helper()
	var ps []string
	for _, f := range files {
		ps = append(ps, fixtures.Path(f))
	}
	return read.Load(ps, read.Options{Meta: read.Meta{GPUs: gpus}})
}

func find(t testing.TB, s *sweep.Sweep) *knee.Result {
	t.Helper()
	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	return r
}

func point(t testing.TB, r *knee.Result, perGPU float64) knee.PointResult {
	t.Helper()
	for _, p := range r.Points {
		if p.PerGPU == perGPU {
			return p
		}
	}
	require.Failf(t, "no level", "%v/GPU not in result", perGPU)
	return knee.PointResult{}
}

// The real GB300 pair (aicr #2385): 256/GPU collapsed, and nothing below
// 128/GPU was measured, so 128 is only a candidate.
func TestFindGB300RealPairIs256CliffAnd128Unverified(t *testing.T) {
	r := find(t, load(t, "aicr/gb300-eks.csv"))

	p256 := point(t, r, 256)
	require.Equal(t, knee.VerdictPastKnee, p256.Verdict)
	require.Equal(t, []knee.Reason{knee.ReasonPastKnee, knee.ReasonCliff}, p256.Reasons)
	require.InDelta(t, 20769, p256.ThroughputTokS, 0.5)

	p128 := point(t, r, 128)
	require.Equal(t, knee.VerdictUnverified, p128.Verdict)
	require.Equal(t, []knee.Reason{knee.ReasonUnverified}, p128.Reasons)

	require.Nil(t, r.RecommendedPerGPU)
	require.NotNil(t, r.CandidatePerGPU)
	require.Equal(t, 128.0, *r.CandidatePerGPU)
	require.Contains(t, r.RecommendationReason, "128/GPU is unverified")
	require.Contains(t, r.Hints, "add 64/GPU to confirm 128 is below the knee")

	require.Equal(t, knee.StatusBracketed, r.Knee.Status)
	require.Nil(t, r.Knee.LowPerGPU, "the knee may lie below 128: nothing lower was measured")
	require.Equal(t, 256.0, *r.Knee.HighPerGPU)
}

// With a SIMULATED 64/GPU level scaling nearly linearly into 128, 128 is
// verified sub-knee and the knee is bracketed between 128 and 256.
func TestFindGB300WithSimulated64Recommends128(t *testing.T) {
	r := find(t, load(t, "aicr/gb300-eks.csv", "aicr/gb300-eks-simulated-64.csv"))

	require.Equal(t, knee.VerdictSubKnee, point(t, r, 128).Verdict)
	require.Empty(t, point(t, r, 128).Reasons)
	require.InDelta(t, 0.950, *point(t, r, 128).Elasticity, 0.001)
	// The rise from 64 into 128 (elasticity 0.95) shows 64 is below the knee.
	require.Equal(t, knee.VerdictSubKnee, point(t, r, 64).Verdict)
	require.True(t, point(t, r, 64).Simulated)
	require.Equal(t, knee.VerdictPastKnee, point(t, r, 256).Verdict)
	require.Contains(t, point(t, r, 256).Reasons, knee.ReasonCliff)

	require.Equal(t, 128.0, *r.RecommendedPerGPU)
	require.Equal(t, 128.0, *r.CandidatePerGPU)
	require.Equal(t, knee.StatusBracketed, r.Knee.Status)
	require.Equal(t, 128.0, *r.Knee.LowPerGPU)
	require.Equal(t, 256.0, *r.Knee.HighPerGPU)
	require.InDelta(t, 181.02, *r.Knee.PerGPU, 0.01) // √(128·256)
	require.Contains(t, r.Hints, "add 160 and 192/GPU to narrow the knee between 128 and 256")
	require.Contains(t, r.Notes, "SIMULATED, not measured: 64/GPU")
}

func TestFindGB200SinglePointIsInsufficient(t *testing.T) {
	r := find(t, load(t, "aicr/gb200-eks.csv"))
	require.Equal(t, knee.StatusInsufficientPoints, r.Knee.Status)
	require.Nil(t, r.RecommendedPerGPU)
	require.Nil(t, r.Knee.PerGPU)
	require.Len(t, r.Points, 1)
	require.Equal(t, knee.VerdictUnverified, r.Points[0].Verdict)
}

// The 15 real EKS H100 repeats at 256/GPU: throughput CV 19% → high_variance,
// and the stalled runs (84,049/4,155 ms, 48,920/30,743 ms, 92,590/4,844 ms)
// are the outliers.
func TestFindEKSH100RepeatsHighVarianceWithStallsAsOutliers(t *testing.T) {
	r := find(t, load(t, "aicr/h100-eks-repeats-256.csv"))
	require.Len(t, r.Points, 1)
	p := r.Points[0]
	require.Equal(t, 15, p.Repeats)
	require.Contains(t, p.Reasons, knee.ReasonHighVariance)
	require.InDelta(t, 0.1925, *p.ThroughputCV, 0.0005)
	require.InDelta(t, 107973.6, p.ThroughputTokS, 0.1) // mean of the 15
	require.Equal(t, 939.0, p.TTFTP99Ms)                // median of the 15 p99s
	require.Equal(t, []int{1, 9, 14}, p.OutlierRepeats)
	// Repeat numbers count from 0 but the CSV's notes count from 1 ("repeat
	// 2 of 15" is repeat 1): the text names the lines, so nobody looks up
	// the wrong runs.
	require.Contains(t, p.Details, "throughput of 15 repeats varies by CV 19% (limit 10%); outlier repeats 1, 9, 14 ("+
		fixtures.Path("aicr/h100-eks-repeats-256.csv")+" lines 3, 11, 16)")
}

// With aicr's 128 output tokens assumed, Little's law predicts a TTFT rise
// of 1000 · 512 / (20,769/128) ≈ 3,155 ms from 128 to 256/GPU; the measured
// 32,643 ms is 10× that: a cliff in TTFT as well as in throughput.
func TestFindGB300LittlesLawWithAssumedOutputTokens(t *testing.T) {
	o := knee.DefaultOptions()
	o.OutputTokens = 128
	r, err := knee.Find(load(t, "aicr/gb300-eks.csv"), o)
	require.NoError(t, err)
	p := point(t, r, 256)
	require.InDelta(t, 3155.4, *p.LittleRiseMs, 0.5)
	require.Equal(t, []knee.Reason{knee.ReasonPastKnee, knee.ReasonCliff}, p.Reasons)
	require.Equal(t, "throughput fell 76% below the best lower level (84,788 → 20,769 tok/s); "+
		"TTFT p99 rose 32,643 ms (677 → 33,320 ms), 10× Little's-law prediction of 3,155 ms for 512 more requests at 162 req/s", p.Details[1])
	require.NotContains(t, r.Notes, "Little's-law TTFT check skipped where the request rate is unknown (no request rate, output length or mean latency in the inputs; --output-tokens assumes an output length)")
}

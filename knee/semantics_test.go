package knee_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// The jtchilders GB10 curve (fixtures/sweeps, per device): throughput keeps
// growing 40–55% per doubling to 128, then +10.9% for 1.5× and +2.9%.
func gb10() *sweep.Sweep {
	return sw(pt(4, 42.17, 475.3), pt(8, 60.52, 556.7), pt(16, 78.00, 3392.9), pt(32, 112.54, 6189.9),
		pt(64, 165.64, 10108.2), pt(128, 233.27, 30366.8), pt(192, 258.77, 154313.3), pt(256, 266.34, 171099.0))
}

// Throughput-primary: TTFT p99 past the 2,000 ms ceiling from 16 does not
// cap the recommendation, but the result says so and gives both points.
func TestFindTTFTPastCeilingIsADisagreementNotACap(t *testing.T) {
	r := find(t, gb10())
	require.Equal(t, 128.0, *r.RecommendedPerGPU)
	require.NotNil(t, r.Disagreement)
	require.Equal(t, 128.0, r.Disagreement.ThroughputPerGPU)
	require.Equal(t, 8.0, *r.Disagreement.WithinCeilingPerGPU)
	require.InDelta(t, 30366.8, r.Disagreement.TTFTMs, 0.01)
	require.Contains(t, r.Disagreement.Detail, "TTFT p99 passes the 2,000 ms ceiling from 16/GPU (3,393 ms)")
	require.Contains(t, r.Hints, "state the TTFT SLO if it binds: --ttft-slo-ms 2000 recommends 8/GPU instead of 128")

}

// A stated SLO caps the recommendation at the highest level within it and
// marks the levels below the knee that are over it.
func TestFindTTFTSLOCapsTheRecommendation(t *testing.T) {
	o := knee.DefaultOptions()
	o.TTFTSLOMs = 2000
	r, err := knee.Find(gb10(), o)
	require.NoError(t, err)
	require.Equal(t, 8.0, *r.RecommendedPerGPU)
	require.Contains(t, r.RecommendationReason, "8/GPU is the highest level below the knee within --ttft-slo-ms 2,000 ms")
	require.Contains(t, point(t, r, 16).Reasons, knee.ReasonOverTTFTSLO)
	require.Contains(t, point(t, r, 128).Reasons, knee.ReasonOverTTFTSLO)
	require.Nil(t, r.Disagreement, "a stated SLO is a cap, not a disagreement")
	require.Equal(t, knee.VerdictAtKnee, point(t, r, 192).Verdict, "the knee itself does not move")
}

// Scaling throughput or TTFT by a constant moves nothing: elasticity is a
// ratio of logs of ratios.
func TestFindScaleInvariance(t *testing.T) {
	base := find(t, gb10())
	for _, k := range []float64{1e-3, 7, 1e3} {
		s := gb10()
		for i := range s.Points {
			s.Points[i].ThroughputTokS *= k
			*s.Points[i].TTFT.P99 *= k
		}
		r, err := knee.Find(s, func() knee.Options { o := knee.DefaultOptions(); o.TTFTCeilingMs = 2000 * k; return o }())
		require.NoError(t, err)
		require.Equal(t, *base.RecommendedPerGPU, *r.RecommendedPerGPU, "×%v", k)
		require.Equal(t, *base.Knee.LowPerGPU, *r.Knee.LowPerGPU, "×%v", k)
		require.Equal(t, *base.Knee.HighPerGPU, *r.Knee.HighPerGPU, "×%v", k)
	}
}

// A level added far past the knee never worsens the recommendation, whether
// it plateaus, collapses, or creeps up within noise.
func TestFindLevelFarPastTheKneeNeverWorsensTheRecommendation(t *testing.T) {
	for _, extra := range []sweep.Point{pt(1024, 270, 500000), pt(1024, 90, 900000), pt(1024, 278, 400000)} {
		s := gb10()
		s.Points = append(s.Points, extra)
		r := find(t, s)
		require.Equal(t, 128.0, *r.RecommendedPerGPU, "with %v tok/s at 1024", extra.ThroughputTokS)
		require.Equal(t, knee.VerdictPastKnee, point(t, r, 1024).Verdict)
	}
}

// One dip that recovers, or one stalled level followed by growth, never
// moves the knee by itself.
func TestFindOneDipOrStallDoesNotMoveTheKnee(t *testing.T) {
	dip := find(t, sw(pt(8, 1000, 100), pt(16, 1900, 110), pt(32, 1500, 130), pt(64, 6000, 200), pt(128, 6300, 900)))
	require.Equal(t, 64.0, *dip.RecommendedPerGPU)
	require.Contains(t, point(t, dip, 32).Reasons, knee.ReasonNonMonotonic)

	stall := find(t, sw(pt(8, 1000, 100), pt(16, 1900, 110), pt(32, 1950, 130), pt(64, 5000, 200), pt(128, 5100, 900)))
	require.Equal(t, 64.0, *stall.RecommendedPerGPU)
	require.Equal(t, knee.VerdictSubKnee, point(t, stall, 32).Verdict)
	require.Contains(t, point(t, stall, 32).Reasons, knee.ReasonNonMonotonic)
	require.Equal(t, knee.VerdictPastKnee, point(t, stall, 128).Verdict)
}

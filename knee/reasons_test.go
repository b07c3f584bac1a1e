package knee_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// ladder is a clean sweep on 4 GPUs that still scales through 128/GPU:
// 64 → 40,000, 128 → 76,000 tok/s (gain ratio 0.9), 150 output tokens,
// 8 requests per slot in flight (aicr's default).
func ladder() []sweep.Point {
	a, b := pt(64, 40000, 400), pt(128, 76000, 520)
	for _, p := range []*sweep.Point{&a, &b} {
		p.Requests, p.Failures, p.OutputTokensMean = sweep.I(int(8*p.Concurrency)), sweep.I(0), sweep.F(150)
	}
	return []sweep.Point{a, b}
}

func TestFindReasonsForEachProblem(t *testing.T) {
	t.Run("errors above 1% make a level invalid, below do not", func(t *testing.T) {
		pts := ladder()
		pts[1].Failures = sweep.I(63) // 1.5% of 4,159
		r := find(t, sw(pts...))
		require.Equal(t, knee.VerdictInvalid, r.Points[1].Verdict)
		require.Equal(t, []knee.Reason{knee.ReasonErrorsPresent}, r.Points[1].Reasons)
		require.Equal(t, "1.5% of requests failed (limit 1.0%)", r.Points[1].Details[0])
		pts[1].Failures = sweep.I(20) // 0.5%
		r = find(t, sw(pts...))
		require.Equal(t, knee.VerdictSubKnee, r.Points[1].Verdict)
	})
	t.Run("concurrency not achieved", func(t *testing.T) {
		pts := ladder()
		pts[1].AchievedConcurrency = sweep.F(0.85 * pts[1].Concurrency)
		r := find(t, sw(pts...))
		require.Equal(t, knee.VerdictInvalid, r.Points[1].Verdict)
		require.Equal(t, []knee.Reason{knee.ReasonConcurrencyNotAchieved}, r.Points[1].Reasons)
	})
	t.Run("client bound by harness flag or client CPU", func(t *testing.T) {
		pts := ladder()
		pts[1].ClientBound = true
		r := find(t, sw(pts...))
		require.Equal(t, []knee.Reason{knee.ReasonClientBound}, r.Points[1].Reasons)
		pts = ladder()
		pts[1].ClientCPU = sweep.F(0.95)
		r = find(t, sw(pts...))
		require.Equal(t, knee.VerdictInvalid, r.Points[1].Verdict)
		require.Equal(t, []knee.Reason{knee.ReasonClientBound}, r.Points[1].Reasons)
		require.Contains(t, r.Points[1].Details[0], "used 95% of its CPU")
	})
	t.Run("too few requests for a p99 is a caution; unknown counts are not", func(t *testing.T) {
		pts := ladder()
		pts[1].Requests = sweep.I(458)
		r := find(t, sw(pts...))
		require.Equal(t, knee.VerdictSubKnee, r.Points[1].Verdict)
		// 458 requests for 512 in flight is also under 8 per slot.
		require.Equal(t, []knee.Reason{knee.ReasonInsufficientSamples, knee.ReasonDrainBiased}, r.Points[1].Reasons)
		require.Equal(t, "0.9 requests per slot (458 for 512 in flight; want 8 per slot): throughput includes the final drain, when fewer than all slots run, so it reads low by wave quantisation", r.Points[1].Details[1])
		require.Equal(t, 128.0, *r.RecommendedPerGPU)
		pts[1].Requests, pts[1].Failures = nil, nil
		r = find(t, sw(pts...))
		require.Empty(t, r.Points[1].Reasons)
	})
	t.Run("a dip that recovers is non_monotonic, not the knee", func(t *testing.T) {
		pts := append(ladder(), pt(192, 70000, 600), pt(256, 120000, 700))
		for i := range pts {
			pts[i].Requests, pts[i].Failures = sweep.I(int(8*pts[i].Concurrency)), sweep.I(0)
		}
		r := find(t, sw(pts...))
		require.Equal(t, []knee.Reason{knee.ReasonNonMonotonic}, point(t, r, 192).Reasons)
		require.Equal(t, knee.VerdictSubKnee, point(t, r, 192).Verdict)
		require.Equal(t, knee.StatusNotReached, r.Knee.Status)
		require.Equal(t, 256.0, *r.RecommendedPerGPU)
	})
	t.Run("TTFT far beyond Little's law is a cliff even while throughput holds", func(t *testing.T) {
		// 128 → 256/GPU adds 512 requests at 76,000/150 ≈ 507 req/s: Little
		// predicts ≈ 1,010 ms more; 520 → 9,000 ms is 8.4× that.
		pts := append(ladder(), pt(256, 77000, 9000))
		pts[2].OutputTokensMean, pts[2].Requests, pts[2].Failures = sweep.F(150), sweep.I(8192), sweep.I(0)
		r := find(t, sw(pts...))
		p := point(t, r, 256)
		require.Equal(t, knee.VerdictPastKnee, p.Verdict)
		require.Contains(t, p.Reasons, knee.ReasonCliff)
		require.InDelta(t, 1010.5, *p.LittleRiseMs, 1)
		require.Contains(t, p.Details[len(p.Details)-1], "Little's-law prediction")
	})
	t.Run("a rise within Little's law is a knee, not a cliff", func(t *testing.T) {
		pts := append(ladder(), pt(256, 77000, 1900))
		pts[2].OutputTokensMean, pts[2].Requests, pts[2].Failures = sweep.F(150), sweep.I(8192), sweep.I(0)
		r := find(t, sw(pts...))
		p := point(t, r, 256)
		require.Equal(t, knee.VerdictPastKnee, p.Verdict)
		require.Equal(t, []knee.Reason{knee.ReasonPastKnee}, p.Reasons)
	})
	t.Run("trusted lowest level needs no lower level", func(t *testing.T) {
		r := find(t, sw(pt(1, 600, 40), pt(8, 4700, 45), pt(64, 9000, 900)))
		require.Equal(t, knee.VerdictSubKnee, r.Points[0].Verdict)
		require.Equal(t, knee.VerdictSubKnee, r.Points[1].Verdict)
		require.Equal(t, 8.0, *r.RecommendedPerGPU)
	})
}

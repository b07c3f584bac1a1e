package knee_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
)

// A real sweep recorded on an NVIDIA H200 (fixtures/testbed/h200-cbserve-0.6b,
// see its SOURCES.md): throughput keeps growing to 512 in flight but ever more
// slowly (173 → 1,231 → 1,576 → 1,893 tok/s at 8/128/256/512) while TTFT p99
// climbs 435 → 774 → 1,922 ms. The knee is where the gain per added request
// has fallen to a quarter of the low-load gain: bracketed by 64 and 256.
func TestFindRealH200TestbedSweep(t *testing.T) {
	r := find(t, load(t, "testbed/h200-cbserve-0.6b"))

	require.Equal(t, "h200", r.Sweep.Accelerator)
	require.Equal(t, 1, r.Sweep.GPUs)
	require.Len(t, r.Points, 7)
	require.Equal(t, knee.StatusBracketed, r.Knee.Status)
	require.Equal(t, 64.0, *r.Knee.LowPerGPU)
	require.Equal(t, 256.0, *r.Knee.HighPerGPU)
	require.InDelta(t, 133.6, *r.Knee.PerGPU, 0.5)
	require.Equal(t, 64.0, *r.RecommendedPerGPU)

	want := map[float64]knee.Verdict{
		8: knee.VerdictUnverified, 16: knee.VerdictSubKnee, 32: knee.VerdictSubKnee, 64: knee.VerdictSubKnee,
		128: knee.VerdictAtKnee, 256: knee.VerdictPastKnee, 512: knee.VerdictPastKnee,
	}
	for pg, v := range want {
		require.Equal(t, v, point(t, r, pg).Verdict, "%v/GPU", pg)
	}
	// Cut request counts below 459 make the low levels' p99 a caution, not a disqualification.
	require.Contains(t, point(t, r, 64).Reasons, knee.ReasonInsufficientSamples)
	require.InDelta(t, 1230.6, point(t, r, 128).ThroughputTokS, 0.1)
	require.InDelta(t, 1922, point(t, r, 512).TTFTP99Ms, 1)
}

// A narrower real ladder (fixtures/testbed/h200-cbserve-0.6b-narrow) that the
// sweep itself stopped past the knee: 96/GPU dipped below 64 and 128 gained
// only a fifth of the low-load gain, so the knee is bracketed by 64 and 96.
func TestFindRealH200NarrowSweepStoppedPastTheKnee(t *testing.T) {
	r := find(t, load(t, "testbed/h200-cbserve-0.6b-narrow"))

	require.Len(t, r.Points, 4)
	require.Equal(t, knee.StatusBracketed, r.Knee.Status)
	require.Equal(t, 64.0, *r.Knee.LowPerGPU)
	require.Equal(t, 96.0, *r.Knee.HighPerGPU)
	require.Equal(t, 64.0, *r.RecommendedPerGPU)
	require.Equal(t, knee.VerdictSubKnee, point(t, r, 64).Verdict)
	require.Equal(t, []knee.Reason{knee.ReasonNonMonotonic}, point(t, r, 96).Reasons)
	require.Equal(t, knee.VerdictPastKnee, point(t, r, 128).Verdict)
	require.InDelta(t, 1007.85, point(t, r, 64).ThroughputTokS, 0.01)
}

// Three real repeats of 32/64/128 per GPU, given as three results folders:
// they are merged as repeats (not averaged away), the noisy low levels are
// high_variance, and the slow first run at 32/GPU (389 tok/s against 784 and
// 667) is the outlier, named by its folder.
func TestFindRealH200RepeatsFromThreeFolders(t *testing.T) {
	dir := "testbed/h200-cbserve-0.6b-repeats/"
	s := load(t, dir+"run-1", dir+"run-2", dir+"run-3")
	require.Len(t, s.Points, 9)
	r := find(t, s)

	require.Len(t, r.Points, 3)
	p32, p64, p128 := point(t, r, 32), point(t, r, 64), point(t, r, 128)
	require.InDelta(t, 613.2, p32.ThroughputTokS, 0.1) // mean of 389, 784, 667
	require.Contains(t, p32.Reasons, knee.ReasonHighVariance)
	require.Contains(t, p64.Reasons, knee.ReasonHighVariance)
	require.NotContains(t, p128.Reasons, knee.ReasonHighVariance) // CV 9%
	require.Nil(t, r.RecommendedPerGPU)
	require.Equal(t, 32.0, *r.CandidatePerGPU)
	require.Contains(t, joinHints(r), "run-1/levels/000-32")
}

func joinHints(r *knee.Result) string {
	out := ""
	for _, h := range r.Hints {
		out += h + "\n"
	}
	return out
}

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

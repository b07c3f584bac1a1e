package knee_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Issue 27 item 1: with --slo, a sweep whose every level is invalid (the
// real H200 test-bed sweep with half of each level's requests failed, as
// a server failing every other request leaves it) dereferenced a nil
// SLO edge in sloDetail. No valid level is a finding, never a crash.
func TestSLOWithEveryLevelInvalidIsAFindingNotACrash(t *testing.T) {
	s := load(t, "testbed/h200-cbserve-0.6b")
	for i := range s.Points {
		p := &s.Points[i]
		n := 100
		if p.Requests != nil {
			n = *p.Requests
		}
		p.Failures = sweep.I(n / 2)
	}
	o := knee.DefaultOptions()
	var err error
	o.SLOs, err = knee.ParseSLOs("ttft_p99=1s")
	require.NoError(t, err)
	var r *knee.Result
	require.NotPanics(t, func() { r, err = knee.Find(s, o) })
	require.NoError(t, err)
	for _, p := range r.Points {
		require.Equal(t, knee.VerdictInvalid, p.Verdict, "%v/GPU", p.PerGPU)
	}
	require.Nil(t, r.RecommendedPerGPU)
	require.NotNil(t, r.SLO)
	require.Nil(t, r.SLO.EdgePerGPU)
	require.Nil(t, r.SLO.OverPerGPU)
	require.Contains(t, r.SLO.Detail, "no level meets the SLOs (ttft_p99 ≤ 1,000 ms): every level invalid")
}

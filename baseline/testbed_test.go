package baseline

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep/read"
)

// Three real repeats on the H200 test bed (fixtures/testbed/
// h200-cbserve-0.6b-repeats): at 64/GPU the runs gave 827, 1,117 and 688
// tok/s, so the floor starts from the lower end of the 95% interval of the
// mean — 877.21 − 4.303 × 219.0 / √3 = 333.2 — and × 0.75 = 249.9 → 240.
// The wide interval is the point: three noisy runs support only a low floor.
func TestProposeRealH200RepeatsFloorFromConfidenceBound(t *testing.T) {
	dir := "testbed/h200-cbserve-0.6b-repeats/"
	s, err := read.Load([]string{fixtures.Path(dir + "run-1"), fixtures.Path(dir + "run-2"), fixtures.Path(dir + "run-3")}, read.Options{})
	require.NoError(t, err)
	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	p := DefaultPolicy()
	p.At = 64

	rec, err := Propose(s, r, p)
	require.NoError(t, err)
	require.Equal(t, StatusProposed, rec.Status)
	require.Equal(t, 3, rec.Measured.Repeats)
	require.InDelta(t, 877.21, rec.Measured.ThroughputTokS, 0.01)
	require.Equal(t, "64", rec.Constraint("inference-concurrency-per-gpu"))
	require.Equal(t, ">= 240", rec.Constraint("inference-throughput"))
	require.Equal(t, "<= 2000", rec.Constraint("inference-ttft-p99"))
	require.Contains(t, rec.Warnings, "64/GPU: repeats disagree (high_variance); the floor may sit inside run-to-run noise")
}

package baseline

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep/read"
)

// --allow-simulated (demonstrations) turns the "simulated" refusal into a
// proposal marked simulated, with the same arithmetic as a real one.
func TestProposeAllowSimulatedMarksTheResult(t *testing.T) {
	s, err := read.Load([]string{fixtures.Path("aicr/gb300-eks-simulated-64.csv")}, read.Options{})
	require.NoError(t, err)
	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	p := DefaultPolicy()
	p.At = 64
	p.AcceptUnverified = true

	refused, err := Propose(s, r, p)
	require.NoError(t, err)
	require.Equal(t, StatusRefused, refused.Status)
	require.Equal(t, ReasonSimulated, refused.Refusals[len(refused.Refusals)-1].Reason)

	p.AllowSimulated = true
	rec, err := Propose(s, r, p)
	require.NoError(t, err)
	require.Equal(t, StatusProposed, rec.Status)
	require.True(t, rec.Simulated)
	// 43,900 × 0.75 = 32,925 → 32,000; max(2000, 452 × 2) → 2000.
	require.Equal(t, ">= 32000", rec.Constraint("inference-throughput"))
	require.Equal(t, "<= 2000", rec.Constraint("inference-ttft-p99"))
	require.Contains(t, strings.Join(rec.Warnings, "\n"), "SIMULATED: the numbers at 64/GPU were simulated")

	_, err = Run(s, Request{Knee: knee.DefaultOptions(), Policy: p, Overlay: "x.yaml", Write: true})
	var pe *PolicyError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, "allow_simulated", pe.Option)
}

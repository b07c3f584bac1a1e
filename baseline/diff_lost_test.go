package baseline

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// Issue 27 item 2, planted (simulated, not measured): NEW is the real H200
// test-bed sweep with half of every request failed from 16/GPU up. Every
// such level turned invalid and NEW has no operating point left: each is
// a regression (and the knee, with one valid level left), never "compared as measured" with exit 0.
func TestDiffNewFailingHalfItsRequestsRegresses(t *testing.T) {
	old := loadRuns(t, "testbed/h200-cbserve-0.6b")
	cur := loadRuns(t, "testbed/h200-cbserve-0.6b")
	var broken []float64
	for i := range cur.Points {
		p := &cur.Points[i]
		if p.Level() >= 16 {
			p.Failures = sweep.I(*p.Requests / 2)
			broken = append(broken, p.Level())
		}
	}
	d := diffOf(t, old, cur)
	require.Empty(t, d.NotComparable)
	var lost []float64
	for _, r := range d.Rows {
		if r.Metric == ValidMetric {
			require.Equal(t, DiffRegressed, r.Verdict)
			require.Contains(t, r.Note, "valid in OLD, invalid in NEW (errors_present")
			lost = append(lost, *r.PerGPU)
		}
	}
	require.Equal(t, broken, lost)
	op := findRow(t, d, "operating point", "per_gpu")
	require.Equal(t, DiffRegressed, op.Verdict)
	require.Equal(t, 256.0, *op.Old)
	require.Nil(t, op.New)
	kn := findRow(t, d, "knee", "knee_per_gpu")
	require.Equal(t, DiffRegressed, kn.Verdict, "one valid level left: no knee")
	require.Equal(t, "knee lost: OLD's knee bracketed, NEW's insufficient_points", kn.Note)
	require.Equal(t, len(broken)+2, d.Regressed, "every lost level, the operating point and the knee")
}

// NEW holding only OLD's lowest level: every other level is not
// comparable (the gate cannot pass what was not run), and the knee and
// operating point OLD had are lost.
func TestDiffNewHoldingOnlyItsLowestLevelIsNeverAPass(t *testing.T) {
	old := loadRuns(t, "testbed/h200-cbserve-0.6b")
	cur := loadRuns(t, "testbed/h200-cbserve-0.6b")
	lowest := cur.Points[0]
	for _, p := range cur.Points {
		if p.Level() < lowest.Level() {
			lowest = p
		}
	}
	cur.Points = []sweep.Point{lowest}
	d := diffOf(t, old, cur)
	levels := len(byLevel(old))
	require.Equal(t, levels-1, d.Unjudged(), "every level but the lowest")
	require.Equal(t, DiffRegressed, findRow(t, d, "operating point", "per_gpu").Verdict)
	require.Equal(t, DiffRegressed, findRow(t, d, "knee", "knee_per_gpu").Verdict)
	require.Equal(t, 2, d.Regressed)
}

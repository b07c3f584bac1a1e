package baseline

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Issue 31 item 2: runs 1 and 2 of the real H200 repeats against run 3
// gave [-5633.2%, 5574.8%] on throughput at 64/GPU (972 ± 205 against
// 688): an interval wider than the quantity judges nothing, and says so.
// ITL p50 there (56.21, 56.36 against 68) keeps its [-29.6%, 72.9%].
func TestDiffIntervalWiderThanTheQuantityIsTooFewRuns(t *testing.T) {
	dir := "testbed/h200-cbserve-0.6b-repeats/"
	d := diffOf(t, loadRuns(t, dir+"run-1", dir+"run-2"), loadRuns(t, dir+"run-3"))
	tp := findRow(t, d, "64", "throughput_tok_s")
	require.True(t, tp.TooFewRuns)
	require.Nil(t, tp.CILow)
	require.Nil(t, tp.CIHigh)
	require.Equal(t, DiffNoChange, tp.Verdict)
	require.Equal(t, "too few runs to judge: the interval (t, spread of OLD's 2 runs (the other ran once)) is wider than the quantity", tp.Method)
	require.InDelta(t, -0.292, *tp.Change, 0.001)

	itl := findRow(t, d, "64", "itl_p50_ms")
	require.False(t, itl.TooFewRuns)
	require.InDelta(t, -0.296, *itl.CILow, 0.001)
	require.InDelta(t, 0.729, *itl.CIHigh, 0.001)

}

// A knee that fell from ≈100 [80, 120] to ≈30 [10, 40]/GPU: the bound
// [new low − old high, new high − old low] / old knee is [-110%, -40%],
// but a knee cannot be negative: the change is bounded at −100%.
func TestDiffKneeIntervalBoundedAtMinusHundredPercent(t *testing.T) {
	d := &Diff{Options: DefaultDiffOptions()}
	d.Old.Knee = knee.Knee{Status: knee.StatusLocated, PerGPU: sweep.F(100), LowPerGPU: sweep.F(80), HighPerGPU: sweep.F(120)}
	d.New.Knee = knee.Knee{Status: knee.StatusLocated, PerGPU: sweep.F(30), LowPerGPU: sweep.F(10), HighPerGPU: sweep.F(40)}
	row := d.kneeRow()
	require.Equal(t, -1.0, *row.CILow)
	require.InDelta(t, -0.4, *row.CIHigh, 1e-12)
	require.Equal(t, DiffRegressed, row.Verdict)
}

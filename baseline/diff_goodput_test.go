package baseline

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

func sloOptions(t *testing.T, spec string) knee.Options {
	t.Helper()
	o := knee.DefaultOptions()
	slos, err := knee.ParseSLOs(spec)
	require.NoError(t, err)
	o.SLOs = slos
	return o
}

// With SLOs the diff compares goodput too. On the planted 15% regression
// (simulated from the real dense H200 sweep; latencies kept) goodput falls
// 15% wherever the SLOs hold (8–128/GPU) and is 0 on both sides where they
// do not (256, 512: TTFT p99 over 500 ms), which is no change. The
// operating point under these SLOs is 128/GPU (the SLO binds): 603 → 513
// goodput tok/s, regressed.
func TestDiffGoodputPlantedRegression(t *testing.T) {
	o := sloOptions(t, "ttft_p99=500ms,tpot_p50=120ms")
	old := loadRuns(t, "testbed/h200-cbserve-0.6b")
	d, err := DiffSweeps(context.Background(), old, scaledThroughput(old, 0.85), o, DefaultDiffOptions())
	require.NoError(t, err)
	for lv, want := range map[string]float64{"8": 173.107, "16": 228.074, "32": 331.391, "64": 358.139, "128": 602.982} {
		r := findRow(t, d, lv, GoodputMetric)
		require.InDelta(t, want, *r.Old, 0.001, lv)
		require.InDelta(t, -0.15, *r.Change, 1e-5, lv)
		require.Equal(t, DiffRegressed, r.Verdict, lv)
	}
	for _, lv := range []string{"256", "512"} {
		r := findRow(t, d, lv, GoodputMetric)
		require.Equal(t, 0.0, *r.Old)
		require.Equal(t, DiffNoChange, r.Verdict, lv)
		require.Equal(t, "OLD is 0: no relative change", r.Method)
	}
	op := findRow(t, d, "operating point", GoodputMetric)
	require.Equal(t, 128.0, *op.OldPerGPU)
	require.InDelta(t, 602.982, *op.Old, 0.001)
	require.InDelta(t, 512.535, *op.New, 0.001)
	require.Equal(t, DiffRegressed, op.Verdict)
}

// The real H200 repeats are one setup: under SLOs their goodput rows, each
// from the repeats analysed one by one, read no change in every split, and
// the 4 goodput rows with an interval join the family (17 → 21). (Goodput
// there swings with whether a run met the TTFT SLO: 378 and 1,117 tok/s at
// 64/GPU. In the split runs 1+3 against run 2 the SLO edge itself moves,
// 128 → 64/GPU, and the operating level's row — a level, not a
// measurement, with no interval — reads regressed: the gate says the SLO
// recommendation fell, which it did.)
func TestDiffGoodputRealRepeatsNoChange(t *testing.T) {
	o := sloOptions(t, "ttft_p99=500ms,tpot_p50=120ms")
	dir := "testbed/h200-cbserve-0.6b-repeats/"
	splits := [][2][]string{
		{{"run-1", "run-2"}, {"run-3"}}, {{"run-1", "run-3"}, {"run-2"}}, {{"run-2", "run-3"}, {"run-1"}},
	}
	for _, sp := range splits {
		a := loadRuns(t, dir+sp[0][0], dir+sp[0][1])
		b := loadRuns(t, dir+sp[1][0])
		d, err := DiffSweeps(context.Background(), a, b, o, DefaultDiffOptions())
		require.NoError(t, err)
		n := 0
		for _, r := range d.Rows {
			if r.Metric == GoodputMetric {
				n++
				require.Equal(t, DiffNoChange, r.Verdict, "%v vs %v: %s", sp[0], sp[1], r.At)
			}
		}
		require.Positive(t, n)
	}
	d, err := DiffSweeps(context.Background(), loadRuns(t, dir+"run-1", dir+"run-2"), loadRuns(t, dir+"run-3"), o, DefaultDiffOptions())
	require.NoError(t, err)
	require.Equal(t, 21, d.Family)
	r := findRow(t, d, "64", GoodputMetric)
	require.Equal(t, 2, r.OldN)
	require.Equal(t, 1, r.NewN)
	require.InDelta(t, 765.191, *r.Old, 0.001)
	require.InDelta(t, 343.987, *r.New, 0.001)
	require.Equal(t, "too few runs to judge: the interval (t, spread of OLD's 2 runs (the other ran once)) is wider than the quantity", r.Method)
}

// Without SLOs there is no goodput: no row, and the family is as before.
func TestDiffNoSLONoGoodputRows(t *testing.T) {
	old := loadRuns(t, "testbed/h200-cbserve-0.6b")
	d := diffOf(t, old, old)
	for _, r := range d.Rows {
		require.NotEqual(t, GoodputMetric, r.Metric)
	}
	require.Empty(t, goodputByRepeat(context.Background(), &sweep.Sweep{}, knee.DefaultOptions()))
}

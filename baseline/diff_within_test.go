package baseline

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// oneRun is a single run of three closed-loop levels whose throughput at
// every level is scale × 400·2^i with a within-run interval of ±half (nil
// windows when half is 0). Constructed numbers for the rule, not
// measurements.
func oneRun(scale, half float64) *sweep.Sweep {
	s := &sweep.Sweep{GPUs: 1, Accelerator: "h200", Model: "m"}
	for i, c := range []float64{16, 32, 64} {
		thr := scale * 400 * float64(int(1)<<i)
		p := sweep.Point{PerGPU: sweep.F(c), Concurrency: c, Requests: sweep.I(600), Failures: sweep.I(0),
			ThroughputTokS: thr, ThroughputPerGPU: sweep.F(thr), TTFT: sweep.Dist{P50: sweep.F(30), P99: sweep.F(60)}}
		if half > 0 {
			p.StopReason = sweep.StopPrecision
			p.Windows = &sweep.Windows{Count: 12, LengthS: 1, Spread: 0.05, HalfWidth: half}
			p.ThroughputCI95 = &sweep.Interval{Low: thr * (1 - half), High: thr * (1 + half)}
		}
		s.Points = append(s.Points, p)
	}
	return s
}

func throughputRow(t *testing.T, d *Diff, at string) DiffRow {
	t.Helper()
	for _, r := range d.Rows {
		if r.At == at && r.Metric == "throughput_tok_s" {
			return r
		}
	}
	t.Fatalf("no throughput row at %s", at)
	return DiffRow{}
}

// Two single runs 8% apart. Without windows (older results) that is a
// regression judged on the change alone, as before. With each run's own
// ±5% interval the change is inside their noise: no change, said to rest
// on the within-run interval, naming --repeats. With ±1% it is a
// regression again — on an interval now.
func TestDiffJudgesSingleRunsOnTheirWithinRunIntervals(t *testing.T) {
	old := diffOf(t, oneRun(1, 0), oneRun(0.92, 0))
	row := throughputRow(t, old, "32")
	assert.Equal(t, DiffRegressed, row.Verdict)
	assert.Equal(t, "one run each side: no interval, judged on the change alone", row.Method)
	assert.Nil(t, row.CILow)

	wide := diffOf(t, oneRun(1, 0.05), oneRun(0.92, 0.05))
	row = throughputRow(t, wide, "32")
	assert.Equal(t, DiffNoChange, row.Verdict)
	assert.Contains(t, row.Method, "within-run interval")
	assert.Contains(t, row.Method, "--repeats")
	require.NotNil(t, row.CILow)
	require.NotNil(t, row.CIHigh)
	assert.Less(t, *row.CILow, 0.0)
	assert.Greater(t, *row.CIHigh, 0.0)
	assert.InDelta(t, -0.08, *row.Change, 1e-9)
	assert.Greater(t, wide.Family, 0, "within-run rows share the family-wise confidence")
	assert.Zero(t, wide.Regressed)

	tight := diffOf(t, oneRun(1, 0.01), oneRun(0.92, 0.01))
	row = throughputRow(t, tight, "32")
	assert.Equal(t, DiffRegressed, row.Verdict)
	assert.Contains(t, row.Method, "within-run interval")
	assert.Less(t, *row.CIHigh, 0.0)
}

// The latency rows of two single windowed runs are not judged: TTFT p99
// 60 → 75 ms (+25%) is no change, saying why; without windows it is a
// regression judged on the change alone, as before.
func TestDiffDoesNotJudgeSingleRunLatenciesOnWithinRunIntervals(t *testing.T) {
	slower := func(s *sweep.Sweep) *sweep.Sweep {
		for i := range s.Points {
			s.Points[i].TTFT.P99 = sweep.F(75)
		}
		return s
	}
	row := func(d *Diff) DiffRow {
		for _, r := range d.Rows {
			if r.At == "32" && r.Metric == "ttft_p99_ms" {
				return r
			}
		}
		t.Fatal("no TTFT p99 row at 32")
		return DiffRow{}
	}
	d := diffOf(t, oneRun(1, 0.03), slower(oneRun(1, 0.03)))
	r := row(d)
	assert.Equal(t, DiffNoChange, r.Verdict)
	assert.Equal(t, LatencyUnjudged, r.Method)
	assert.InDelta(t, 0.25, *r.Change, 1e-9)
	assert.Zero(t, d.Regressed)
	old := diffOf(t, oneRun(1, 0), slower(oneRun(1, 0)))
	assert.Equal(t, DiffRegressed, row(old).Verdict)
}

// A side with repeats keeps the between-run rule even when its points
// carry windows.
func TestDiffPrefersRepeatsToWithinRunIntervals(t *testing.T) {
	old := oneRun(1, 0.05)
	again := oneRun(1.02, 0.05)
	for i := range again.Points {
		again.Points[i].Repeat = 1
	}
	old.Points = append(old.Points, again.Points...)
	d := diffOf(t, old, oneRun(0.92, 0.05))
	row := throughputRow(t, d, "32")
	assert.Contains(t, row.Method, "spread of OLD's 2 runs")
}

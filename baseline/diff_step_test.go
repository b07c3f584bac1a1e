package baseline

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// curve is one windowed run of levels 16…128 with the given throughputs,
// each at ±half. Constructed numbers for the rule, not measurements.
func curve(half float64, thr ...float64) *sweep.Sweep {
	s := &sweep.Sweep{GPUs: 1, Accelerator: "h200", Model: "m"}
	for i, c := range []float64{16, 32, 64, 128} {
		p := sweep.Point{PerGPU: sweep.F(c), Concurrency: c, Requests: sweep.I(600), Failures: sweep.I(0),
			ThroughputTokS: thr[i], ThroughputPerGPU: sweep.F(thr[i]), TTFT: sweep.Dist{P50: sweep.F(30 + c), P99: sweep.F(60 + 2*c)},
			StopReason: sweep.StopTimeCap, Windows: &sweep.Windows{Count: 30, LengthS: 1, Spread: half, HalfWidth: half},
			ThroughputCI95: &sweep.Interval{Low: thr[i] * (1 - half), High: thr[i] * (1 + half)}}
		s.Points = append(s.Points, p)
	}
	return s
}

// The smallest step the rule resolves: r_min = 1.1³ = 1.331 at the
// default noise (5%) and e* = 1/3, for levels within that noise; ±20% on
// both sides widens it to ×2.2, ±10% to ×1.58.
func TestResolvableStepWidensWithTheRunsIntervals(t *testing.T) {
	o := knee.DefaultOptions()
	assert.InDelta(t, 1.331, resolvableStep(0.03, 0.05, o), 1e-3)
	assert.InDelta(t, 2.20, resolvableStep(0.2, 0.2, o), 0.01)
	assert.InDelta(t, 1.58, resolvableStep(0.1, 0.1, o), 0.01)
}

// Two single searches of one config: OLD reads 64→128/GPU flat and
// recommends 64, NEW reads 32→64 flat and recommends 32. At ±20% a level
// (the H200 test bed's intervals at its time cap) the runs resolve no step
// smaller than ×2.2, so 64→32 is no change, said why, and the operating
// point's throughput and TTFT (two different loads) are not judged. At ±5%
// the same move is a regression.
func TestDiffReadsOperatingPointsOneResolvableStepApartAsNoChange(t *testing.T) {
	wide := diffOf(t, curve(0.2, 200, 400, 700, 760), curve(0.2, 210, 380, 430, 450))
	require.NotNil(t, wide.Old.OperatingPerGPU)
	require.NotNil(t, wide.New.OperatingPerGPU)
	assert.Equal(t, 64.0, *wide.Old.OperatingPerGPU)
	assert.Equal(t, 32.0, *wide.New.OperatingPerGPU)
	var lvl DiffRow
	for _, r := range wide.Rows {
		if r.At == "operating point" && r.Metric == "per_gpu" {
			lvl = r
		}
		if r.At == "operating point" && r.Metric != "per_gpu" {
			assert.Equal(t, DiffNoChange, r.Verdict, r.Metric)
			assert.Contains(t, r.Method, "not judged: the operating points are two loads within one resolvable step")
		}
	}
	assert.Equal(t, DiffNoChange, lvl.Verdict)
	assert.Contains(t, lvl.Note, "±20% (OLD) and ±20% (NEW)")
	assert.Contains(t, lvl.Note, "only across ×2.20, and 64→32/GPU is ×2.00")

	tight := diffOf(t, curve(0.05, 200, 400, 700, 760), curve(0.05, 210, 380, 430, 450))
	for _, r := range tight.Rows {
		if r.At == "operating point" && r.Metric == "per_gpu" {
			assert.Equal(t, DiffRegressed, r.Verdict)
			assert.Empty(t, r.Note)
		}
	}
	assert.Positive(t, tight.Regressed)
}

// A level OLD measured and NEW did not is not comparable (the gate cannot
// judge what was not run) — unless NEW's levels were chosen by a search,
// which picks them from its own readings: then it is said and not judged,
// and the levels both ran decide.
func TestDiffDoesNotCountLevelsANewSearchDidNotChooseAsLost(t *testing.T) {
	old := curve(0.05, 200, 400, 700, 760)
	cur := curve(0.05, 200, 400, 700, 760)
	cur.Points = cur.Points[1:] // no 16/GPU
	ladder := diffOf(t, old, cur)
	row := findRow(t, ladder, "16", MeasuredMetric)
	assert.Equal(t, DiffNotComparable, row.Verdict)
	assert.Positive(t, ladder.Unjudged())

	cur.Searched = true
	searched := diffOf(t, old, cur)
	row = findRow(t, searched, "16", MeasuredMetric)
	assert.Equal(t, DiffNoChange, row.Verdict)
	assert.Equal(t, "not compared: NEW's search chose other levels", row.Method)
	assert.Contains(t, row.Note, "OLD measured 16/GPU, NEW's search did not run it")
	assert.Zero(t, searched.Unjudged())
	assert.Zero(t, searched.Regressed)
}

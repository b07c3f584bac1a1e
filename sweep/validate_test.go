package sweep

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

func okPoint() Point {
	return Point{Concurrency: 512, ThroughputTokS: 84788, TTFT: Dist{P50: F(310), P99: F(677)}, Source: "gb300.csv:2"}
}

func TestValidateAcceptsAGoodSweep(t *testing.T) {
	s := &Sweep{Version: 1, GPUs: 4, Points: []Point{okPoint()}}
	s.Points[0].PerGPU = F(128)
	s.Points[0].ThroughputPerGPU = F(21197)
	require.NoError(t, s.Validate("gb300.csv"))
}

// A level with no TTFT (a non-streaming run, a throughput-only table) is
// still a measurement: the knee then rests on throughput alone.
func TestValidateAllowsMissingTTFT(t *testing.T) {
	p := okPoint()
	p.TTFT = Dist{}
	require.NoError(t, (&Sweep{Version: 1, Points: []Point{p}}).Validate("run.json"))
}

// A level where every request failed has no TTFT and is still a measurement.
func TestValidateAllowsMissingTTFTWhenEveryRequestFailed(t *testing.T) {
	p := okPoint()
	p.TTFT, p.Requests, p.Failures, p.ThroughputTokS = Dist{}, I(0), I(64), 0
	require.NoError(t, (&Sweep{Version: 1, Points: []Point{p}}).Validate("x"))
}

func TestValidateRefuses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		gpus  int
		edit  func(p *Point)
		field string
		msg   string
	}{
		{"NaN throughput", 0, func(p *Point) { p.ThroughputTokS = math.NaN() }, "throughput_tok_s", "non-negative"},
		{"Inf concurrency", 0, func(p *Point) { p.Concurrency = math.Inf(1) }, "concurrency", "positive"},
		{"zero concurrency", 0, func(p *Point) { p.Concurrency = 0 }, "concurrency", "positive"},
		{"negative failures", 0, func(p *Point) { p.Failures = I(-1) }, "failures", "negative"},
		{"p99 below p50", 0, func(p *Point) { p.TTFT.P99 = F(300) }, "ttft_ms", "p99 (300) is below p50 (310)"},
		{"max below p99", 0, func(p *Point) { p.E2E = Dist{P99: F(10), Max: F(9)} }, "e2e_ms", "max (9) is below p99 (10)"},
		{"mean above max", 0, func(p *Point) { p.ITL = Dist{Mean: F(10), Max: F(9)} }, "itl_ms", "mean (10) is above max (9)"},
		{"negative latency", 0, func(p *Point) { p.ITL = Dist{P50: F(-1)} }, "itl_ms", "p50 must be a non-negative"},
		{"per_gpu contradicts gpus", 4, func(p *Point) { p.PerGPU = F(256) }, "per_gpu", "conflicting GPU counts"},
		{"per-GPU throughput contradicts gpus", 4, func(p *Point) { p.ThroughputPerGPU = F(10000) }, "throughput_per_gpu", "conflicting GPU counts"},
		{"unknown TTFT tail", 0, func(p *Point) { p.TTFTTail = "p95" }, "ttft_tail", `must be p99 or p90, got "p95"`},
		{"p90 tail without a p90", 0, func(p *Point) { p.TTFTTail = TailP90 }, "ttft_tail", "ttft_ms.p90 is missing"},
		{"negative failure label", 0, func(p *Point) { p.FailureLabels = map[string]int{"503": -2} }, "failure_labels.503", "negative"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := okPoint()
			tc.edit(&p)
			err := (&Sweep{Version: 1, GPUs: tc.gpus, Points: []Point{p}}).Validate("gb300.csv")
			var ie *inputerr.Error
			require.ErrorAs(t, err, &ie)
			require.Equal(t, "gb300.csv:2", ie.File, "the point's own source names the line")
			require.Equal(t, tc.field, ie.Field)
			require.Contains(t, err.Error(), tc.msg)
		})
	}
}

// A point of a hand-written sweep JSON has no source line: the field says
// which point, and per_gpu -5 without a concurrency is reported as the bad
// per_gpu it is, not as "concurrency: got 0".
func TestValidateNamesThePointWithoutASource(t *testing.T) {
	p := okPoint()
	p.Source = ""
	bad := Point{PerGPU: F(-5)}
	err := (&Sweep{Version: 1, Points: []Point{p, bad}}).Validate("run.json")
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "run.json", ie.File)
	require.Equal(t, "points[1].per_gpu", ie.Field)
	require.Contains(t, err.Error(), "got -5")

	err = (&Sweep{Version: 1, Points: []Point{p, {ThroughputTokS: 5, TTFT: Dist{P99: F(3)}}}}).Validate("run.json")
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "points[1].concurrency", ie.Field)
	require.Contains(t, err.Error(), "missing or 0")
}

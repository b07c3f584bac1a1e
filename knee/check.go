package knee

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// checkSweep rejects what no analysis can use, naming the file and field.
func checkSweep(s *sweep.Sweep) error {
	if s == nil {
		return inputerr.Errorf("(sweep)", "points", 0, "no sweep to analyse")
	}
	if len(s.Points) == 0 {
		return inputerr.Errorf(sweepFiles(s), "points", 0, "no measured points to analyse")
	}
	if s.GPUs < 0 {
		return inputerr.Errorf(pointFile(s, s.Points[0]), "gpus", 0, "GPU count must not be negative, got %d", s.GPUs)
	}
	for i, p := range s.Points {
		if err := checkPoint(p, fmt.Sprintf("points[%d].", i), pointFile(s, p)); err != nil {
			return err
		}
	}
	return nil
}

// sweepFiles names the sweep's inputs for an error.
func sweepFiles(s *sweep.Sweep) string {
	if len(s.Sources) > 0 {
		return strings.Join(s.Sources, ",")
	}
	return "(sweep)"
}

// pointFile names the input a point came from for an error.
func pointFile(s *sweep.Sweep, p sweep.Point) string {
	if p.Source != "" {
		return p.Source
	}
	return sweepFiles(s)
}

// checkPoint refuses a point's value out of bounds. The bounds lie far
// beyond any real node and keep sums and ratios finite; they are the ones
// sweep.Validate applies to every input read.
func checkPoint(p sweep.Point, f, file string) error {
	const (
		maxConcurrency = sweep.MaxConcurrency
		maxValue       = sweep.MaxValue
	)
	if !positiveUpTo(p.Concurrency, maxConcurrency) {
		return inputerr.Errorf(file, f+"concurrency", 0, "must be a positive number up to %g, got %g", maxConcurrency, p.Concurrency)
	}
	if p.PerGPU != nil && !positiveUpTo(*p.PerGPU, maxConcurrency) {
		return inputerr.Errorf(file, f+"per_gpu", 0, "must be a positive number up to %g, got %g", maxConcurrency, *p.PerGPU)
	}
	if !nonNegativeUpTo(p.ThroughputTokS, maxValue) {
		return inputerr.Errorf(file, f+"throughput_tok_s", 0, "must be a non-negative number up to %g, got %g", maxValue, p.ThroughputTokS)
	}
	fields := []struct {
		name string
		v    *float64
	}{
		{"ttft_ms.mean", p.TTFT.Mean}, {"ttft_ms.p50", p.TTFT.P50}, {"ttft_ms.p99", p.TTFT.P99},
		{"e2e_ms.mean", p.E2E.Mean}, {"e2e_ms.p50", p.E2E.P50}, {"e2e_ms.p99", p.E2E.P99},
		{"request_rate", p.RequestRate}, {"requested_rate", p.RequestedRate}, {"achieved_concurrency", p.AchievedConcurrency},
		{"output_tokens_mean", p.OutputTokensMean}, {"client_cpu", p.ClientCPU},
	}
	for _, fl := range fields {
		if fl.v != nil && !nonNegativeUpTo(*fl.v, maxValue) {
			return inputerr.Errorf(file, f+fl.name, 0, "must be a non-negative number up to %g, got %g", maxValue, *fl.v)
		}
	}
	counts := []struct {
		name string
		v    *int
	}{{"requests", p.Requests}, {"failures", p.Failures}}
	for _, c := range counts {
		if c.v != nil && *c.v < 0 {
			return inputerr.Errorf(file, f+c.name, 0, "must not be negative, got %d", *c.v)
		}
	}
	return nil
}

func positiveUpTo(v, max float64) bool    { return finite(v) && v > 0 && v <= max }
func nonNegativeUpTo(v, max float64) bool { return finite(v) && v >= 0 && v <= max }

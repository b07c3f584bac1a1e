package sweep

import (
	"fmt"
	"math"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// Validate is the one sanity check every reader applies, so that a bad number
// is refused the same way whatever format it came in: non-finite or negative
// values, percentiles out of order, missing throughput or TTFT, per-GPU
// values that contradict the GPU count. The error is an *inputerr.Error naming
// the file (the point's own source when it has one: that carries the line or
// stage) and the field.
func (s *Sweep) Validate(file string) error {
	if s.GPUs < 0 {
		return inputerr.Errorf(file, "gpus", 0, "must not be negative, got %d", s.GPUs)
	}
	for i := range s.Points {
		if err := s.validatePoint(file, i); err != nil {
			return err
		}
	}
	return nil
}

func (s *Sweep) validatePoint(file string, i int) error {
	p := &s.Points[i]
	bad := pointErrors(file, i, p.Source)
	for _, check := range []func(*Point, badField) error{checkLoad, checkValues, checkCounts, checkDists} {
		if err := check(p, bad); err != nil {
			return err
		}
	}
	// TTFT is optional: a non-streaming run, a llama.cpp slot sweep or a PR
	// table with TPOT only has none, and the knee then rests on throughput
	// alone (knee says so; baseline proposes no TTFT ceiling).
	return s.checkPerGPU(p, bad)
}

// badField makes the error of one of a point's fields.
type badField func(field, format string, args ...any) error

// pointErrors names the i-th point's fields in errors: by its own source
// when that is this file's line or stage, else by its index in file, with
// the source it was imported from.
func pointErrors(file string, i int, source string) badField {
	src, prefix, from := file, fmt.Sprintf("points[%d].", i), ""
	switch {
	case source == "":
	case strings.HasPrefix(source, file):
		// The source is this file's line or stage: it says where.
		src, prefix = source, ""
	default:
		// A sweep JSON carries the sources it was imported from; the user
		// gave this file, so the message names it and the origin follows.
		from = fmt.Sprintf(" (point imported from %s)", inputerr.QuoteName(source))
	}
	return func(field, format string, args ...any) error {
		return inputerr.Errorf(src, prefix+field, 0, format+"%s", append(args, from)...)
	}
}

// checkLoad refuses a missing or out-of-range level and throughput.
func checkLoad(p *Point, bad badField) error {
	// per_gpu first: a point with per_gpu -5 and no concurrency is about
	// its per_gpu, not a concurrency "of 0" it never stated.
	if p.PerGPU != nil && (!finite(*p.PerGPU) || *p.PerGPU <= 0 || *p.PerGPU > MaxConcurrency) {
		return bad("per_gpu", "must be a positive number up to %g, got %v", MaxConcurrency, *p.PerGPU)
	}
	if p.Concurrency == 0 {
		return bad("concurrency", "missing or 0: every point needs a positive total concurrency")
	}
	if !finite(p.Concurrency) || p.Concurrency < 0 || p.Concurrency > MaxConcurrency {
		return bad("concurrency", "must be a positive number up to %g, got %v", MaxConcurrency, p.Concurrency)
	}
	if !finite(p.ThroughputTokS) || p.ThroughputTokS < 0 || p.ThroughputTokS > MaxValue {
		return bad("throughput_tok_s", "must be a non-negative number up to %g, got %v", MaxValue, p.ThroughputTokS)
	}
	return nil
}

// checkValues refuses an optional value that is not a non-negative number
// up to MaxValue.
func checkValues(p *Point, bad badField) error {
	for _, f := range []struct {
		name string
		v    *float64
	}{
		{"per_gpu", p.PerGPU}, {"throughput_per_gpu", p.ThroughputPerGPU},
		{"requested_rate", p.RequestedRate}, {"achieved_concurrency", p.AchievedConcurrency},
		{"request_rate", p.RequestRate}, {"input_tokens_mean", p.InputTokensMean},
		{"output_tokens_mean", p.OutputTokensMean}, {"duration_s", p.DurationS},
		{"client_cpu", p.ClientCPU},
	} {
		if f.v != nil && (!finite(*f.v) || *f.v < 0 || *f.v > MaxValue) {
			return bad(f.name, "must be a non-negative number up to %g, got %v", MaxValue, *f.v)
		}
	}
	return nil
}

// checkCounts refuses negative request and failure counts.
func checkCounts(p *Point, bad badField) error {
	if p.Requests != nil && *p.Requests < 0 {
		return bad("requests", "must not be negative, got %d", *p.Requests)
	}
	if p.Failures != nil && *p.Failures < 0 {
		return bad("failures", "must not be negative, got %d", *p.Failures)
	}
	for label, n := range p.FailureLabels {
		if n < 0 {
			return bad("failure_labels."+label, "must not be negative, got %d", n)
		}
	}
	return nil
}

// checkDists refuses latency distributions Dist.check refuses.
func checkDists(p *Point, bad badField) error {
	for _, d := range []struct {
		name string
		d    Dist
	}{{"ttft_ms", p.TTFT}, {"itl_ms", p.ITL}, {"e2e_ms", p.E2E}} {
		if err := d.d.check(); err != nil {
			return bad(d.name, "%v", err)
		}
	}
	switch p.TTFTTail {
	case "", TailP99:
	case TailP90:
		if p.TTFT.P90 == nil {
			return bad("ttft_tail", "is p90 but ttft_ms.p90 is missing")
		}
	default:
		return bad("ttft_tail", "must be p99 or p90, got %q", p.TTFTTail)
	}
	return nil
}

// checkPerGPU refuses per-GPU values that contradict the GPU count.
func (s *Sweep) checkPerGPU(p *Point, bad badField) error {
	if s.GPUs <= 0 {
		return nil
	}
	if p.PerGPU != nil {
		if want := p.Concurrency / float64(s.GPUs); !near(*p.PerGPU, want) {
			return bad("per_gpu", "%v per GPU × %d GPUs is not the total concurrency %v: conflicting GPU counts", *p.PerGPU, s.GPUs, p.Concurrency)
		}
	}
	if p.ThroughputPerGPU != nil {
		if want := p.ThroughputTokS / float64(s.GPUs); !near(*p.ThroughputPerGPU, want) {
			return bad("throughput_per_gpu", "%v per GPU × %d GPUs is not the node throughput %v: conflicting GPU counts", *p.ThroughputPerGPU, s.GPUs, p.ThroughputTokS)
		}
	}
	return nil
}

// check refuses non-finite or negative statistics and percentiles out of
// order (min ≤ p50 ≤ p90 ≤ p95 ≤ p99 ≤ max, mean within [min, max]).
// Bounds far beyond any real node (a billion requests in flight, a trillion
// tokens per second or milliseconds) that keep the analysis's sums and
// ratios finite. Every command reads inputs through Validate, so import
// refuses what find would: one rule, one message.
const (
	MaxConcurrency = 1e9
	MaxValue       = 1e12
)

func (d Dist) check() error {
	type stat struct {
		name string
		v    *float64
	}
	all := [...]stat{{"min", d.Min}, {"p50", d.P50}, {"p90", d.P90}, {"p95", d.P95}, {"p99", d.P99}, {"max", d.Max}, {"mean", d.Mean}}
	named := all[:6] // in order; mean is checked against min and max below
	for _, n := range all {
		if n.v != nil && (!finite(*n.v) || *n.v < 0 || *n.v > MaxValue) {
			return fmt.Errorf("%s must be a non-negative number up to %g, got %v", n.name, MaxValue, *n.v)
		}
	}
	// Compare each known statistic with the previous known one.
	prev := -1
	for i, n := range named {
		if n.v == nil {
			continue
		}
		if prev >= 0 && below(*n.v, *named[prev].v) {
			return fmt.Errorf("percentiles out of order: %s (%v) is below %s (%v)", n.name, *n.v, named[prev].name, *named[prev].v)
		}
		prev = i
	}
	if d.Mean != nil {
		if d.Min != nil && below(*d.Mean, *d.Min) {
			return fmt.Errorf("mean (%v) is below min (%v)", *d.Mean, *d.Min)
		}
		if d.Max != nil && below(*d.Max, *d.Mean) {
			return fmt.Errorf("mean (%v) is above max (%v)", *d.Mean, *d.Max)
		}
	}
	return nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// near tolerates the rounding of values copied from tables (84,788 / 4 is
// written 21,197) and floating-point noise in harness percentiles.
func near(a, b float64) bool {
	d := math.Abs(a - b)
	return d <= 0.5 || d <= 1e-6*math.Max(math.Abs(a), math.Abs(b))
}

// below reports a < b beyond floating-point noise (harnesses compute
// percentiles by interpolation, which can differ in the last bits).
func below(a, b float64) bool {
	return a < b && b-a > 1e-9*math.Max(math.Abs(a), math.Abs(b))
}

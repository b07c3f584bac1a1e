package knee

import (
	"fmt"
	"math"
)

// Options holds every threshold the analysis uses. Each is a flag of
// `knee find` and `knee baseline` (cmd/knee binds them) so that a reviewer
// can see and change what decided a verdict.
type Options struct {
	// Elasticity is e* in the knee definition: a level is past the knee
	// when, against a lower level, less than this share of the relative
	// load increase became throughput (ln(X_i/X_h) / ln(N_i/N_h) ≤ e*). By
	// Little's law the rest became waiting time, so past e* = 1/3 at least
	// two thirds of every added request in flight only queues. For Amdahl
	// saturation X = λN/(1+σN) that is N = 2/σ, where the curve delivers
	// 2/3 of its ceiling. See saturation.go.
	Elasticity float64 `json:"elasticity"`
	// TTFTSLOMs is a TTFT ceiling the user states (0: none). It caps the
	// recommendation at the highest level whose TTFT is within it; without
	// it the policy is throughput-primary, as aicr's is.
	TTFTSLOMs float64 `json:"ttft_slo_ms"`
	// SLOs are latency objectives every recommended level must meet
	// (--slo ttft_p99=2s,itl_p99=50ms): the recommendation is the highest
	// valid level below the knee within all of them, and every level gets
	// its goodput (slo.go). TTFTSLOMs is one more, ttft_p99.
	SLOs []SLO `json:"slo,omitempty"`
	// TTFTCeilingMs is the catalog TTFT ceiling (baseline's
	// --ttft-ceiling-ms); knee only reports when the throughput operating
	// point's TTFT is past it while a lower level's is within it.
	TTFTCeilingMs float64 `json:"ttft_ceiling_ms"`
	// CliffDrop flags a level whose throughput is more than this fraction
	// below the best lower level (and does not recover) as a cliff.
	CliffDrop float64 `json:"cliff_drop"`
	// LittleFactor flags a TTFT rise between adjacent levels steeper than
	// this many times Little's-law prediction (ΔN / request rate) as a cliff.
	LittleFactor float64 `json:"little_factor"`
	// TTFTRise is the least factor by which TTFT must rise between adjacent
	// levels to count as a Little's-law cliff (with LittleFactor). TTFT
	// relative to a near-idle level is not a knee: it grows with batch size
	// and prefill contention long before saturation.
	TTFTRise float64 `json:"ttft_rise"`
	// MaxErrorRate is the failed share of requests above which a level is
	// invalid (errors_present).
	MaxErrorRate float64 `json:"max_error_rate"`
	// MinAchieved is the least achieved/configured concurrency a valid
	// level may have (concurrency_not_achieved), and the least share of its
	// requested rate a rate-based stage must serve to count as keeping up.
	MinAchieved float64 `json:"min_achieved"`
	// MinSamplesP99 is the number of successful requests a p99 needs:
	// 459, the MLPerf early-stopping bound. Fewer is a caution.
	MinSamplesP99 int `json:"min_samples_p99"`
	// MaxCV is the largest coefficient of variation of repeats' throughput
	// before a level is flagged high_variance (a caution).
	MaxCV float64 `json:"max_cv"`
	// Noise is the relative throughput change treated as noise when looking
	// for a dip that recovers (non_monotonic).
	Noise float64 `json:"noise"`
	// ClientCPUMax marks a level client_bound when the load generator used at
	// least this share of its CPU.
	ClientCPUMax float64 `json:"client_cpu_max"`
	// TrustedPerGPU: a lowest level at or below this many requests per GPU is
	// verified without a lower level, because a GPU serving that few
	// requests cannot be saturated.
	TrustedPerGPU float64 `json:"trusted_per_gpu"`
	// OutputTokens is the mean output length to assume for Little's law when
	// the data gives neither a request rate nor an output length (0: unknown).
	OutputTokens float64 `json:"output_tokens"`
	// MinFitLevels is the number of distinct valid levels from which the
	// knee is fitted (curve models + bootstrap) instead of bracketed.
	MinFitLevels int `json:"min_fit_levels"`
	// Bootstrap is the number of bootstrap resamples for the interval.
	Bootstrap int `json:"bootstrap"`
	// Confidence is the coverage of the bootstrap interval.
	Confidence float64 `json:"confidence"`
	// Seed makes the bootstrap deterministic.
	Seed uint64 `json:"seed"`
	// OutlierZ is the robust z-score (|x − median| / (1.4826·MAD)) beyond
	// which a repeat is listed as an outlier (Iglewicz–Hoaglin use 3.5).
	OutlierZ float64 `json:"outlier_z"`
}

// DefaultOptions are the documented defaults.
func DefaultOptions() Options {
	return Options{
		Elasticity:    1.0 / 3,
		TTFTCeilingMs: 2000,
		CliffDrop:     0.30,
		LittleFactor:  3,
		TTFTRise:      3,
		MaxErrorRate:  0.01,
		MinAchieved:   0.90,
		MinSamplesP99: 459,
		MaxCV:         0.10,
		Noise:         0.05,
		ClientCPUMax:  0.90,
		TrustedPerGPU: 1,
		MinFitLevels:  5,
		Bootstrap:     200,
		Confidence:    0.95,
		Seed:          1,
		OutlierZ:      3.5,
	}
}

// OptionError is an analysis option whose value makes no sense. Option is
// the option's JSON name (Options' tags); the CLI maps it to its flag.
type OptionError struct {
	Option string
	Msg    string
}

func (e *OptionError) Error() string { return "analysis option " + e.Option + ": " + e.Msg }

// Validate checks that every threshold is usable; errors name the option.
func (o Options) Validate() error {
	check := []struct {
		option         string
		v              float64
		lo, hi         float64
		loOpen, hiOpen bool
	}{
		{"elasticity", o.Elasticity, 0, 1, true, true},
		{"ttft_slo_ms", o.TTFTSLOMs, 0, 1e9, false, false},
		{"ttft_ceiling_ms", o.TTFTCeilingMs, 0, 1e9, false, false},
		{"cliff_drop", o.CliffDrop, 0, 1, true, true},
		{"little_factor", o.LittleFactor, 1, math.Inf(1), false, false},
		{"ttft_rise", o.TTFTRise, 1, math.Inf(1), true, false},
		{"max_error_rate", o.MaxErrorRate, 0, 1, false, false},
		{"min_achieved", o.MinAchieved, 0, 1, false, false},
		{"min_samples_p99", float64(o.MinSamplesP99), 0, math.Inf(1), false, false},
		{"max_cv", o.MaxCV, 0, math.Inf(1), true, false},
		{"noise", o.Noise, 0, 1, false, true},
		{"client_cpu_max", o.ClientCPUMax, 0, math.Inf(1), true, false},
		{"trusted_per_gpu", o.TrustedPerGPU, 0, math.Inf(1), false, false},
		{"output_tokens", o.OutputTokens, 0, math.Inf(1), false, false},
		{"min_fit_levels", float64(o.MinFitLevels), 5, math.Inf(1), false, false},
		{"bootstrap", float64(o.Bootstrap), 0, 100000, false, false},
		{"confidence", o.Confidence, 0, 1, true, true},
		{"outlier_z", o.OutlierZ, 0, math.Inf(1), true, false},
	}
	for _, s := range o.SLOs {
		if _, err := ParseSLOs(FormatSLOs([]SLO{s})); err != nil {
			return &OptionError{Option: "slo", Msg: err.Error()}
		}
	}
	for _, c := range check {
		bad := math.IsNaN(c.v) || c.v < c.lo || c.v > c.hi || (c.loOpen && c.v == c.lo) || (c.hiOpen && c.v == c.hi)
		if !bad {
			continue
		}
		lo, hi := ">=", ""
		if c.loOpen {
			lo = ">"
		}
		if !math.IsInf(c.hi, 1) {
			op := "<="
			if c.hiOpen {
				op = "<"
			}
			hi = fmt.Sprintf(" and %s %g", op, c.hi)
		}
		return &OptionError{Option: c.option, Msg: fmt.Sprintf("must be %s %g%s, got %g", lo, c.lo, hi, c.v)}
	}
	return nil
}

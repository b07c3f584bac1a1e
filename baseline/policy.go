package baseline

import (
	"fmt"
	"math"

	"github.com/spf13/pflag"
)

// Policy is how measured numbers become floors. Its defaults are the
// project's published policy (README); every field is a flag.
type Policy struct {
	// At picks the level (per GPU) instead of the analysis' recommendation;
	// 0 means "use the recommendation".
	At float64 `json:"at_per_gpu,omitempty"`
	// Headroom is the fraction below the measurement the throughput floor
	// sits: floor = measured × (1 − Headroom). aicr's hand-set floors were
	// 71–75% of measured; 0.25 keeps that and leaves room for the
	// evaluator's own 10% tolerance on top.
	Headroom float64 `json:"headroom"`
	// TTFTCeilingMs is the catalog-wide TTFT p99 ceiling: healthy runs sit at
	// 0.6–1.7 s and the stalls worth catching at 9–45 s.
	TTFTCeilingMs float64 `json:"ttft_ceiling_ms"`
	// TTFTMultiplier raises the ceiling for a stack whose healthy p99 is
	// already close to the catalog value: ceiling = max(catalog, p99 × this).
	TTFTMultiplier float64 `json:"ttft_multiplier"`
	// SigFigs is how many significant figures floors keep (down for
	// throughput, up for TTFT, so rounding only loosens a gate).
	SigFigs int `json:"sig_figs"`
	// Confidence is the two-sided confidence level of the interval of the
	// mean whose lower end a floor starts from when a level has repeats.
	Confidence float64 `json:"confidence"`
	// AcceptUnverified allows a level whose only problem is "unverified"
	// (nothing measured below it shows it is still on the scaling part of the
	// curve); the result is marked unverified.
	AcceptUnverified bool `json:"accept_unverified"`
	// AllowSimulated lets a level whose numbers were simulated carry floors.
	// Only for demonstrations and tests: the result is marked simulated and
	// every output says it must not gate real nodes.
	AllowSimulated bool `json:"allow_simulated,omitempty"`
}

// DefaultPolicy is the published policy.
func DefaultPolicy() Policy {
	return Policy{Headroom: 0.25, TTFTCeilingMs: 2000, TTFTMultiplier: 2, SigFigs: 2, Confidence: 0.95}
}

// BindFlags registers the policy flags, with p's current values as defaults.
func (p *Policy) BindFlags(fs *pflag.FlagSet) {
	fs.Float64Var(&p.At, "at", p.At, "per-GPU level to set floors from (default: the level the knee analysis recommends)")
	fs.Float64Var(&p.Headroom, "headroom", p.Headroom, "throughput floor = measured × (1 − headroom)")
	fs.Float64Var(&p.TTFTCeilingMs, "ttft-ceiling-ms", p.TTFTCeilingMs, "catalog TTFT p99 ceiling in ms; the proposed ceiling is never below it")
	fs.Float64Var(&p.TTFTMultiplier, "ttft-multiplier", p.TTFTMultiplier, "TTFT ceiling = max(catalog ceiling, measured p99 × this)")
	fs.IntVar(&p.SigFigs, "sig-figs", p.SigFigs, "significant figures floors are rounded to (throughput down, TTFT up)")
	fs.Float64Var(&p.Confidence, "floor-confidence", p.Confidence, "confidence level of the interval whose lower end throughput floors start from when a level has repeats")
	fs.BoolVar(&p.AcceptUnverified, "accept-unverified", p.AcceptUnverified, "allow a level whose only problem is that nothing below it was measured; the result is marked unverified")
	fs.BoolVar(&p.AllowSimulated, "allow-simulated", p.AllowSimulated, "for demonstrations only: derive floors from simulated numbers; the result is marked SIMULATED and must not be committed to an overlay")
}

// Validate names the first flag whose value makes no sense. The returned
// error's Flag is the flag name, for the CLI's usage error.
func (p Policy) Validate() error {
	bad := func(flag, format string, args ...any) error {
		return &PolicyError{Flag: flag, Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case math.IsNaN(p.At) || math.IsInf(p.At, 0) || p.At < 0:
		return bad("at", "must be a positive per-GPU level, got %v", p.At)
	case !(p.Headroom >= 0 && p.Headroom < 1):
		return bad("headroom", "must be in [0, 1), got %v", p.Headroom)
	case !(p.TTFTCeilingMs > 0) || math.IsInf(p.TTFTCeilingMs, 0):
		return bad("ttft-ceiling-ms", "must be a positive number of ms, got %v", p.TTFTCeilingMs)
	case !(p.TTFTMultiplier >= 1) || math.IsInf(p.TTFTMultiplier, 0):
		return bad("ttft-multiplier", "must be at least 1 (a ceiling below the measurement fails the run it came from), got %v", p.TTFTMultiplier)
	case p.SigFigs < 1 || p.SigFigs > 6:
		return bad("sig-figs", "must be between 1 and 6, got %d", p.SigFigs)
	case !(p.Confidence > 0 && p.Confidence < 1):
		return bad("floor-confidence", "must be in (0, 1), got %v", p.Confidence)
	}
	return nil
}

// PolicyError is a policy flag with a value that makes no sense.
type PolicyError struct {
	Flag string
	Msg  string
}

func (e *PolicyError) Error() string { return "--" + e.Flag + ": " + e.Msg }

package baseline

import (
	"fmt"
	"math"
)

// Policy is how measured numbers become floors. Its defaults are the
// project's published policy (docs/commands.md, Baseline policy); every field is a flag.
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

// Validate names the first option whose value makes no sense. The returned
// error's Option is the policy's JSON name; the CLI maps it to its flag.
func (p Policy) Validate() error {
	bad := func(option, format string, args ...any) error {
		return &PolicyError{Option: option, Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case math.IsNaN(p.At) || math.IsInf(p.At, 0) || p.At < 0:
		return bad("at_per_gpu", "must be a positive per-GPU level, got %v", p.At)
	case !(p.Headroom >= 0 && p.Headroom < 1):
		return bad("headroom", "must be in [0, 1), got %v", p.Headroom)
	case !(p.TTFTCeilingMs > 0) || math.IsInf(p.TTFTCeilingMs, 0):
		return bad("ttft_ceiling_ms", "must be a positive number of ms, got %v", p.TTFTCeilingMs)
	case !(p.TTFTMultiplier >= 1) || math.IsInf(p.TTFTMultiplier, 0):
		return bad("ttft_multiplier", "must be at least 1 (a ceiling below the measurement fails the run it came from), got %v", p.TTFTMultiplier)
	case p.SigFigs < 1 || p.SigFigs > 6:
		return bad("sig_figs", "must be between 1 and 6, got %d", p.SigFigs)
	case !(p.Confidence > 0 && p.Confidence < 1):
		return bad("confidence", "must be in (0, 1), got %v", p.Confidence)
	}
	return nil
}

// PolicyError is a policy or request option with a value that makes no
// sense, named by its JSON name (Policy's tags, or "write"/"overlay").
type PolicyError struct {
	Option string
	Msg    string
}

func (e *PolicyError) Error() string { return "baseline option " + e.Option + ": " + e.Msg }

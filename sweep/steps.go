package sweep

import (
	"fmt"
	"math"
)

// Precision where the decision is (issue 30). A search judges each level
// against a lower one: the step's elasticity ln(X_b/X_a)/ln(N_b/N_a)
// against e*. A level far below the knee gains far more than e* asks, so
// its step is resolved long before its throughput is within ±3%: on the
// H200 test bed no level reached ±3% in 45 s, while 16→32/GPU read an
// elasticity of 1.2 with either level at ±15%. Such a level stops as soon
// as its step is resolved (StopResolved), by the same test the knee rule
// applies to windowed levels (knee/windows.go): the step's log-gain over
// e* must clear both levels' one-sided margins, ln(1 + OneSidedShare·h) —
// whole for a level's stop, beyond the rule's own noise for the rule and
// the search's extension (StepRef.Noise).

// StopResolved is the stop reason of a level whose step from its search's
// reference was resolved before its precision was reached.
const StopResolved = "resolved"

// OneSidedShare turns a level's two-sided 95% half-width into its share
// of a one-sided 95% test of a step between two levels of like intervals:
// 1.645/1.96 × √2/2 ≈ 0.6.
const OneSidedShare = 0.6

// Windowed reports whether a stop reason is one of a level measured over
// windows until its interval, its step or its time cap said so (not a
// fixed count): its throughput is the windows' and its interval is its own.
func Windowed(reason string) bool {
	return reason == StopPrecision || reason == StopTimeCap || reason == StopResolved
}

// StepRef is the lower level a level's step is judged from.
type StepRef struct {
	PerGPU int `json:"per_gpu"`
	// ThroughputTokS is its throughput (its runs' mean, whole endpoint)
	// and HalfWidth the 95% half-width of that mean, relative.
	ThroughputTokS float64 `json:"throughput_tok_s"`
	HalfWidth      float64 `json:"half_width"`
	// Elasticity is the knee rule's e*.
	Elasticity float64 `json:"elasticity"`
	// Noise, when set, is the run-to-run noise the knee rule's resolvable
	// step already allows for (knee.Options.Noise): each level's margin is
	// then only what its interval adds beyond it (ExcessMargin), as the
	// rule judges a step. Unset (a level's stop) the whole margin counts:
	// a level stops only on a step resolved outright.
	Noise float64 `json:"noise,omitempty"`
}

// Margin is a level's one-sided share of a step's test, in log terms.
func Margin(halfWidth float64) float64 {
	if !(halfWidth >= 0) || math.IsInf(halfWidth, 0) {
		return math.Inf(1)
	}
	return math.Log1p(OneSidedShare * halfWidth)
}

// ExcessMargin is what a level's interval adds to a step's test beyond
// the noise the knee rule allows for: Margin(h) − Margin(noise), never
// below 0. The rule judges a flat level only against levels at least
// r_min = (1 + 2·noise)^(1/e*) below it, which buys resolution against
// that noise; a level within it needs no more, a level past it (±30% at a
// time cap) only the rest.
func ExcessMargin(halfWidth, noise float64) float64 {
	return math.Max(0, Margin(halfWidth)-Margin(noise))
}

// Resolved reports whether the step from r to a level of perGPU reading
// thr ± halfWidth is resolved: its log-gain is clear of e* by both
// margins, above (still scaling) or below (flat).
func (r StepRef) Resolved(perGPU int, thr, halfWidth float64) bool {
	if r.PerGPU <= 0 || perGPU <= r.PerGPU || !(r.ThroughputTokS > 0) || !(thr > 0) {
		return false
	}
	d := math.Log(thr/r.ThroughputTokS) - r.Elasticity*math.Log(float64(perGPU)/float64(r.PerGPU))
	return math.Abs(d) > r.margin(r.HalfWidth)+r.margin(halfWidth)
}

// margin is a level's share of the test: whole, or beyond r.Noise.
func (r StepRef) margin(halfWidth float64) float64 {
	if r.Noise > 0 {
		return ExcessMargin(halfWidth, r.Noise)
	}
	return Margin(halfWidth)
}

// Delta is the step's margin in elasticity terms, ± around its
// elasticity, for a level of perGPU at ±halfWidth.
func (r StepRef) Delta(perGPU int, halfWidth float64) float64 {
	return (r.margin(r.HalfWidth) + r.margin(halfWidth)) / math.Log(float64(perGPU)/float64(r.PerGPU))
}

func (r StepRef) String() string {
	return fmt.Sprintf("%d/GPU (%.0f tok/s ±%s)", r.PerGPU, r.ThroughputTokS, FormatShare(r.HalfWidth))
}

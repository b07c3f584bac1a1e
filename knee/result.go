// Package knee analyses a sweep: it fits throughput and TTFT curves with
// gonum, locates the concurrency knee with its uncertainty, and gives every
// measured level a verdict with reasons. It knows the sweep types and
// nothing of baselines or rendering.
package knee

// Status says how well the knee is known.
type Status string

const (
	StatusLocated            Status = "located"             // fitted, interval narrower than the bracketing levels
	StatusBracketed          Status = "bracketed"           // lies between two measured levels
	StatusNotReached         Status = "not_reached"         // still scaling at the highest level
	StatusBelowRange         Status = "below_range"         // already saturated at the lowest level
	StatusInsufficientPoints Status = "insufficient_points" // too few distinct levels to say
	StatusDisagreement       Status = "disagreement"        // throughput and TTFT tell different stories
)

// Verdict is what one measured level is.
type Verdict string

const (
	VerdictSubKnee    Verdict = "sub_knee"
	VerdictAtKnee     Verdict = "at_knee"
	VerdictPastKnee   Verdict = "past_knee"
	VerdictUnverified Verdict = "unverified"
	VerdictInvalid    Verdict = "invalid"
)

// Reason explains a verdict. Cautions (InsufficientSamples, HighVariance,
// NonMonotonic) are reported but do not by themselves change the verdict.
type Reason string

const (
	ReasonPastKnee               Reason = "past_knee"
	ReasonCliff                  Reason = "cliff"
	ReasonNonMonotonic           Reason = "non_monotonic"
	ReasonErrorsPresent          Reason = "errors_present"
	ReasonConcurrencyNotAchieved Reason = "concurrency_not_achieved"
	ReasonInsufficientSamples    Reason = "insufficient_samples"
	ReasonHighVariance           Reason = "high_variance"
	ReasonUnverified             Reason = "unverified"
	ReasonClientBound            Reason = "client_bound"
)

// SweepInfo identifies the analysed sweep in outputs.
type SweepInfo struct {
	Accelerator string `json:"accelerator"`
	GPUs        int    `json:"gpus"`
	Leaf        string `json:"leaf"`
	Model       string `json:"model"`
}

// Knee is the located knee with its interval, in per-GPU units (total
// concurrency when the GPU count is unknown).
type Knee struct {
	Status     Status   `json:"status"`
	PerGPU     *float64 `json:"per_gpu"`
	LowPerGPU  *float64 `json:"low_per_gpu"`
	HighPerGPU *float64 `json:"high_per_gpu"`
	// Method says how the interval was obtained ("bootstrap", "bracketing levels").
	Method string `json:"method,omitempty"`
	// Detail is one sentence a reviewer can read.
	Detail string `json:"detail,omitempty"`
}

// PointResult is one measured level (repeats combined) and its verdict.
type PointResult struct {
	PerGPU           float64  `json:"per_gpu"`
	Concurrency      float64  `json:"concurrency"`
	ThroughputTokS   float64  `json:"throughput_tok_s"`
	ThroughputPerGPU float64  `json:"throughput_per_gpu"`
	TTFTP50Ms        float64  `json:"ttft_p50_ms"`
	TTFTP99Ms        float64  `json:"ttft_p99_ms"`
	Verdict          Verdict  `json:"verdict"`
	Reasons          []Reason `json:"reasons"`
}

// Result is the whole analysis of one sweep. Its JSON encoding is the
// `knee find -o json` contract of DESIGN.md: add fields, never rename.
type Result struct {
	Sweep SweepInfo `json:"sweep"`
	Knee  Knee      `json:"knee"`
	// RecommendedPerGPU is the largest level that is verified sub-knee and valid.
	RecommendedPerGPU *float64 `json:"recommended_per_gpu"`
	// CandidatePerGPU is the level that would be recommended if its only
	// problem were "unverified" (baseline --accept-unverified uses it).
	CandidatePerGPU *float64      `json:"candidate_per_gpu"`
	Points          []PointResult `json:"points"`
}

package baseline

import (
	"github.com/kneetool/knee/baseline/overlay"
	"github.com/kneetool/knee/knee"
)

// Status is the outcome of a baseline.
type Status string

const (
	StatusProposed Status = "proposed"
	StatusRefused  Status = "refused"
)

// The aicr constraint names knee proposes (FORMATS.md §2).
const (
	ConstraintConcurrency = "inference-concurrency-per-gpu"
	ConstraintThroughput  = "inference-throughput"
	ConstraintTTFTP99     = "inference-ttft-p99"
)

// ReasonNoRecommendation is the refusal reason when the analysis verified no
// level and none was chosen; ReasonNoisy when the repeats at the chosen level
// spread so far that the confidence bound leaves no positive floor.
const (
	ReasonNoRecommendation knee.Reason = "no_recommendation"
	ReasonNoisy            knee.Reason = "noisy"
	// ReasonSimulated: the chosen level's numbers were simulated; a floor
	// must come from a measurement on the real node.
	ReasonSimulated knee.Reason = "simulated"
)

// Constraint is one entry of an overlay's constraints list, values exactly as
// the overlay writes them (">= 63000").
type Constraint = overlay.Constraint

// Derivation says in one sentence how a proposed value was obtained.
type Derivation struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	How   string `json:"how"`
}

// Floors are the proposed numbers, for tools that do not want to parse
// ">= 63000". ThroughputPerGPU is the per-GPU floor (aicr#1254: node sizes
// differ); it is absent when the GPU count is unknown.
type Floors struct {
	ConcurrencyPerGPU int      `json:"concurrency_per_gpu"`
	ThroughputTokS    float64  `json:"throughput_tok_s"`
	ThroughputPerGPU  *float64 `json:"throughput_per_gpu,omitempty"`
	// TTFTP99Ms is absent when no TTFT was measured (no ceiling proposed).
	TTFTP99Ms float64 `json:"ttft_p99_ms,omitempty"`
}

// Measured is what was measured at the chosen level. With repeats the
// throughput is their mean and the TTFT p99 their median (TTFT p99 is the
// noisy signal; one stalled run should not set the ceiling).
type Measured struct {
	ThroughputTokS   float64  `json:"throughput_tok_s"`
	ThroughputPerGPU *float64 `json:"throughput_per_gpu,omitempty"`
	TTFTP99Ms        *float64 `json:"ttft_p99_ms"`
	// TTFTTail is "p90" when TTFTP99Ms is the level's p90: its p99 rested
	// on fewer than 100 requests (sweep/ttft_tail.go). Absent: p99.
	TTFTTail string `json:"ttft_tail,omitempty"`
	Repeats  int    `json:"repeats"`
	// Set only with two or more repeats.
	ThroughputSD      *float64 `json:"throughput_sd,omitempty"`
	ThroughputMin     *float64 `json:"throughput_min,omitempty"`
	ThroughputLowerCI *float64 `json:"throughput_lower_ci,omitempty"`
}

// Refusal is one reason the chosen level cannot carry a floor, with the run
// that would fix it. PerGPU is null when the reason concerns the whole sweep.
type Refusal struct {
	PerGPU  *float64    `json:"per_gpu" yaml:"per_gpu"`
	Reason  knee.Reason `json:"reason" yaml:"reason"`
	Detail  string      `json:"detail" yaml:"detail"`
	NextRun string      `json:"next_run" yaml:"next_run"`
}

// Recommendation is the whole baseline: its JSON encoding is docs/DESIGN.md's
// `knee baseline -o json` contract (add fields, never rename).
type Recommendation struct {
	Status      Status   `json:"status"`
	Leaf        string   `json:"leaf"`
	Accelerator string   `json:"accelerator"`
	GPUs        int      `json:"gpus"`
	Model       string   `json:"model,omitempty"`
	AtPerGPU    *float64 `json:"at_per_gpu"`
	// Unverified marks a proposal from a level accepted with --accept-unverified.
	Unverified bool `json:"unverified"`
	// Simulated marks floors derived from simulated numbers (--allow-simulated).
	Simulated   bool         `json:"simulated,omitempty"`
	Constraints []Constraint `json:"constraints"`
	Floors      *Floors      `json:"floors,omitempty"`
	Measured    *Measured    `json:"measured"`
	Derivation  []Derivation `json:"derivation"`
	Warnings    []string     `json:"warnings"`
	Notes       []string     `json:"notes,omitempty"`
	Refusals    []Refusal    `json:"refusals"`
	Knee        knee.Knee    `json:"knee"`
	// Bound is the KV cache's physical bound for this workload, when the
	// engine's metrics gave it (knee.PhysicalBound).
	Bound *knee.PhysicalBound `json:"physical_bound,omitempty"`
	// Points is the analysed sweep, for the measurement table.
	Points []knee.PointResult `json:"points"`
	// SimulatedPerGPU lists levels whose numbers were simulated, not measured.
	SimulatedPerGPU []float64 `json:"simulated_per_gpu,omitempty"`
	Policy          Policy    `json:"policy"`
	// Overlay compares an overlay file with the proposal (--overlay).
	Overlay *OverlayReport `json:"overlay,omitempty"`
}

// SimulatedAt reports whether the level at perGPU was simulated, not
// measured.
func (r *Recommendation) SimulatedAt(perGPU float64) bool {
	return containsLevel(r.SimulatedPerGPU, perGPU)
}

// Constraint returns the proposed value of the named constraint ("" if none).
func (r *Recommendation) Constraint(name string) string {
	for _, c := range r.Constraints {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

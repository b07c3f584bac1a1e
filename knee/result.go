// Package knee analyses a sweep: it fits throughput and TTFT curves with
// gonum, locates the concurrency knee with its uncertainty, and gives every
// measured level a verdict with reasons. It knows the sweep types and
// nothing of baselines, except that its one reason table (reasons.go) holds
// everything said about a reason, baseline's refusal sentences and next
// runs included, so that a reason changes in one place.
package knee

import "github.com/kneetool/knee/knee/fit"

// Status says how well the knee is known.
type Status string

const (
	StatusLocated            Status = "located"             // fitted, interval narrower than the bracketing levels
	StatusBracketed          Status = "bracketed"           // lies between two measured levels
	StatusNotReached         Status = "not_reached"         // still scaling at the highest level
	StatusBelowRange         Status = "below_range"         // already saturated at the lowest level
	StatusInsufficientPoints Status = "insufficient_points" // too few distinct levels to say
)

// Statuses are every status the analysis gives, in the order help lists
// them: the help is built from this list, so it cannot name one no longer
// produced (it named "disagreement" long after that became a line beside
// the status).
var Statuses = []Status{StatusLocated, StatusBracketed, StatusNotReached, StatusBelowRange, StatusInsufficientPoints}

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
	// ReasonCancelled marks a run the harness reports as interrupted: its
	// numbers are partial, so the level is invalid.
	ReasonCancelled Reason = "cancelled"
	// ReasonOverTTFTSLO marks a level below the knee whose TTFT is over the
	// SLO the user stated (--ttft-slo-ms): never recommended.
	ReasonOverTTFTSLO Reason = "over_ttft_slo"
	// ReasonOverITLSLO, ReasonOverTPOTSLO and ReasonOverE2ESLO mark a level
	// below the knee that misses an ITL, TPOT or E2E SLO (--slo): never
	// recommended.
	ReasonOverITLSLO  Reason = "over_itl_slo"
	ReasonOverTPOTSLO Reason = "over_tpot_slo"
	ReasonOverE2ESLO  Reason = "over_e2e_slo"
	// ReasonSLOUnknown marks a level below the knee where the source does
	// not give a statistic an SLO names: it cannot be shown within the SLOs,
	// so it is never recommended under them.
	ReasonSLOUnknown Reason = "slo_unknown"
	// ReasonQueueing marks a level where added requests only wait: the
	// engine ran at its cap with requests waiting in most samples, or TTFT
	// rose by the wait Little's law gives the requests in flight beyond
	// what throughput serves (queue.go). Past the knee.
	ReasonQueueing Reason = "queueing"
	// ReasonDrainBiased is a caution: fewer than minRequestsPerSlot
	// requests per slot in flight, so the final drain (the last wave with
	// fewer than C running) is a large share of the run and the measured
	// throughput reads low by wave quantisation.
	ReasonDrainBiased Reason = "drain_biased"
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
	// LowRate and HighRate are an open-loop sweep's knee in the unit it was
	// swept in: the offered req/s of the last stage that kept up and of the
	// first that fell behind (absent for a closed loop, or where the per-GPU
	// bound is). The per-GPU bounds are then Little's-law concurrencies.
	LowRate  *float64 `json:"low_rate,omitempty"`
	HighRate *float64 `json:"high_rate,omitempty"`
	// Method says how the interval was obtained ("bootstrap", "bracketing levels").
	Method string `json:"method,omitempty"`
	// Detail is one sentence a reviewer can read.
	Detail string `json:"detail,omitempty"`
}

// PointResult is one measured level (repeats combined) and its verdict.
type PointResult struct {
	PerGPU           float64 `json:"per_gpu"`
	Concurrency      float64 `json:"concurrency"`
	ThroughputTokS   float64 `json:"throughput_tok_s"`
	ThroughputPerGPU float64 `json:"throughput_per_gpu"`
	TTFTP50Ms        float64 `json:"ttft_p50_ms"`
	// TTFTP99Ms is the level's TTFT tail: its p99, or its p90 where
	// TTFTTail is "p90" (a p99 of fewer than 100 requests is only their
	// slowest; sweep/ttft_tail.go).
	TTFTP99Ms float64  `json:"ttft_p99_ms"`
	TTFTTail  string   `json:"ttft_tail,omitempty"`
	Verdict   Verdict  `json:"verdict"`
	Reasons   []Reason `json:"reasons"`

	// Repeats is the number of measurements combined into this level:
	// throughput is their mean, TTFT the median of their statistic.
	Repeats int `json:"repeats"`
	// ThroughputCV is the repeats' coefficient of variation (null with one).
	ThroughputCV *float64 `json:"throughput_cv,omitempty"`
	// OutlierRepeats lists repeat numbers whose throughput or TTFT lies
	// beyond --outlier-z robust deviations (median/MAD) from the level's median.
	OutlierRepeats []int `json:"outlier_repeats,omitempty"`
	// TTFTStat is the statistic the analysis compared (p99, else p50, else mean).
	TTFTStat string `json:"ttft_stat,omitempty"`
	// TTFTMs is the combined value of TTFTStat (null when unknown).
	TTFTMs *float64 `json:"ttft_ms,omitempty"`
	// Elasticity is ln(X/X_prev) / ln(N/N_prev) from the level below: the
	// share of the added load that became throughput (1 − it queued).
	Elasticity *float64 `json:"elasticity,omitempty"`
	// LittleRiseMs is Little's-law prediction of the TTFT rise from the level
	// below past saturation: 1000 · ΔN_total / request rate.
	LittleRiseMs *float64 `json:"little_rise_ms,omitempty"`
	// RequestRate is successful requests/s for the node (measured or derived).
	RequestRate *float64 `json:"request_rate,omitempty"`
	// RequestedRate is the offered request rate of an open-loop stage
	// (mean over repeats); absent for closed-loop levels.
	RequestedRate *float64 `json:"requested_rate,omitempty"`
	// RequestRateFrom says how RequestRate was obtained (measured, from
	// throughput and output length, or by Little's law from latency).
	RequestRateFrom string `json:"request_rate_from,omitempty"`
	// ErrorRate is the failed share of requests, when known.
	ErrorRate *float64 `json:"error_rate,omitempty"`
	Simulated bool     `json:"simulated,omitempty"`
	// Derived: the level's concurrency was derived (Little's law from an
	// open-loop stage's rate and latency), not configured; the tables mark
	// it "~" as knee import does.
	Derived bool `json:"derived,omitempty"`
	// Limit is what bound this level, from the engine's own metrics sampled
	// during it (limit.go); kind no_engine_metrics when none were.
	Limit *Limit `json:"limit,omitempty"`
	// Details has one sentence per reason, in the order of Reasons.
	Details []string `json:"details,omitempty"`
	// SLO checks every stated SLO (--slo, --ttft-slo-ms) at this level, in
	// the order given; absent when none is stated.
	SLO []SLOCheck `json:"slo,omitempty"`
	// Goodput is the load that met every SLO here; absent without SLOs.
	Goodput *Goodput `json:"goodput,omitempty"`
	// GPUPowerW, TokensPerJoule, JoulesPerRequest and USDPerMTok are the
	// means over repeats of the GPU telemetry's figures (knee sweep
	// --telemetry, --gpu-hour-price); absent without them.
	GPUPowerW        *float64 `json:"gpu_power_w,omitempty"`
	TokensPerJoule   *float64 `json:"tokens_per_joule,omitempty"`
	JoulesPerRequest *float64 `json:"joules_per_request,omitempty"`
	USDPerMTok       *float64 `json:"usd_per_mtok,omitempty"`
}

// ModelFit is one throughput model fitted to the sweep.
type ModelFit struct {
	Name    string             `json:"name"`
	Formula string             `json:"formula"`
	Params  map[string]float64 `json:"params"`
	// AICc is the small-sample information criterion (lower is better).
	AICc float64 `json:"aicc"`
	// R2 is the coefficient of determination on the throughput scale.
	R2 *float64 `json:"r2,omitempty"`
	// KneePerGPU is the knee this model implies (null: beyond 4× the range).
	KneePerGPU *float64 `json:"knee_per_gpu,omitempty"`
	Chosen     bool     `json:"chosen"`
}

// FitSummary reports the curve fits behind a fitted knee.
type FitSummary struct {
	Chosen string     `json:"chosen"`
	Models []ModelFit `json:"models"`
	// Units says what N and X mean in the models' parameters.
	Units string `json:"units"`
	// Resamples is the number of bootstrap fits behind the interval.
	Resamples int `json:"resamples"`

	curve *fit.Curve
}

// Throughput evaluates the chosen fitted curve at concurrency n (analysis
// units), in node tok/s. ok is false when there is no fitted curve (a
// result decoded from JSON, or a bracketed knee).
func (f *FitSummary) Throughput(n float64) (float64, bool) {
	if f == nil || f.curve == nil {
		return 0, false
	}
	return f.curve.Throughput(n), true
}

// TTFTSummary reports what TTFT says about the knee.
type TTFTSummary struct {
	Stat string `json:"stat"`
	// HingePerGPU is the corner of the fitted flat-then-rising hinge
	// T(N) = T0 + s·max(0, N − N_h), fitted when enough levels are known.
	HingePerGPU *float64 `json:"hinge_per_gpu,omitempty"`
	// HingeP50PerGPU is the same hinge fitted to TTFT p50, when known.
	HingeP50PerGPU *float64 `json:"hinge_p50_per_gpu,omitempty"`

	hinge *hingeFit
}

// TTFT evaluates the fitted TTFT hinge at n (analysis units), in ms.
func (t *TTFTSummary) TTFT(n float64) (float64, bool) {
	if t == nil || t.hinge == nil {
		return 0, false
	}
	return t.hinge.eval(n), true
}

// Result is the whole analysis of one sweep. Its JSON encoding is the
// `knee find -o json` contract of docs/DESIGN.md: add fields, never rename.
type Result struct {
	Sweep SweepInfo `json:"sweep"`
	Knee  Knee      `json:"knee"`
	// RecommendedPerGPU is the largest level that is verified sub-knee and valid.
	RecommendedPerGPU *float64 `json:"recommended_per_gpu"`
	// RecommendedRate is the recommended stage's offered req/s when the
	// sweep was open-loop (the knee judged by rate following); absent else.
	RecommendedRate *float64 `json:"recommended_rate,omitempty"`
	// CandidatePerGPU is the level that would be recommended if its only
	// problem were "unverified" (baseline --accept-unverified uses it).
	CandidatePerGPU *float64      `json:"candidate_per_gpu"`
	Points          []PointResult `json:"points"`

	// Unit is "per_gpu", or "total" when the GPU count is unknown and every
	// per-GPU field holds total concurrency.
	Unit string `json:"unit"`
	// RecommendationReason says why RecommendedPerGPU is what it is.
	RecommendationReason string `json:"recommendation_reason"`
	// Fit is present when the knee was fitted (enough levels).
	Fit  *FitSummary  `json:"fit,omitempty"`
	TTFT *TTFTSummary `json:"ttft,omitempty"`
	// Disagreement is set when the throughput operating point's TTFT is past
	// the catalog ceiling while a lower level's is within it.
	Disagreement *Disagreement `json:"disagreement,omitempty"`
	// Bound is the physical bound of the KV cache for this workload, when
	// the engine's metrics gave its capacity (or --kv-bound its own figure).
	Bound *PhysicalBound `json:"physical_bound,omitempty"`
	// QueueOnset is where requests start to wait, from the lowest level
	// that queues (queue.go): the engine's cap (its running count there)
	// or, without engine metrics, the requests TTFT shows running. nil when
	// no level queues.
	QueueOnset *QueueOnset `json:"queue_onset,omitempty"`
	// SLO is what the stated SLOs say: the SLO edge and whether it or the
	// knee binds the recommendation; absent when no SLO is stated.
	SLO *SLOSummary `json:"slo,omitempty"`
	// Hints say, one sentence per problem, what to run next.
	Hints []string `json:"hints"`
	// Notes are caveats about the data (simulated levels, TTFT statistic used).
	Notes []string `json:"notes,omitempty"`
	// Thresholds are the options the verdicts were decided with.
	Thresholds Options `json:"thresholds"`
}

// Disagreement gives both operating points when TTFT passes the catalog
// ceiling long before throughput saturates. The recommendation follows
// throughput (aicr's policy); --ttft-slo-ms makes TTFT cap it instead.
type Disagreement struct {
	// ThroughputPerGPU is the throughput operating point.
	ThroughputPerGPU float64 `json:"throughput_per_gpu"`
	// TTFTMs is its TTFT (of Stat).
	TTFTMs float64 `json:"ttft_ms"`
	// WithinCeilingPerGPU is the highest level below it whose TTFT is within
	// the ceiling (null when none is).
	WithinCeilingPerGPU *float64 `json:"within_ceiling_per_gpu"`
	CeilingMs           float64  `json:"ceiling_ms"`
	Stat                string   `json:"stat"`
	Detail              string   `json:"detail"`
}

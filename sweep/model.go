// Package sweep holds knee's one data model: a Sweep is an ordered set of
// measured Points, one per concurrency level (and repeat). Every reader
// normalises into it, every runner writes it, and every analysis reads it.
//
// Units are fixed here and nowhere else: concurrency per GPU and total,
// output tokens per second for the whole node and per GPU, latencies in
// milliseconds. Readers convert on read, never later.
package sweep

// SchemaVersion is the version of the JSON encoding of Sweep. Fields may be
// added within a version; none is renamed or changes meaning.
const SchemaVersion = 1

// Sweep is one measured ladder of concurrency levels on one node.
//
// The keys docs/DESIGN.md's contract names are always present in the JSON (null
// or "" when unknown), so readers can rely on them; the rest are omitted
// when unknown.
type Sweep struct {
	Version int `json:"version"`
	// Accelerator is the aicr short name (h100, gb300, rtx-pro-6000 ...).
	Accelerator string `json:"accelerator"`
	// GPUs is the GPU count of the node under test; 0 means unknown, and
	// then no per-GPU value is computed (we never guess it).
	GPUs           int    `json:"gpus"`
	Leaf           string `json:"leaf"`
	Model          string `json:"model"`
	Harness        string `json:"harness"`
	HarnessVersion string `json:"harness_version,omitempty"`
	// Sources are the files the points were read from, in input order.
	Sources []string `json:"sources,omitempty"`
	// Notes carry caveats a reader must see (e.g. "points at 64/GPU are simulated").
	Notes []string `json:"notes,omitempty"`
	// Workload is what the built-in harness sent (sweep/workload.go); nil
	// for the default workload and for sweeps read from other harnesses.
	Workload *Workload `json:"workload,omitempty"`
	// Searched is set when knee's --search chose the levels (plan.json's
	// settings): a level another run measured and this one did not is the
	// search's choice, not a level lost (knee diff).
	Searched bool    `json:"searched,omitempty"`
	Points   []Point `json:"points"`
}

// Point is one measurement at one concurrency level (one repeat of it).
type Point struct {
	// PerGPU is Concurrency / GPUs; absent when the GPU count is unknown.
	PerGPU *float64 `json:"per_gpu"`
	// Concurrency is the total number of requests kept in flight (configured).
	// Fractional only when Derived.
	Concurrency float64 `json:"concurrency"`
	// Repeat numbers measurements of the same level, from 0, in input order.
	Repeat int `json:"repeat"`
	// Derived marks a concurrency computed by Little's law (achieved request
	// rate × mean request latency) for rate-based loads that configure none.
	Derived bool `json:"derived"`
	// RequestedRate is the offered request rate of an open-loop (rate-based)
	// run, in req/s; null for a closed loop. Always present in the JSON (a
	// contract key): a reader must be able to tell "closed loop" from "absent".
	RequestedRate *float64 `json:"requested_rate"`
	// AchievedConcurrency is the in-flight count the load generator actually
	// sustained, when the harness reports it.
	AchievedConcurrency *float64 `json:"achieved_concurrency,omitempty"`

	// Requests counts successful requests; nil when the source does not say
	// (a pasted table), which is different from zero.
	Requests *int `json:"requests"`
	// Failures counts failed requests; nil when unknown.
	Failures *int `json:"failures"`
	// FailureLabels counts failures by cause (http_503, timeout, ...).
	FailureLabels map[string]int `json:"failure_labels,omitempty"`

	// ThroughputTokS is output tokens per second for the whole node.
	ThroughputTokS float64 `json:"throughput_tok_s"`
	// ThroughputPerGPU is ThroughputTokS / GPUs; absent when GPUs is unknown.
	ThroughputPerGPU *float64 `json:"throughput_per_gpu"`
	// RequestRate is successful requests per second (whole node).
	RequestRate *float64 `json:"request_rate,omitempty"`

	TTFT Dist `json:"ttft_ms"`
	// ITL is the per-request mean time between output tokens (what most
	// harnesses call TPOT): readers prefer a source's TPOT for it.
	ITL Dist `json:"itl_ms"`
	E2E Dist `json:"e2e_ms"`
	// ITLChunks is the distribution of every gap between streamed chunks (what
	// vLLM and SGLang call ITL), kept when a source gives it beside TPOT: its
	// median is near zero when a server sends tokens in bursts, so it is never
	// used as ITL when TPOT is known.
	ITLChunks Dist `json:"itl_chunks_ms,omitzero"`

	// Workload identifies what was sent (dataset, input/output lengths, model),
	// keyed by the source's own field names. Points of different workloads
	// are never one curve: reading refuses to mix them (see --workload).
	Workload map[string]string `json:"workload,omitempty"`

	InputTokensMean  *float64 `json:"input_tokens_mean,omitempty"`
	OutputTokensMean *float64 `json:"output_tokens_mean,omitempty"`
	DurationS        *float64 `json:"duration_s,omitempty"`

	// ClientCPU is the load generator's own CPU use as a fraction of the
	// cores it had (1.0 = all of them busy), when the harness measures it.
	ClientCPU *float64 `json:"client_cpu,omitempty"`
	// ClientBound is set by a harness that knows the load generator, not the
	// server, was the bottleneck at this level.
	ClientBound bool `json:"client_bound,omitempty"`
	// ClientBoundWhy says, in the harness's words, what showed the client
	// bound ("client threads waited for a CPU 63% of the time …"): its own
	// CPU share alone can read low when other processes held the cores.
	ClientBoundWhy []string `json:"client_bound_why,omitempty"`
	// Cancelled marks a run the harness reports as interrupted: partial numbers.
	Cancelled bool `json:"cancelled,omitempty"`
	// Simulated marks a point that was not measured on real hardware.
	Simulated bool `json:"simulated,omitempty"`
	// Engine is what the serving engine's own /metrics said during this
	// level (knee sweep --metrics): the evidence knee find names the binding
	// limit from. Absent when nothing was scraped.
	Engine *EngineMetrics `json:"engine,omitempty"`
	// GPU is what the GPUs' own telemetry (the DCGM exporter, knee sweep
	// --telemetry) said during this level. Absent when nothing was scraped.
	GPU *GPUTelemetry `json:"gpu,omitempty"`
	// GPUPowerW is the mean power per GPU over the level, in W.
	GPUPowerW *float64 `json:"gpu_power_w,omitempty"`
	// TokensPerJoule is output tokens per joule of GPU energy: the level's
	// throughput over the GPUs' mean total power in its window.
	TokensPerJoule *float64 `json:"tokens_per_joule,omitempty"`
	// JoulesPerRequest is the GPUs' energy per successful request.
	JoulesPerRequest *float64 `json:"joules_per_request,omitempty"`
	// USDPerMTok is dollars per million output tokens at the price per GPU
	// hour given (--gpu-hour-price): price × GPUs × seconds ÷ tokens.
	USDPerMTok *float64 `json:"usd_per_mtok,omitempty"`
	// PerRequest holds each measured request's latencies when the source
	// kept them: a results folder swept with --requests-jsonl (the level's
	// requests.jsonl, read by store.Load). In memory only, never in
	// sweep.json: the analysis counts goodput from it (knee --slo).
	PerRequest []RequestTiming `json:"-"`
	// StopReason says why a swept level stopped (precision.go: precision,
	// time_cap, fixed_count); Windows and ThroughputCI95 are its throughput
	// over fixed time windows and the 95% interval they give. All three are
	// absent for results that do not know them (imports, older sweeps).
	StopReason     string    `json:"stop_reason,omitempty"`
	Windows        *Windows  `json:"windows,omitempty"`
	ThroughputCI95 *Interval `json:"throughput_ci95,omitempty"`
	// Intervals95 are 95% within-run intervals of latency percentiles, by
	// knee diff's metric name (ttft_p50_ms, ttft_p99_ms, itl_p50_ms,
	// itl_p99_ms): order statistics of the level's own requests. knee diff
	// does not judge on them: between runs the percentiles move far more
	// (baseline/diff_within.go).
	Intervals95 map[string]Interval `json:"intervals95,omitempty"`
	// TTFTTail names the percentile that is this point's TTFT tail when it
	// is not p99 (ttft_tail.go): "p90" for a level whose p99 would rest on
	// fewer than MinSamplesP99 requests after its warm-up. Absent: p99.
	TTFTTail string `json:"ttft_tail,omitempty"`
	// Note is free text carried from the source (e.g. "CUDA 13 image").
	Note string `json:"note,omitempty"`
	// Source names the file (and line or stage) and harness version the point came from.
	Source string `json:"source"`
}

// RequestTiming is one successful request's latencies in ms.
type RequestTiming struct {
	// TTFTMs is nil when the request streamed no token time.
	TTFTMs       *float64
	E2EMs        float64
	OutputTokens int
}

// Dist is a latency distribution in milliseconds. Every statistic is
// optional: a pasted table may give only p99.
type Dist struct {
	Mean *float64 `json:"mean"`
	// Std is the standard deviation, when the source gives it.
	Std *float64 `json:"std,omitempty"`
	Min *float64 `json:"min,omitempty"`
	Max *float64 `json:"max,omitempty"`
	// P1 … P25, P75 and P999 (p99.9) are kept when a source carries them.
	P1   *float64 `json:"p1,omitempty"`
	P5   *float64 `json:"p5,omitempty"`
	P10  *float64 `json:"p10,omitempty"`
	P25  *float64 `json:"p25,omitempty"`
	P50  *float64 `json:"p50"`
	P75  *float64 `json:"p75,omitempty"`
	P90  *float64 `json:"p90"`
	P95  *float64 `json:"p95,omitempty"`
	P99  *float64 `json:"p99"`
	P999 *float64 `json:"p999,omitempty"`
	// Assumed is set when a source column named no statistic and the value
	// was read as the mean ("mean"); analysis says when it falls back to it.
	Assumed string `json:"assumed,omitempty"`
}

// F returns a pointer to v; a convenience for optional fields.
func F(v float64) *float64 { return &v }

// I returns a pointer to v; a convenience for optional fields.
func I(v int) *int { return &v }

// Empty reports whether no statistic is known.
func (d Dist) Empty() bool {
	return d.Mean == nil && d.Std == nil && d.Min == nil && d.Max == nil &&
		d.P1 == nil && d.P5 == nil && d.P10 == nil && d.P25 == nil && d.P50 == nil &&
		d.P75 == nil && d.P90 == nil && d.P95 == nil && d.P99 == nil && d.P999 == nil
}

// Level is the x-axis value analysis uses: per GPU when the GPU count is
// known, otherwise total concurrency.
func (p Point) Level() float64 {
	if p.PerGPU != nil {
		return *p.PerGPU
	}
	return p.Concurrency
}

// Load is the load a point was set at: an open-loop stage's offered
// request rate, else its concurrency.
func (p Point) Load() float64 {
	if p.RequestedRate != nil {
		return *p.RequestedRate
	}
	return p.Concurrency
}

// Levels is the number of distinct loads the sweep measured (repeats of
// one load count once).
func (s *Sweep) Levels() int {
	seen := map[float64]bool{}
	for _, p := range s.Points {
		seen[p.Load()] = true
	}
	return len(seen)
}

// EngineMetrics summarises the serving engine's Prometheus metrics sampled
// during one level (about once a second, between the level's start and
// end). Counts are for the whole endpoint: summed over engines and pods,
// never per GPU. Every field is optional: an engine exports what it
// exports, and a missing series is unknown, not zero.
type EngineMetrics struct {
	// Engine is the metric family the endpoint spoke: "vllm", "sglang" or
	// "dynamo-frontend" (a Dynamo frontend in front of the engines).
	Engine string `json:"engine"`
	// Samples is how many scrapes succeeded during the level.
	Samples int `json:"samples"`
	// BusySamples is how many of them caught the engine running requests:
	// a claim about what binds needs a few, not one taken while the level
	// drained.
	BusySamples *int `json:"busy_samples,omitempty"`
	// QueuedSamples is how many busy samples caught requests waiting while
	// the engine ran within 5% of its most at the level: the queue's
	// signature, when it holds in most busy samples (not one burst).
	QueuedSamples *int `json:"queued_samples,omitempty"`
	// Running and Waiting are the requests the engine was decoding and the
	// ones it had queued (vllm:num_requests_running/waiting,
	// sglang:num_running_reqs/num_queue_reqs), mean and max over samples.
	RunningMean *float64 `json:"running_mean,omitempty"`
	RunningMax  *float64 `json:"running_max,omitempty"`
	WaitingMean *float64 `json:"waiting_mean,omitempty"`
	WaitingMax  *float64 `json:"waiting_max,omitempty"`
	// KVUsageMean and KVUsageMax are the KV-cache fraction in use, 0…1
	// (vllm:kv_cache_usage_perc, formerly gpu_cache_usage_perc;
	// sglang:token_usage), the mean over engines of each sample.
	KVUsageMean *float64 `json:"kv_usage_mean,omitempty"`
	KVUsageMax  *float64 `json:"kv_usage_max,omitempty"`
	// Preemptions is how many requests the engine preempted (evicted for
	// lack of KV cache) during the level: the counter's increase.
	Preemptions *float64 `json:"preemptions,omitempty"`
	// MaxRunning is the engine's own cap on running requests when it
	// exports one (sglang:max_running_requests), summed over engines.
	MaxRunning *float64 `json:"max_running,omitempty"`
	// KVCapacityTokens is the KV cache's capacity in tokens, summed over
	// engines: num_gpu_blocks × block_size from vllm:cache_config_info, or
	// sglang:max_total_num_tokens.
	KVCapacityTokens *float64 `json:"kv_capacity_tokens,omitempty"`
	// MaxConcurrency is the engine's own figure for the requests its KV
	// cache holds at once for this workload (vLLM's "Maximum concurrency for
	// N tokens per request: X" × instances), when given with --kv-bound.
	MaxConcurrency *float64 `json:"max_concurrency,omitempty"`
	// FrontendInflight is the requests a Dynamo frontend held
	// (dynamo_frontend_inflight_requests), mean over samples.
	FrontendInflight *float64 `json:"frontend_inflight_mean,omitempty"`
	// FrontendQueuedMax is the most requests a Dynamo frontend queued
	// (dynamo_frontend_queued_requests).
	FrontendQueuedMax *float64 `json:"frontend_queued_max,omitempty"`
	// Sources are the metrics URLs scraped.
	Sources []string `json:"sources,omitempty"`
	// Dropped says which absurd values (negative, not finite, beyond any
	// real engine, more running than in flight) were left out, and why.
	Dropped []string `json:"dropped,omitempty"`
}

package table

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// A header is read in three steps:
//
//  1. words: the header, lower-cased, with words of other languages
//     rewritten as English (sweep/read/vocab), split into words;
//  2. dimension: the unit the header states (headerDimensions, first match):
//     a temperature, power, energy, size or cost is never a load, a
//     throughput or a latency, whatever the words say; a token rate is only
//     a throughput, a time only a latency or a duration;
//  3. role: the first row of roles whose dimensions admit the header's and
//     whose words match. The statistic a header names (mean, median, p99,
//     std …) is read beside the role (statOf), so that a family of columns
//     of one quantity is one role read once (resolve.go, families.go).
//
// The cells then check the reading (resolve.go): a column whose cells carry
// a unit of another dimension, or are all ratios, is read by its cells.

// headerDimensions are the units a header can state, tried in order.
// Rates come before times: "tok/s" holds an "s".
var headerDimensions = []struct {
	dim  dimension
	what string
	re   *regexp.Regexp
}{
	{dimTemperature, "a temperature", regexp.MustCompile(`°\s*[cf]\b|℃|\btemp(erature)?s?\b`)},
	{dimEnergy, "an energy per token", regexp.MustCompile(`\bj\s*/\s*tok|\b[mk]?joules?\b|\btok(en)?s?\s*/\s*(j|w|wh|kwh)\b|\bk?wh\b|\benergy\b|\btok(en)?s?\s*per\s*(joule|watt)`)},
	{dimPower, "a power", regexp.MustCompile(`\(\s*k?w\s*\)|\bwatts?\b|\bpower\b`)},
	{dimMoney, "a cost", regexp.MustCompile(`\$|€|¥|£|\busd\b|\bcost\b|\bprice\b|\bdollars?\b`)},
	{dimBytes, "a size in bytes", regexp.MustCompile(`\b[kmgt]i?b\b|\bvram\b|\bmemory\b|\bmem\b|\bbytes?\b`)},
	{dimTokRate, "a token rate", regexp.MustCompile(`\b(k?tok(en)?s?|k?t|tg)\s*/\s*s(ec(ond)?s?)?\b|\bk?tps\b|\bk?tok(en)?s?\s*per\s*s(ec(ond)?)?\b|\btokens\s*per\s*second\b|\bk?tok(en)?s?\s+(per\s+)?s(ec)?\b`)},
	{dimReqRate, "a request rate", regexp.MustCompile(`\breq(uest)?s?\s*/\s*s(ec(ond)?)?\b|\brps\b|\bqps\b|\breq(uest)?s?\s*per\s*s(ec(ond)?)?\b|\breq(uest)?s?\s+(per\s+)?s(ec)?\b`)},
}

// headerDimension is the dimension of the unit a header states (dimNone
// when it states none, or only a time: times are found from the words, as
// they were, so that "s" and "ms" keep their factor).
func headerDimension(low string) (dimension, string) {
	h := strings.ReplaceAll(low, "_", " ")
	for _, d := range headerDimensions {
		if d.dim == dimTokRate && !d.re.MatchString(withoutTokenTimes(h)) {
			continue
		}
		if d.re.MatchString(h) {
			return d.dim, d.what
		}
	}
	if strings.ContainsAny(low, "Δδ") {
		return dimRatio, "a ratio"
	}
	if strings.ContainsAny(low, "%") {
		return dimPercent, "a percentage"
	}
	return dimNone, ""
}

// whyNotRead is why a header of words knee knows but does not read (KV
// cache, memory, CPU) is left unread. Such a word still names a series
// ("KV TTFT p50" beside "RR TTFT p50": KV-aware routing).
const whyNotRead = "not a column knee reads"

// wordset is a header's words.
// Why two kinds of column are not read, which countrates.go reads as the
// parts of a rate: a token count over the run, and a time beside it.
const (
	whyRunTokenCount = "a token count over the run, not a request length"
	whyOtherTime     = "a time that is not TTFT, TPOT, ITL, E2E or the run's duration"
)

type wordset []string

func (w wordset) has(ws ...string) bool {
	for _, x := range w {
		for _, y := range ws {
			if x == y {
				return true
			}
		}
	}
	return false
}

// role is one row of the role table: what a column may hold, which unit
// dimensions it accepts, and the words that name it.
type role struct {
	kind   colKind
	metric string // for colLatency
	// dims the header's unit may have; a header with no unit (dimNone) is
	// admitted by roles that list it.
	dims []dimension
	// match reports whether the words name this role.
	match func(w wordset) bool
	// flavor is set on the column: "total", "measured", "configured",
	// "requested", "weak" (a one-letter load header).
	flavor func(w wordset) string
	why    string
}

var (
	anyDim    = []dimension{dimNone, dimTime, dimTokRate, dimReqRate, dimPercent, dimRatio, dimTemperature, dimPower, dimEnergy, dimBytes, dimMoney}
	timeDims  = []dimension{dimNone, dimTime}
	tokDims   = []dimension{dimNone, dimTokRate}
	reqDims   = []dimension{dimNone, dimReqRate}
	plainDims = []dimension{dimNone}
)

func always(wordset) bool { return true }

// deviceLabel: the device is named before an aggregate rate, with no
// "per" ("9B (GPU) agregado tok/s": the 9B model on the GPU, its streams
// summed), so it says where the run ran, not that the rate is per GPU.
func deviceLabel(w wordset) bool {
	if w.has("per") || !w.has("aggregate") {
		return false
	}
	for _, x := range w {
		if x == "aggregate" {
			return false // "aggregate tok/s/GPU": the sum, then per GPU
		}
		if rateDevices.has(x) {
			return true
		}
	}
	return false
}

// inputPlusOutput: the words name input and output tokens together, summed
// ("total input-plus-output tokens per second", "input and output tok/s"):
// a total rate, not an input one. "Input / Output tok/s" alone names a pair.
func inputPlusOutput(w wordset) bool {
	return w.has("input", "prompt") && w.has("output", "completion", "generated") && w.has("total", "plus", "and", "combined", "sum", "both")
}

// Words shared by several roles.
var (
	tokenWords         = []string{"throughput", "tok", "toks", "tps", "ktok", "ktoks", "ktps", "tokens", "token", "tput", "tputs", "thrpt", "otps", "t"}
	explicitTokenWords = []string{"tok", "toks", "tokens", "token", "tps", "ktok", "ktoks", "ktps", "t"}
	requestWords       = []string{"req", "reqs", "request", "requests", "rps", "qps"}
	loadWords          = []string{"concurrency", "conc", "c", "concurrent", "inflight", "users", "user", "clients", "client", "vus", "vu",
		"batch", "bs", "bsz", "parallel", "parallelism", "streams", "slots", "np", "npl", "sessions", "workers", "worker", "threads", "cap", "agents",
		"connections", "simultaneous", "lanes",
		// CCU, concurrent users, as game and web load tests write it.
		"ccu"}
	seriesWords = []string{"engine", "framework", "backend", "strategy", "config", "configuration", "mode", "variant", "recipe",
		"quant", "quantization", "precision", "dtype", "dataset", "scenario", "routing", "router", "version", "setup", "system",
		"server", "method", "policy", "serving", "runtime", "implementation", "impl", "build", "branch", "image", "service", "stack", "deployment", "series"}
	ratioWords = []string{"speedup", "efficiency", "ratio", "vs", "versus", "delta", "change", "diff", "gain", "improvement", "util",
		"utilization", "pct", "percent", "percentage", "scaling", "relative", "regression", "overhead", "drift",
		// SLO attainment: the share of requests that met an SLO (a percentage
		// or a fraction), whichever latency it names.
		"attainment"}
	peakWords = []string{"peak", "instantaneous", "instant", "burst", "best"}
)

// roles is the role table, in the order a header is tried against it.
var roles = []role{
	// Derived figures first: a "Parallel efficiency" is no concurrency, a
	// "TTFT speedup" no latency.
	{kind: colRatio, dims: []dimension{dimPercent, dimRatio}, match: always, why: "a ratio or percentage"},
	{kind: colRatio, dims: anyDim, match: func(w wordset) bool { return w.has(ratioWords...) }, why: "a ratio or percentage"},
	// "_throughput_note": a remark on a metric, not the metric.
	{kind: colNote, dims: anyDim, match: func(w wordset) bool { return w.has("note", "notes", "comment", "comments", "remarks") }},
	// Goodput (vLLM's and SGLang's --goodput, DistServe's word) counts only
	// the requests that met every SLO: at most the served rate, and it
	// falls past the knee while the load still rises. It is neither the
	// rate offered, nor the rate served, nor the node's throughput.
	{kind: colIgnore, dims: anyDim, match: func(w wordset) bool { return w.has("goodput") }, why: whyGoodput},
	// A time that names a limit ("slo_ttft_limit_s", "TTFT target (ms)",
	// "latency budget") is what the run was judged against, set before it
	// ran: the same on every row, never a latency measured.
	{kind: colIgnore, dims: timeDims, why: "a latency limit (an SLO the run was judged against), not a latency measured", match: func(w wordset) bool {
		return w.has("slo", "sla", "limit", "threshold", "budget", "deadline", "target") &&
			w.has("ttft", "tpot", "itl", "e2e", "e2el", "latency", "time", "ms", "s", "sec", "seconds")
	}},
	// Latencies: a time, or no unit.
	{kind: colLatency, metric: "ttft", dims: timeDims, match: func(w wordset) bool {
		// "Mean first-token s": a time to the first token, with its unit.
		// TTFB, the time to a streamed response's first byte: the first
		// chunk carries the first token (as 首包, "first packet", reads).
		return w.has("ttft", "ttfb") || (w.has("time") && w.has("first")) || (w.has("first") && w.has("token"))
	}},
	{kind: colLatency, metric: "tpot", dims: timeDims, match: func(w wordset) bool {
		// "Latency (ms/token)" (k6's TGI tests): a latency over each token.
		return w.has("tpot") || (w.has("time") && w.has("per") && w.has("output")) || (w.has("per") && w.has("token") && w.has("latency")) ||
			(w.has("latency") && w.has("token", "tok") && w.has("ms", "s", "sec") && !w.has("inter", "intertoken", "first"))
	}},
	{kind: colLatency, metric: "itl", dims: timeDims, match: func(w wordset) bool {
		return w.has("itl") || (w.has("inter") && w.has("token")) || w.has("intertoken")
	}},
	{kind: colLatency, metric: "e2e", dims: timeDims, match: func(w wordset) bool {
		return w.has("e2e", "latency", "e2el") || (w.has("end") && w.has("to"))
	}},
	// Token rates: one stream's, input or input + output, a peak, per GPU,
	// and last the node's output.
	{kind: colPerUser, dims: tokDims, why: whyPerUserWords, match: func(w wordset) bool {
		// A rate, not a count: "Input Sequence Length (tokens)" names
		// tokens and a sequence but is a length (a workload setting).
		perWho := isTokenRate(w) && (w.has("user", "users", "seq", "sequence", "stream", "slot", "client", "thread") || singleStreamWord(w)) ||
			isTokenRate(w) && w.has("per") && w.has("agent") // "por agente": per agent, one stream's
		// "tok/s/u", "t/s/u": Tenstorrent's tokens per second per user.
		perU := isTokenRate(w) && len(w) > 0 && w[len(w)-1] == "u"
		perRequest := w.has(explicitTokenWords...) && w.has("request", "req")
		// "output_speed_per_query", "Per-task tok/s": a rate per query (task
		// or agent) is one request's.
		perQuery := isTokenRate(w) && perOneOf(w, "query", "prompt", "task", "agent")
		return w.has("tpsu") || (perWho || perU || perRequest || perQuery) && !w.has("aggregate", "agg", "total", "sum", "combined", "overall", "node", "system")
	}},
	// "Request throughput" without a unit is requests per second; a bare
	// "Rate" is the offered rate of an open-loop sweep, and so is λ, the
	// arrival rate's symbol in queueing theory ("요청 λ": requests' λ).
	{kind: colRequestRate, dims: reqDims, flavor: requestRateFlavor, match: func(w wordset) bool {
		return w.has("rps", "qps") || w.has("λ") && !isTokenRate(w) || (len(w) == 1 && w[0] == "rate") || (w.has(requestWords...) && w.has("s", "sec", "second", "per", "ps", "rate", "throughput") && !perStep(w) && !w.has(explicitTokenWords...)) ||
			(w.has("rate") && w.has("offered", "target", "arrival", "requested", "traffic"))
	}},
	{kind: colOtherTokRate, dims: tokDims, why: whyInputRate, match: func(w wordset) bool {
		// "In tok/s" beside "Out tok/s": a leading "in" is the direction,
		// as "out" is, not a series named "In".
		return isTokenRate(w) && (w.has("input", "prompt", "prefill", "pp") || len(w) > 0 && w[0] == "in") && !inputPlusOutput(w)
	}},
	{kind: colOtherTokRate, dims: tokDims, why: "a peak or instantaneous rate, not the run's output throughput", flavor: func(wordset) string { return "peak" }, match: func(w wordset) bool {
		return isTokenRate(w) && w.has(peakWords...)
	}},
	{kind: colOtherTokRate, dims: tokDims, why: "input + output tokens, not output", flavor: func(wordset) string { return "total" }, match: func(w wordset) bool {
		return isTokenRate(w) && (w.has("total", "tot", "combined", "sum", "overall") && !w.has("output", "generated", "generation", "gen", "decode", "completion", "tg") || inputPlusOutput(w))
	}},
	{kind: colThroughputPerGPU, dims: tokDims, match: func(w wordset) bool {
		return isTokenRate(w) && w.has(rateDevices...) && !deviceLabel(w) && !countedDevices(w)
	}},
	{kind: colThroughput, dims: tokDims, match: isTokenRate},
	// A time that is none of the latencies: the run's duration, or nothing knee reads.
	{kind: colDuration, dims: timeDims, match: func(w wordset) bool { return w.has("duration", "elapsed", "runtime", "wall") }},
	{kind: colIgnore, dims: []dimension{dimTime}, match: always, why: whyOtherTime},
	{kind: colIgnore, dims: []dimension{dimTokRate}, match: always, why: "a token rate that is not the node's output throughput"},
	{kind: colIgnore, dims: []dimension{dimReqRate}, match: always, why: "a request rate knee does not read"},
	// The load and the counts: plain numbers.
	{kind: colPerGPU, dims: plainDims, match: func(w wordset) bool {
		return w.has("gpu", "npu") && w.has("per", "conc", "concurrency", "c", "concurrent", "users", "clients", "batch")
	}},
	{kind: colGPUs, dims: plainDims, match: func(w wordset) bool {
		return w.has("gpus", "npus") || (w.has("gpu", "npu") && w.has("count", "num", "n"))
	}},
	{kind: colIgnore, dims: plainDims, match: func(w wordset) bool { return w.has("cpu", "memory", "mem", "kv", "cache") }, why: whyNotRead},
	// "Peak concurrent requests" (vLLM and SGLang's bench blocks): the most
	// in flight at one instant, above the configured level when requests
	// overlap at a boundary; neither the load nor the mean the client held.
	{kind: colIgnore, dims: plainDims, why: "a peak over the run, not the load or the concurrency held", match: func(w wordset) bool {
		return (w.has(loadWords...) || (w.has("in") && w.has("flight"))) && w.has(peakWords...) || maxConcurrentRequests(w)
	}},
	// A model-parallel degree ("Tensor parallelism degree", "pipeline
	// parallel size", "expert parallelism") splits the model over GPUs: an
	// engine setting, never the requests in flight. tpcolumn.go reads a TP
	// that holds one value as the GPU count.
	{kind: colIgnore, dims: plainDims, why: "a model-parallel degree, not the load", match: modelParallelDegree},
	// An engine's cap on sequences in flight (vLLM's max_num_seqs, SGLang's
	// max-running-requests) swept by rows is the load when the client
	// fills it, as in an offline run with every request queued at once;
	// beside a client load it is the server's setting (serverknob.go).
	{kind: colConcurrency, dims: plainDims, flavor: func(wordset) string { return "configured" }, match: engineCap},
	{kind: colConcurrency, dims: plainDims, flavor: concurrencyFlavor, match: func(w wordset) bool {
		return hasLoadWord(w) || (w.has("in") && w.has("flight")) || weakLoad(w) || activeRequests(w)
	}},
	// "Total input tokens", "Total generated tokens": a count over the run
	// (it grows with the prompts sent), not a request length.
	{kind: colIgnore, dims: plainDims, why: whyRunTokenCount, match: func(w wordset) bool {
		return w.has("total") && w.has("tokens", "toks", "tok") && !w.has("per", "len", "length", "avg", "mean", "average")
	}},
	{kind: colWorkload, dims: plainDims, why: "a request length: a workload setting", match: func(w wordset) bool {
		// "Input", "Occupied input each": a plain number under the input's
		// name is its length in tokens (a rate or a time states its unit,
		// a count of requests says requests; "prompt" alone counts the
		// prompts sent, and a prompt file or set names them).
		return w.has("isl", "osl", "seqlen", "ctx", "context") || (w.has("input", "prompt", "output", "generated", "max", "seq", "sequence") && w.has("tokens", "len", "length", "toks", "tok")) ||
			w.has("input") && !w.has(requestWords...) && !w.has("rate", "throughput", "speed", "time", "latency", "file", "set", "name", "type")
	}},
	// Warm-up requests ran before the measurement and are left out of it
	// ("warmup_requests" beside "successful_requests"): no count of the run.
	{kind: colIgnore, dims: plainDims, why: "warm-up requests: sent before the measurement, not counted in it", match: func(w wordset) bool {
		return w.has("warmup", "warmups") || w.has("warm") && w.has("up")
	}},
	// "total_requests_sent" beside "successful_requests": what was sent
	// counts the failures too, so it is the prompts, not the successes.
	{kind: colPrompts, dims: plainDims, why: "prompts sent, not successful requests", match: func(w wordset) bool {
		return w.has("prompts", "prompt") || w.has(requestWords...) && w.has("sent", "issued", "submitted", "attempted", "dispatched")
	}},
	{kind: colRatio, dims: plainDims, why: "a ratio or percentage", match: func(w wordset) bool {
		return w.has("failures", "failed", "errors", "error", "success", "successful", "ok") && w.has("rate", "ratio")
	}},
	{kind: colFailures, dims: plainDims, match: func(w wordset) bool { return w.has("failures", "failed", "errors", "error", "fails", "failure") }},
	// "mean_running_requests", "peak_waiting_requests": requests in a
	// state (running, waiting) counted at each instant and summarised over
	// the run: an occupancy of the server or its queue, never the count of
	// requests the run served, which has no mean or peak over time.
	{kind: colIgnore, dims: plainDims, why: "requests in a state over the run (an occupancy), not a count of requests", match: occupancyOfRequests},
	{kind: colIgnore, dims: plainDims, why: "requests per a step of the engine (a pass, a batch), a ratio, not a count of requests", match: perStep},
	{kind: colRequests, dims: plainDims, match: func(w wordset) bool {
		return w.has("requests", "reqs", "successes", "success", "successful", "completed", "complete", "succeeded")
	}},
	// "rep=2", "trial 3": which repeat of a level a row is; the rows of one
	// level are its repeats, no curve of their own.
	{kind: colIgnore, dims: plainDims, why: "a repeat's number: rows of one level that differ only in it are its repeats", match: func(w wordset) bool {
		return len(w) <= 2 && w.has("rep", "reps", "repeat", "repetition", "trial", "iteration", "iter")
	}},
	{kind: colLeaf, dims: plainDims, match: func(w wordset) bool { return w.has("leaf") }},
	{kind: colAccelerator, dims: plainDims, match: func(w wordset) bool { return w.has("accelerator", "accel", "hardware", "hw") }},
	{kind: colModel, dims: plainDims, match: func(w wordset) bool { return w.has("model") }},
	{kind: colNote, dims: plainDims, match: func(w wordset) bool { return w.has("note", "notes", "comment", "comments", "remarks") }},
	{kind: colSimulated, dims: plainDims, match: func(w wordset) bool { return w.has("simulated", "sim") }},
	{kind: colSeriesLabel, dims: plainDims, match: func(w wordset) bool { return w.has(seriesWords...) }, why: "a series label"},
}

// isTokenRate: throughput words, or token words with a rate.
// A phase that emits tokens beside an aggregate word ("Decode total",
// "Generation aggregate", "Gen speed") names the rate of that phase's tokens
// even with no unit: a count would name the tokens ("Total generated
// tokens"), a time its unit. Ollama's "eval rate" is its decode rate (its
// "prompt eval rate" the prefill's: an input rate).
func isTokenRate(w wordset) bool {
	return w.has("throughput", "tok", "toks", "tps", "ktok", "ktoks", "ktps", "tput", "tputs", "thrpt", "otps") ||
		(w.has("tokens", "token", "t") && w.has("s", "sec", "second", "per", "ps", "rate")) ||
		(w.has("tg") && w.has("s", "sec", "second")) || // "tg/s": llama.cpp's text generation rate
		(w.has("decode", "generation", "gen", "tg", "eval", "generated") && w.has("total", "aggregate", "agg", "speed", "rate") && !w.has("tokens", "token", "time", "latency", "count")) ||
		(w.has("output") && w.has("speed"))
}

// modelParallelDegree: "tensor", "pipeline", "data", "expert", "sequence"
// or "context" before "parallel", "parallelism" or "parallel size".
func modelParallelDegree(w wordset) bool {
	return w.has("parallel", "parallelism") && w.has("tensor", "pipeline", "expert", "sequence", "context", "model")
}

// engineCap: a header naming an engine's cap on the sequences it runs at
// once ("max_num_seqs", "max-running-requests", "max seqs"), never a
// request length ("max seq len") or a token budget
// ("max_num_batched_tokens").
func engineCap(w wordset) bool {
	if !w.has("max", "maximum") || w.has("len", "length", "tokens", "token", "tok", "toks") {
		return false
	}
	return w.has("seqs", "sequences") || w.has("running") && w.has("requests", "reqs")
}

// oneLetterLoad: a header that is only N, P or B (llama.cpp's -np and
// llama-batched-bench's B, OLLAMA_NUM_PARALLEL's P): read as the load, and
// said so, because nothing else in a sweep table is a one-letter count.
// hasLoadWord: w holds a load word; the letter "c" counts only as the
// header's first word ("c", "C (streams)", "c=8"): after a name it is part
// of the name ("ARC-C", a benchmark's accuracy; "Model-C"), unless the one
// word before it says the level was asked for ("Requested C", "target c").
func hasLoadWord(w wordset) bool {
	for _, x := range w {
		if x != "c" && slices.Contains(loadWords, x) {
			return true
		}
	}
	return len(w) > 0 && w[0] == "c" || len(w) == 2 && w[1] == "c" && slices.Contains(requestedWords, w[0])
}

// maxConcurrentRequests is vLLM's saved-result field "max_concurrent_requests",
// the most requests its client saw in flight at once ("Peak concurrent
// requests" in its printed block), beside the "max_concurrency" it was
// given: a peak, not the level.
func maxConcurrentRequests(w wordset) bool {
	return len(w) == 3 && w[0] == "max" && w[1] == "concurrent" && w[2] == "requests"
}

func oneLetterLoad(w wordset) bool {
	return len(w) == 1 && (w[0] == "n" || w[0] == "p" || w[0] == "b")
}

// weakLoad: a header that names the load for want of other words, a
// single letter or "level" alone; a column that names its load outranks it.
func weakLoad(w wordset) bool {
	return oneLetterLoad(w) || loneLevel(w)
}

// loneLevel: a header that is "level" alone ("experiment, step, max_num_seqs,
// level, …"): a sweep's level, the load it steps through. A level of
// anything else says what of ("log level", "quant level").
func loneLevel(w wordset) bool {
	return len(w) == 1 && w[0] == "level"
}

func concurrencyFlavor(w wordset) string {
	switch {
	case w.has("measured", "achieved", "actual", "observed", "effective", "avg", "mean", "average", "sustained", "real", "peak"):
		return "measured"
	case w.has("formed", "running", "scheduled"):
		// "Batch the engine formed", "Running requests": what the server
		// did with the load, counted during the run, not the load set.
		return "measured"
	case w.has("median", "mdn", "med", "p50", "p90", "p95", "p99"):
		// A statistic over the run (guidellm's "Concurrency Mdn"): the
		// configured level is one number, never a distribution.
		return "measured"
	case w.has("max", "maximum", "configured", "target", "offered", "requested", "set", "nominal", "limit"):
		return "configured"
	case weakLoad(w):
		return "weak"
	}
	return ""
}

// requestRateFlavor tells the offered rate (an open-loop sweep's load) from
// the achieved one: "request rate", "request-rate", "target QPS", "Load
// (req/s)" are offered; "request throughput", "achieved", "req/s" are achieved; a bare
// QPS or RPS is decided by the table (resolve.go: the offered rate when the
// table has no other load).
func requestRateFlavor(w wordset) string {
	switch {
	case w.has("throughput", "achieved", "actual", "measured", "observed", "effective", "completed", "served"):
		return "achieved"
	case w.has("mean", "avg", "average", "median", "mdn", "med", "p50"):
		// A statistic of the rate (guidellm's "Requests Per Sec Mean") is
		// measured: an offered rate is set, not summarised.
		return "achieved"
	case w.has("offered", "target", "requested", "arrival", "traffic", "configured", "set", "input", "λ", "load") ||
		(w.has("rate") && !w.has("s", "sec", "ps")):
		return "requested"
	}
	return ""
}

// camelBoundary is a word of two lowercase letters or more running into an
// acronym: "AggTPS", "ReqTPS", "avgTTFT" join their words without a space.
var camelBoundary = regexp.MustCompile(`([a-z]{2,})([A-Z]{2,})`)

// camelWords parts a word run into an acronym ("AggTPS" is "Agg TPS"); a
// single lowercase letter before capitals ("vLLM") is a name's, and a
// capital starting a word ("MaxConc", "restartPolicy") keeps its words
// whole, as the vocabulary has always read them.
func camelWords(h string) string {
	return camelBoundary.ReplaceAllString(h, "$1 $2")
}

// classify reads a header through the role table.
// perTimeUnit: the words say "per second" ("Request Stats Per Second"):
// a rate, whose time word is no unit of a time column.
func perTimeUnit(t []string) bool {
	for i := 0; i+1 < len(t); i++ {
		if t[i] == "per" {
			switch t[i+1] {
			case "second", "sec", "s":
				return true // per minute stays unread: no unit scales it
			}
		}
	}
	return false
}

func classify(header string) column {
	classified.Lock()
	c, ok := classified.m[header]
	classified.Unlock()
	if !ok {
		c = classifyHeader(header)
		classified.Lock()
		if len(classified.m) >= maxClassified {
			clear(classified.m) // bounded: a file of many distinct headers starts over
		}
		classified.m[header] = c
		classified.Unlock()
	}
	c.timeUnits = slices.Clone(c.timeUnits) // the caller's own, as a fresh reading's
	return c
}

// classified remembers classify's readings, a pure function of the header:
// the reader's passes classify a table's headers many times over, and the
// role table's patterns were most of a pasted table's read time
// (BenchmarkPastedTables).
var classified = struct {
	sync.Mutex
	m map[string]column
}{m: map[string]column{}}

// maxClassified bounds the readings remembered.
const maxClassified = 1 << 14

// classifyHeader reads a header through the role table.
func classifyHeader(header string) column {
	c := column{header: strings.TrimSpace(header)}
	if rowNumberHeader(header) {
		c.kind, c.why = colIgnore, whyRowNumber
		return c
	}
	low := phaseTokens(percentSignTail(vocab.Translate(strings.ToLower(camelWords(stripMarkup(header))))))
	t, perMinute := perMinuteTokens(low, headerTokens(low))
	w := wordset(t)
	dim, what := classifyDimension(low, t)
	if perMinute && dim == dimNone {
		dim, what = dimTokRate, "a token rate"
	}
	switch dim {
	case dimTemperature, dimPower, dimEnergy, dimBytes, dimMoney:
		// Dimension first: never a load, throughput or latency.
		c.kind, c.why = colIgnore, what
		return c
	}
	c = matchRole(c, w, dim)
	if dim == dimNone {
		c = countsNoRate(c, low, t, w)
	}
	c.stat = statOf(t)
	c = columnUnit(c, t, w, dim)
	if perMinute {
		c = perMinuteUnit(c)
	}
	return c
}

// countsNoRate sets aside a header with no unit that the role table read
// as a rate, a latency or the load but whose words count something else.
func countsNoRate(c column, low string, t []string, w wordset) column {
	switch {
	case perRequestWords(t) && (c.kind == colRequestRate || c.kind == colRequestedRate || c.kind == colPerUser):
		// "Stream Iter Per Req", "Output Tok Per Req": a count per
		// request, with no time in it: neither a rate nor a speed.
		c.kind, c.metric, c.flavor, c.why = colIgnore, "", "", "a count per request, not a rate"
		if w.has(tokenNouns...) && !measuredStatistic(c.header) {
			// "tokens_per_request" 100, 500, 1000: the tokens each
			// request was set to ask for, a request length.
			c.kind, c.why = colWorkload, "tokens per request: a request length, a workload setting"
		}
	case c.kind == colThroughput && perEventCount.MatchString(low):
		// "tokens_per_chunk", "output tokens per target iteration": a
		// count per engine event (a stream chunk, a decode step, a
		// draft's verification), with no time in it.
		c.kind, c.metric, c.flavor, c.why = colIgnore, "", "", "a count per engine step, not a rate"
	case c.kind == colLatency && sampleCountWords(w):
		c.kind, c.metric, c.why = colIgnore, "", whySampleCount
	case c.kind == colConcurrency && perUserCount.MatchString(low):
		// "Measured turns/user", "turns per user": a count each user
		// made, not how many users there were.
		c.kind, c.flavor, c.why = colIgnore, "", "a count per user, not the number of users"
	}
	return c
}

// perEventCount: tokens counted per engine event rather than per second.
var perEventCount = regexp.MustCompile(`(?:^|[\s_])per[\s_]+(?:target[\s_]+)?(?:chunk|step|decode[\s_]+step|iter|iteration|forward|forward[\s_]+pass|pass|call|verification|verify|verify[\s_]+step|draft|block)s?(?:$|[\s_)])`)

// classifyDimension is the unit dimension a header states: its unit, else
// a time word ("Latency (sec)") unless the words say per second.
func classifyDimension(low string, t []string) (dimension, string) {
	dim, what := headerDimension(low)
	if dim == dimNone && !perTimeUnit(t) {
		if _, ok := timeUnitFromTokens(t); ok {
			dim = dimTime
		}
	}
	return dim, what
}

// matchRole gives c the first role of the table that admits the dimension
// and matches the words.
func matchRole(c column, w wordset, dim dimension) column {
	for _, r := range roles {
		if !admits(r.dims, dim) || !r.match(w) {
			continue
		}
		c.kind, c.metric, c.why = r.kind, r.metric, r.why
		if r.flavor != nil {
			c.flavor = r.flavor(w)
		}
		break
	}
	return c
}

// columnUnit sets the unit the header states for the column's kind.
func columnUnit(c column, t []string, w wordset, dim dimension) column {
	switch c.kind {
	case colLatency:
		return latencyColumn(c, t, w.has)
	case colThroughput, colThroughputPerGPU, colOtherTokRate, colPerUser:
		c.unit, c.stated = tokRateUnitFromTokens(t)
		if !c.stated && dim == dimTokRate {
			c.unit, c.stated = units["tok/s"], true
		}
		if !c.stated {
			c.unit = units["tok/s"]
		} else {
			c.unitFrom = "header"
		}
	case colDuration:
		c.timeUnits = timeUnitsNamed(t)
		c.unit, c.stated = timeUnitFromTokens(t)
		if c.stated {
			c.unitFrom = "header"
		}
	}
	return c
}

// perOneOf: the words say "per" right before one of names.
func perOneOf(w wordset, names ...string) bool {
	for i := 0; i+1 < len(w); i++ {
		if w[i] == "per" && wordset(w[i+1:i+2]).has(names...) {
			return true
		}
	}
	return false
}

// perRequestWords: the words say "per request" (per req, per request).
// perUserCount is a count written per user: a noun, then "/user" or "per
// user" ("turns/user", "requests per user").
var perUserCount = regexp.MustCompile(`[a-z]\s*/\s*users?\b|\bper\s+users?\b`)

func perRequestWords(t []string) bool {
	for i := 0; i+1 < len(t); i++ {
		if t[i] == "per" && (t[i+1] == "req" || t[i+1] == "request") {
			return true
		}
	}
	return false
}

func admits(ds []dimension, d dimension) bool {
	for _, x := range ds {
		if x == d {
			return true
		}
	}
	return false
}

// statOf is the statistic a header names, for any role: "throughput_median"
// is p50, "throughput_spread" and "TTFT std" are spread. "" when none.
func statOf(t []string) string {
	w := wordset(t)
	central := w.has("mean", "avg", "average", "ave", "median", "med", "mdn", "p50")
	if !central && w.has("std", "stddev", "stdev", "sd", "spread", "variance", "var", "stderr", "sem", "ci", "iqr", "range", "cv", "jitter") {
		return "spread"
	}
	// A statistic of a statistic keeps the inner one: the median (or mean)
	// over runs of a p95 is a p95 ("Median P95 TTFT", "TTFT p95 (median of
	// 3 runs)").
	if tail := tailPercentile(t, w); tail != "" {
		return tail
	}
	for _, s := range statWords {
		if w.has(s.words...) {
			return s.stat
		}
	}
	for _, x := range t {
		if percentileWord(x) {
			return "p" + x[1:]
		}
	}
	return ""
}

// percentileWord: x is p and a percentile, at most 100 ("p90", "p99.9")
// or written in nines ("p999", "p9999"). A larger number after a p is a
// product's name ("Kunlun_P800", a chip), no statistic.
func percentileWord(x string) bool {
	if len(x) < 2 || x[0] != 'p' || x[1] < '0' || x[1] > '9' {
		return false
	}
	digits := x[1:]
	if strings.Trim(digits, "9") == "" {
		return true
	}
	v, err := strconv.ParseFloat(digits, 64)
	return err != nil || v <= 100
}

// tailPercentile is the percentile above the median a header names (p90,
// p95, p99, p99.9), or "".
func tailPercentile(t []string, w wordset) string {
	for _, s := range statWords {
		switch s.stat {
		case "p90", "p95", "p999", "p99":
			if w.has(s.words...) {
				return s.stat
			}
		}
	}
	return ""
}

// statWords are the words that name each central statistic, tried in
// order: a median before a mean (a "median (mean of runs)" is a median),
// p99.9 before p99.
var statWords = []struct {
	stat  string
	words []string
}{
	{"p50", []string{"p50", "median", "med", "mdn", "50th"}}, // Mdn: guidellm, APA style
	{"p90", []string{"p90", "90th"}},
	{"p95", []string{"p95", "95th"}},
	{"p999", []string{"p99.9", "p999", "99.9th"}},
	{"p99", []string{"p99", "99th"}},
	{"p75", []string{"p75", "75th"}},
	{"mean", []string{"mean", "avg", "average", "ave"}},
	{"min", []string{"min", "minimum"}},
	{"max", []string{"max", "maximum"}},
}

// whyGoodput is why a goodput column is not read: the rate of the
// requests that met the SLO, not the load nor what was served.
const whyGoodput = "goodput: the rate of requests that met the SLO, not the rate offered or served"

// whyInputRate is why an input (prompt, prefill) token rate is not the
// output throughput: one no pass reads as the output's.
const whyInputRate = "input tokens, not output"

// whyPerUserWords is why a token rate whose header names a user, stream or
// request is read as one stream's: by its words, which the physics may
// overrule (decoderate.go).
const whyPerUserWords = "per-user throughput, not the node's"

// occupancyOfRequests: a statistic over time of the requests in a state
// ("mean running requests", "peak waiting requests").
func occupancyOfRequests(w wordset) bool {
	return w.has("requests", "reqs") && w.has("running", "waiting", "queued", "pending", "active") &&
		(w.has("mean", "avg", "average", "max", "maximum", "min", "minimum") || w.has(peakWords...))
}

// percentSign is a percentile written with the percent sign ("TTFT 99%
// (ms)", "latency 95%ile", "P99%"); latencyWord a word of a latency.
var (
	percentSign = regexp.MustCompile(`\bp?(\d{2}(?:\.\d+)?)\s*%(?:ile)?`)
	latencyWord = regexp.MustCompile(`\b(ttft|tpot|itl|e2e|e2el|latency|latencies|ttfb)\b`)
)

// percentSignTail reads a percent sign after a latency's number as the
// percentile it is ("ttft 99% (ms)" → "ttft p99 (ms)"): a latency is no
// percentage, and the header's unit is a time.
func percentSignTail(low string) string {
	if !strings.Contains(low, "%") || !latencyWord.MatchString(low) {
		return low
	}
	return percentSign.ReplaceAllString(low, "p$1")
}

// perStep: requests counted per a step of the engine ("requests per
// prefill pass", "reqs per step"): a ratio of its work. Requests per
// anything else ("per arm", "per GPU") stay what the other rules read.
func perStep(w wordset) bool {
	for i, x := range w {
		if x == "per" && i > 0 && w[:i].has("requests", "reqs", "request", "req") && i+1 < len(w) && w[i+1:].has(engineSteps...) {
			return true
		}
	}
	return false
}

var engineSteps = []string{"pass", "passes", "step", "steps", "iteration", "iterations", "iter", "forward", "prefill", "decode", "chunk", "tick", "round", "batch"}

// activeRequests: "Active requests", "active streams": the requests a level
// keeps in flight, its load. Summarised over the run ("mean active
// requests", "peak active streams") they are an occupancy, which the
// occupancy rule reads.
func activeRequests(w wordset) bool {
	return w.has("active") && w.has("requests", "reqs", "streams", "sequences", "seqs") &&
		!w.has("mean", "avg", "average", "max", "maximum", "min", "minimum", "median", "p50", "p90", "p99") && !w.has(peakWords...)
}

// rateDevices are the devices a rate may be per ("tok/s per GPU").
var rateDevices = wordset{"gpu", "npu", "card", "device", "chip"}

// countedDevices: a device word counted by the number before it ("1 GPU
// vLLM tok/s", a setup on one GPU): how many devices ran, not a rate per
// device.
func countedDevices(w wordset) bool {
	for i := 1; i < len(w); i++ {
		if rateDevices.has(w[i]) {
			if _, err := strconv.Atoi(w[i-1]); err == nil {
				return true
			}
		}
	}
	return false
}

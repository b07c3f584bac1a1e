package read

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// The result JSON of `vllm bench serve --save-result` (vLLM 0.6 to 0.25 at
// least: keys date, backend, model_id, num_prompts, request_rate,
// max_concurrency, completed, failed, output_throughput,
// {mean,median,std,pNN}_{ttft,tpot,itl,e2el}_ms, with more percentiles
// under --metric-percentiles), and the older benchmarks/benchmark_serving.py
// result, which has the same keys less failed, max_concurrency and e2el.
// --save-detailed adds per-request lists, which are ignored.

const vllmHarness = "vllm-bench-serve"

// vllmStat matches the latency statistics: mean_ttft_ms, p99.9_itl_ms…
var vllmStat = regexp.MustCompile(`^(mean|median|std|p[0-9][0-9.]*)_(ttft|tpot|itl|e2el)_ms$`)

// vllmInfinity finds a request rate Python wrote as a bare Infinity (older
// benchmark_serving.py), which decodeJSON turns into a string.
var vllmInfinity = regexp.MustCompile(`"request_rate"\s*:\s*-?Infinity`)

func sniffVLLM(_ string, _ []byte, top map[string]json.RawMessage) bool {
	return hasKeys(top, "output_throughput") &&
		hasAnyKey(top, "mean_ttft_ms", "median_ttft_ms", "p99_ttft_ms") &&
		!hasAnyKey(top, "mean_e2e_latency_ms", "median_e2e_latency_ms", "dataset_name")
}

// hasVLLMResults reports whether a folder holds vLLM result files (one per
// --max-concurrency, as a sweep script writes them).
func hasVLLMResults(dir string) bool { return len(vllmFiles(dir)) > 0 }

func vllmFiles(dir string) []string {
	var out []string
	for _, p := range findFiles(dir, 0, func(n string) bool { return strings.HasSuffix(strings.ToLower(n), ".json") }) {
		data, err := readBounded(p)
		if err != nil {
			continue
		}
		var top map[string]json.RawMessage
		if decodeJSON(p, 0, data, &top) == nil && sniffVLLM(p, data, top) {
			out = append(out, p)
		}
	}
	return out
}

// readVLLMDir reads every result file of a folder as one curve; files whose
// --metadata or label differ are series (vllmSeries), never repeats.
func readVLLMDir(dir string, opts Options) (*sweep.Sweep, error) {
	var results []vllmResult
	for _, p := range vllmFiles(dir) {
		data, err := readBounded(p)
		if err != nil {
			return nil, err
		}
		var top map[string]json.RawMessage
		if err := decodeJSON(p, 0, data, &top); err != nil {
			return nil, err
		}
		results = append(results, vllmResult{p, data, vllmTags(top)})
	}
	if len(results) == 0 {
		return nil, inputerr.Errorf(dir, "", 0, "no %s results in this folder", vllmHarness)
	}
	return vllmSeries(dir, "folder", "files", results, opts)
}

// readVLLMFile reads one result: one point.
func readVLLMFile(path string, data []byte, _ Options) (*sweep.Sweep, error) {
	var top map[string]json.RawMessage
	if err := decodeJSON(path, 0, data, &top); err != nil {
		return nil, err
	}
	f := &fields{file: path, top: top}
	v := f.nums("output_throughput", "request_throughput", "max_concurrency", "num_prompts", "completed", "failed",
		"duration", "total_input_tokens", "total_output_tokens")
	if f.err != nil {
		return nil, f.err
	}
	if v["output_throughput"] == nil {
		return nil, inputerr.Errorf(path, "output_throughput", 0, "missing: no output throughput")
	}
	p := sweep.Point{Source: path + " (" + vllmHarness + ")", ThroughputTokS: *v["output_throughput"],
		RequestRate: v["request_throughput"], DurationS: v["duration"]}
	p.Requests = f.count("completed", v["completed"])
	p.Failures = f.count("failed", v["failed"])
	if f.err != nil {
		return nil, f.err
	}
	p.InputTokensMean, p.OutputTokensMean = perRequest(v["completed"], v["total_input_tokens"], v["total_output_tokens"])
	if err := benchLatencies(f, vllmStat, "e2el", &p); err != nil {
		return nil, err
	}
	e2e, notes := p.E2E.Mean, []string(nil)
	if e2e == nil {
		// An older result prints no E2E: its tokens give it (e2etokens.go).
		if e2e = e2eByTokens(p); e2e != nil {
			notes = append(notes, fmt.Sprintf("%s: no mean E2E in the result: taken as mean TTFT + mean TPOT × (mean output tokens − 1) = %.0f ms, a request's first token and one gap for each further token, to place an open-loop run by Little's law", path, *e2e))
		}
	}
	burst, err := vllmLoad(path, data, top["request_rate"], v, &p, e2e)
	if err != nil {
		return nil, err
	}
	if !p.Derived {
		notes = nil // a closed loop did not need it
	}
	if burst != "" {
		notes = append(notes, burst)
	}
	model := f.str("model_id")
	if model != "" {
		p.Workload = map[string]string{"model": model}
	}
	return &sweep.Sweep{Version: sweep.SchemaVersion, Harness: vllmHarness, Sources: []string{path}, Model: model,
		Notes: notes, Points: []sweep.Point{p}}, nil
}

// vllmLoad sets the load a result measured: its --max-concurrency for a
// closed loop (request_rate inf), Little's law for an open one. A closed
// loop with no --max-concurrency is a burst of num_prompts (vllmBurst),
// said in the note it returns.
func vllmLoad(path string, data []byte, rawRate json.RawMessage, v map[string]*float64, p *sweep.Point, e2e *float64) (string, error) {
	rate, closed, err := vllmRequestRate(path, data, rawRate)
	if err != nil {
		return "", err
	}
	switch maxConc := v["max_concurrency"]; {
	case maxConc != nil && closed:
		p.Concurrency = *maxConc
		p.AchievedConcurrency = vllmAchieved(*maxConc, v["num_prompts"], v["completed"], v["failed"], v["request_throughput"], e2e)
	case closed:
		return vllmBurst(path, v, p, e2e)
	default:
		// Open loop; a max_concurrency beside a rate only caps it.
		return "", openLoop(path, "request_rate", p, rate, v["request_throughput"], e2e)
	}
	return "", nil
}

// vllmBurst reads a closed-loop result with no --max-concurrency: vLLM's
// benchmark then sends every one of its --num-prompts at once (an infinite
// rate, no cap), so num_prompts requests were in flight at the start, the
// level the run set; they drain as they complete, so the level sustained
// over the run is what Little's law gives (request_throughput × mean E2E),
// kept as the achieved concurrency where the result gives the E2E. With
// no num_prompts the level is unknown: refused.
func vllmBurst(path string, v map[string]*float64, p *sweep.Point, e2e *float64) (string, error) {
	n := v["num_prompts"]
	if n == nil || !(*n >= 1) || *n != math.Trunc(*n) {
		return "", inputerr.Errorf(path, "max_concurrency", 0, "missing: a closed-loop run (request_rate inf) without --max-concurrency sends every prompt at once, and the result has no num_prompts to say how many; rerun with --max-concurrency")
	}
	p.Concurrency = *n
	p.AchievedConcurrency = vllmAchieved(*n, n, v["completed"], v["failed"], v["request_throughput"], e2e)
	note := fmt.Sprintf("%s: request_rate inf and no --max-concurrency: vLLM's benchmark sends all %v prompts at once, so the level is %v in flight at the start; they drain as they complete", path, *n, *n)
	if a := p.AchievedConcurrency; a != nil && *a < *n {
		how := "request rate × mean E2E, Little's law"
		if p.E2E.Mean == nil {
			how += "; the E2E as mean TTFT + mean TPOT × (mean output tokens − 1), the result printing none"
		}
		note += fmt.Sprintf(", and over the run %.3g were in flight on average (%s)", *a, how)
	}
	return note, nil
}

// perRequest is the mean input and output lengths from a result's token
// totals over its completed requests; nil where either is missing.
func perRequest(completed, inTotal, outTotal *float64) (in, out *float64) {
	if completed == nil || !(*completed > 0) {
		return nil, nil
	}
	if inTotal != nil {
		in = sweep.F(*inTotal / *completed)
	}
	if outTotal != nil {
		out = sweep.F(*outTotal / *completed)
	}
	return in, out
}

// vllmAchieved estimates the in-flight level sustained. A closed loop with
// fewer prompts than slots never filled them: the prompts sent bound it. Else
// Little's law over the whole run (request rate × mean E2E) estimates it, as
// for inference-perf's concurrent stages. max_concurrent_requests is not
// used: it is a momentary peak (above the limit even at concurrency 1 in
// real files), not the level sustained, and would hide a shortfall.
func vllmAchieved(conc float64, numPrompts, completed, failed, reqRate, meanE2EMs *float64) *float64 {
	sent := numPrompts
	if completed != nil {
		n := *completed
		if failed != nil {
			n += *failed
		}
		if sent == nil || n < *sent {
			sent = &n
		}
	}
	var est *float64
	if reqRate != nil && meanE2EMs != nil {
		est = sweep.F(*reqRate * *meanE2EMs / 1000)
	}
	if sent != nil && *sent < conc && (est == nil || *sent < *est) {
		return sweep.F(*sent)
	}
	return est
}

// vllmRequestRate reads request_rate: "inf" (or Infinity) is a closed loop,
// a number the offered rate of an open loop.
func vllmRequestRate(path string, data []byte, raw json.RawMessage) (*float64, bool, error) {
	if raw == nil || string(raw) == "null" {
		return nil, true, nil // benchmark_serving.py before request_rate was saved: closed loop is its default
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "inf", "infinity", "+inf":
			return nil, true, nil
		case "nan":
			if vllmInfinity.Match(data) {
				return nil, true, nil
			}
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || !(v > 0) || v > 1e12 {
			return nil, false, inputerr.Errorf(path, "request_rate", 0, "want \"inf\" or a positive number of requests/s, got %q", s)
		}
		return &v, false, nil
	}
	v, err := jsonNumber(path, "request_rate", raw)
	if err != nil {
		return nil, false, err
	}
	if !(*v > 0) || *v > 1e12 {
		return nil, false, inputerr.Errorf(path, "request_rate", 0, "want \"inf\" or a positive number of requests/s, got %v", *v)
	}
	return v, false, nil
}

// benchLatencies reads every {stat}_{metric}_ms key of a vLLM or SGLang
// benchmark result (pattern captures the statistic and the metric; e2e
// names the end-to-end metric, e2el in vLLM, e2e_latency in SGLang). TPOT
// (per-request mean time per output token) is knee's ITL; the clients' own
// itl (every gap between chunks) is kept as itl_chunks, or is ITL when no
// TPOT is given.
func benchLatencies(f *fields, pattern *regexp.Regexp, e2e string, p *sweep.Point) error {
	byMetric := benchStats(f, pattern)
	if f.err != nil {
		return f.err
	}
	var err error
	conv := func(metric string) sweep.Dist {
		if err != nil || byMetric[metric] == nil {
			return sweep.Dist{}
		}
		var d sweep.Dist
		d, err = byMetric[metric].dist(f.file, metric+"_ms", 1)
		return d
	}
	p.TTFT = conv("ttft")
	p.E2E = conv(e2e)
	tpot, itl := conv("tpot"), conv("itl")
	if tpot.Empty() {
		p.ITL = itl
	} else {
		p.ITL, p.ITLChunks = tpot, itl
	}
	return err
}

// benchStats gathers the keys pattern matches into one stats per metric,
// by knee's statistic names (median is p50; percentiles knee does not keep
// are left out).
func benchStats(f *fields, pattern *regexp.Regexp) map[string]stats {
	byMetric := map[string]stats{}
	for key := range f.top {
		m := pattern.FindStringSubmatch(key)
		if m == nil {
			continue
		}
		name, ok := benchStatName(m[1])
		if !ok {
			continue
		}
		v := f.num(key)
		if v == nil {
			continue
		}
		if byMetric[m[2]] == nil {
			byMetric[m[2]] = stats{}
		}
		byMetric[m[2]][name] = v
	}
	return byMetric
}

func benchStatName(name string) (string, bool) {
	switch name {
	case "median":
		return "p50", true
	case "mean", "std":
		return name, true
	}
	return percentileName(name)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

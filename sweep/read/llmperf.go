package read

import (
	"encoding/json"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// llmperf's summary file, <model>_<in>_<out>_summary.json, written by
// ray-project/llmperf token_benchmark_ray.py (summary version "2023-08-31",
// unchanged to 2024-12): num_concurrent_requests and flattened statistics
// results_<metric>_<stat>, latencies in seconds, e.g.
// results_ttft_s_quantiles_p99, results_mean_output_throughput_token_per_s.
// llmperf is closed-loop only: num_concurrent_requests is the concurrency.

const llmperfHarness = "llmperf"

func sniffLLMPerf(_ string, _ []byte, top map[string]json.RawMessage) bool {
	return hasAnyKey(top, "results_mean_output_throughput_token_per_s", "results_ttft_s_mean") &&
		hasKeys(top, "num_concurrent_requests")
}

func llmperfFiles(dir string) []string {
	return findFiles(dir, 2, func(n string) bool { return strings.HasSuffix(n, "_summary.json") })
}

func hasLLMPerfSummaries(dir string) bool { return len(llmperfFiles(dir)) > 0 }

func readLLMPerfDir(dir string, _ Options) (*sweep.Sweep, error) {
	return readEach(dir, llmperfFiles(dir), llmperfHarness, func(p string, data []byte) (*sweep.Sweep, error) {
		return readLLMPerfFile(p, data, Options{})
	})
}

func readLLMPerfFile(path string, data []byte, _ Options) (*sweep.Sweep, error) {
	var top map[string]json.RawMessage
	if err := decodeJSON(path, 0, data, &top); err != nil {
		return nil, err
	}
	var err error
	num := func(key string) *float64 {
		if err != nil {
			return nil
		}
		var v *float64
		v, err = jsonNumber(path, key, top[key])
		return v
	}
	conc := num("num_concurrent_requests")
	tput := num("results_mean_output_throughput_token_per_s")
	completed := num("results_num_completed_requests")
	errors := num("results_number_errors")
	perMin := num("results_num_completed_requests_per_min")
	inMean := num("results_number_input_tokens_mean")
	outMean := num("results_number_output_tokens_mean")
	if err != nil {
		return nil, err
	}
	if tput == nil {
		return nil, sweep.Inputf(path, "results_mean_output_throughput_token_per_s", 0, "missing: no output throughput")
	}
	if conc == nil {
		return nil, sweep.Inputf(path, "num_concurrent_requests", 0, "missing: the summary does not say which concurrency it measured")
	}
	p := sweep.Point{
		Concurrency: *conc, ThroughputTokS: *tput, InputTokensMean: inMean, OutputTokensMean: outMean,
		Source: path + " (" + llmperfHarness + ")",
	}
	if p.Requests, err = count(path, "results_num_completed_requests", completed); err != nil {
		return nil, err
	}
	if p.Failures, err = count(path, "results_number_errors", errors); err != nil {
		return nil, err
	}
	if perMin != nil {
		p.RequestRate = sweep.F(*perMin / 60)
	}
	// llmperf's inter_token_latency is a per-request mean (its E2E over its
	// output tokens): knee's ITL.
	for _, m := range []struct {
		key string
		out *sweep.Dist
	}{{"ttft_s", &p.TTFT}, {"inter_token_latency_s", &p.ITL}, {"end_to_end_latency_s", &p.E2E}} {
		st := stats{}
		for _, s := range []string{"mean", "min", "max", "stddev"} {
			v := num("results_" + m.key + "_" + s)
			if s == "stddev" {
				s = "std"
			}
			st[s] = v
		}
		for _, q := range []string{"p25", "p50", "p75", "p90", "p95", "p99"} {
			st[q] = num("results_" + m.key + "_quantiles_" + q)
		}
		if err != nil {
			return nil, err
		}
		if *m.out, err = st.dist(path, "results_"+m.key, 1000); err != nil {
			return nil, err
		}
	}
	if p.Requests != nil && *p.Requests > 0 && p.E2E.Mean != nil && p.RequestRate != nil {
		p.AchievedConcurrency = sweep.F(*p.RequestRate * *p.E2E.Mean / 1000)
	}
	var model string
	if raw := top["model"]; raw != nil {
		_ = json.Unmarshal(raw, &model)
	}
	p.Workload = map[string]string{}
	for _, k := range []string{"mean_input_tokens", "mean_output_tokens", "stddev_input_tokens", "stddev_output_tokens"} {
		if v := num(k); v != nil {
			p.Workload[k] = numText(*v)
		}
	}
	if err != nil {
		return nil, err
	}
	if model != "" {
		p.Workload["model"] = model
	}
	return &sweep.Sweep{Version: sweep.SchemaVersion, Harness: llmperfHarness, Model: model, Sources: []string{path}, Points: []sweep.Point{p}}, nil
}

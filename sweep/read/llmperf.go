package read

import (
	"encoding/json"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
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
	f := &fields{file: path, top: top}
	v := f.nums("num_concurrent_requests", "results_mean_output_throughput_token_per_s", "results_num_completed_requests",
		"results_number_errors", "results_num_completed_requests_per_min", "results_number_input_tokens_mean",
		"results_number_output_tokens_mean")
	if f.err != nil {
		return nil, f.err
	}
	tput, conc := v["results_mean_output_throughput_token_per_s"], v["num_concurrent_requests"]
	if tput == nil {
		return nil, inputerr.Errorf(path, "results_mean_output_throughput_token_per_s", 0, "missing: no output throughput")
	}
	if conc == nil {
		return nil, inputerr.Errorf(path, "num_concurrent_requests", 0, "missing: the summary does not say which concurrency it measured")
	}
	p := sweep.Point{
		Concurrency: *conc, ThroughputTokS: *tput, InputTokensMean: v["results_number_input_tokens_mean"],
		OutputTokensMean: v["results_number_output_tokens_mean"], Source: path + " (" + llmperfHarness + ")",
	}
	p.Requests = f.count("results_num_completed_requests", v["results_num_completed_requests"])
	p.Failures = f.count("results_number_errors", v["results_number_errors"])
	if f.err != nil {
		return nil, f.err
	}
	if perMin := v["results_num_completed_requests_per_min"]; perMin != nil {
		p.RequestRate = sweep.F(*perMin / 60)
	}
	if err := llmperfLatencies(f, &p); err != nil {
		return nil, err
	}
	if p.Requests != nil && *p.Requests > 0 {
		p.AchievedConcurrency = littleConcurrency(p.RequestRate, p.E2E.Mean)
	}
	model := f.str("model")
	if p.Workload = llmperfWorkload(f, model); f.err != nil {
		return nil, f.err
	}
	return &sweep.Sweep{Version: sweep.SchemaVersion, Harness: llmperfHarness, Model: model, Sources: []string{path}, Points: []sweep.Point{p}}, nil
}

// llmperfLatencies reads results_<metric>_{mean,min,max,stddev} and
// results_<metric>_quantiles_pNN, in seconds. llmperf's
// inter_token_latency is a per-request mean (its E2E over its output
// tokens): knee's ITL.
func llmperfLatencies(f *fields, p *sweep.Point) error {
	for _, m := range []struct {
		key string
		out *sweep.Dist
	}{{"ttft_s", &p.TTFT}, {"inter_token_latency_s", &p.ITL}, {"end_to_end_latency_s", &p.E2E}} {
		k := "results_" + m.key + "_"
		st := f.stats([2]string{"mean", k + "mean"}, [2]string{"min", k + "min"}, [2]string{"max", k + "max"},
			[2]string{"std", k + "stddev"}, [2]string{"p25", k + "quantiles_p25"}, [2]string{"p50", k + "quantiles_p50"},
			[2]string{"p75", k + "quantiles_p75"}, [2]string{"p90", k + "quantiles_p90"},
			[2]string{"p95", k + "quantiles_p95"}, [2]string{"p99", k + "quantiles_p99"})
		if f.err != nil {
			return f.err
		}
		var err error
		if *m.out, err = st.dist(f.file, "results_"+m.key, 1000); err != nil {
			return err
		}
	}
	return nil
}

// llmperfWorkload is what was sent: the lengths asked for, and the model.
func llmperfWorkload(f *fields, model string) map[string]string {
	w := map[string]string{}
	for _, k := range []string{"mean_input_tokens", "mean_output_tokens", "stddev_input_tokens", "stddev_output_tokens"} {
		if v := f.num(k); v != nil {
			w[k] = numText(*v)
		}
	}
	if model != "" {
		w["model"] = model
	}
	return w
}

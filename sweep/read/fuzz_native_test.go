package read

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kneetool/knee/fixtures"
)

// The native readers, like the others, turn any bytes into a sweep or an
// *inputerr.Error (checkResult): never a panic, never a NaN.

func seedGlob(f *testing.F, pattern string) {
	paths, err := filepath.Glob(fixtures.Path(pattern))
	if err != nil || len(paths) == 0 {
		f.Fatalf("no fixture matches %s", pattern)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

func FuzzVLLM(f *testing.F) {
	seedGlob(f, "sweeps/aiportfoliorhea-mistral7b-a10-vllm-native/*concurrency64*.json")
	f.Add([]byte(`{"request_rate": Infinity, "max_concurrency": 4, "output_throughput": 1, "mean_ttft_ms": 1}`))
	f.Add([]byte(`{"request_rate": 2, "output_throughput": 1, "request_throughput": 1, "mean_ttft_ms": 1, "mean_e2el_ms": 5, "p99.9_ttft_ms": 3}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readVLLMFile("r.json", b, Options{})
		checkResult(t, s, err)
	})
}

func FuzzSGLang(f *testing.F) {
	seed(f, "sweeps/datacrunch-sglang-llama33-70b-4xh200-rate.jsonl")
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readSGLangFile("r.jsonl", b, Options{})
		checkResult(t, s, err)
		if err == nil {
			s, err = selectWorkload("r.jsonl", s, Options{Workload: "random"})
			checkResult(t, s, err)
		}
	})
}

func FuzzGuideLLM(f *testing.F) {
	seed(f, "guidellm/llm-d-benchmark-mock-constant-2-4/benchmarks.json")
	f.Add([]byte("benchmarks:\n- config: {strategy: {type_: concurrent, streams: 4}}\n  metrics:\n    output_tokens_per_second: {successful: {mean: 10}}\n    time_to_first_token_ms: {successful: {mean: 5, percentiles: {p99: 9}}}\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readGuideLLMFile("benchmarks.json", b, Options{})
		checkResult(t, s, err)
	})
}

func FuzzLLMPerf(f *testing.F) {
	seedGlob(f, "llmperf/yi-1.5-34b-4xa10g-vllm/result_01-ai_Yi-1.5-34B-Chat_16/*_summary.json")
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readLLMPerfFile("x_summary.json", b, Options{})
		checkResult(t, s, err)
	})
}

func FuzzLLMD(f *testing.F) {
	seed(f, "llm-d/br_v0_1_example.yaml")
	seed(f, "llm-d/br_v0_2_example.yaml")
	seed(f, "llm-d/br_v0_2_1_example.yaml")
	f.Add([]byte(llmdV02Doc("1", "2", ".inf")))
	f.Add([]byte(`{"version": "0.2", "run": {"time": {"duration": "PT9S"}}, "scenario": {"load": {"standardized": {"rate_qps": "Infinity", "concurrency": 4}}}, "results": {"request_performance": {"aggregate": {"requests": {"total": 3, "failures": 1}, "throughput": {"output_token_rate": {"units": "tokens/s", "mean": 1}}}}}}`))
	f.Add([]byte(`{"version": "0.1", "scenario": {"model": {"name": "m"}, "load": {"name": "x", "args": {"max_concurrency": 8}}}, "metrics": {"throughput": {"output_tokens_per_sec": 10}, "latency": {"time_to_first_token": {"units": "s", "mean": 1}}}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readLLMDFile("r.yaml", b, Options{})
		checkResult(t, s, err)
	})
}

func FuzzGenAIPerf(f *testing.F) {
	seed(f, "genai-perf/schema-sample-concurrency10/profile_export_genai_perf.json")
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readGenAIPerfFile("profile_export_genai_perf.json", b, Options{})
		checkResult(t, s, err)
	})
}

// The CSV reader is fuzzed under a genai-perf artifact folder name, so that
// inputs get past the concurrency and reach the point checks.
func FuzzGenAIPerfCSV(f *testing.F) {
	seed(f, "genai-perf/perf-analyzer-issue393-openai-chat-concurrency144/profile_export_genai_perf.csv")
	f.Add([]byte("Metric,avg,min,max,p99,p95,p90,p75,p50,p25,p10,p5,p1\r\nTime To First Token (ns),\"1,000.00\",1,2,3,4,5,6,7,8,9,10,11\r\nRequest Latency (s),1,N/A,2,2,2,2,2,2,2,2,2,2\r\n\r\nMetric,Value\r\nOutput Token Throughput (tokens/sec),5\r\nRequest Throughput (per sec),1\r\nRequest Count (count),3.00\r\n\r\nMetric,GPU,Value\r\nGpu Power Limit (W),gpu0,1\r\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, dir := range []string{"m-openai-chat-concurrency8", "m-openai-chat-request_rate2.5"} {
			s, err := readGenAIPerfCSVFile(filepath.Join("artifacts", dir, "profile_export_genai_perf.csv"), b, Options{})
			checkResult(t, s, err)
		}
		_ = sniffGenAIPerfCSV("x.csv", b, nil)
	})
}

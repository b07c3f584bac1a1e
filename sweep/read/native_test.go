package read

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
)

// The eight real `vllm bench serve --save-result` files read as one sweep,
// one point per file sorted by concurrency, with the numbers the files show.
func TestVLLMFolderReadsEveryFileAsOneSweep(t *testing.T) {
	s, err := File(fixtures.Path("sweeps/aiportfoliorhea-mistral7b-a10-vllm-native"), Options{Meta: Meta{GPUs: 1}})
	require.NoError(t, err)
	require.Equal(t, "vllm-bench-serve", s.Harness)
	require.Equal(t, "mistralai/Mistral-7B-v0.3", s.Model)
	require.Len(t, s.Points, 8)
	for i, c := range []float64{1, 2, 4, 8, 16, 32, 64, 128} {
		require.Equal(t, c, s.Points[i].Concurrency)
		require.False(t, s.Points[i].Derived)
		require.Nil(t, s.Points[i].RequestedRate, "request_rate inf is a closed loop")
	}
	p := s.Points[6] // c=64
	require.InDelta(t, 616.0109483015843, p.ThroughputTokS, 1e-9)
	require.InDelta(t, 3810.244306750043, *p.TTFT.P95, 1e-9)
	require.InDelta(t, 7094.271121369857, *p.TTFT.P99, 1e-9)
	require.InDelta(t, 1442.5784925001608, *p.TTFT.P50, 1e-9)
	require.InDelta(t, 1094.601344604337, *p.TTFT.Std, 1e-9)
	require.InDelta(t, 92.86374121653554, *p.ITL.P50, 1e-9, "ITL is TPOT")
	require.InDelta(t, 46.22681199998624, *p.ITLChunks.P50, 1e-9, "vLLM's itl kept as chunk gaps")
	require.InDelta(t, 13263.406932304684, *p.E2E.Mean, 1e-9)
	require.Equal(t, 640, *p.Requests)
	require.Equal(t, 0, *p.Failures)
	require.InDelta(t, 512, *p.InputTokensMean, 1e-9)
	require.InDelta(t, 128, *p.OutputTokensMean, 1e-9)
	// Little's law over the run, not the momentary peak (79).
	require.InDelta(t, 4.812585533606128*13263.406932304684/1000, *p.AchievedConcurrency, 1e-9)
	require.Equal(t, map[string]string{"model": "mistralai/Mistral-7B-v0.3"}, p.Workload)
}

// Fewer prompts than slots: the configured concurrency was never reached.
func TestVLLMFewerPromptsThanConcurrencyIsNotAchieved(t *testing.T) {
	b := []byte(`{"model_id": "m", "num_prompts": 100, "request_rate": "inf", "max_concurrency": 128, "completed": 100, "failed": 0,
	 "output_throughput": 500, "request_throughput": 4, "mean_ttft_ms": 10, "p99_ttft_ms": 20, "mean_e2el_ms": 1000}`)
	s, err := Data("r.json", b, Options{})
	require.NoError(t, err)
	require.Equal(t, 128.0, s.Points[0].Concurrency)
	require.InDelta(t, 4, *s.Points[0].AchievedConcurrency, 1e-9, "Little's law (4 req/s × 1 s) is below the 100 prompts")
	b2 := []byte(`{"num_prompts": 100, "request_rate": "inf", "max_concurrency": 128, "completed": 100,
	 "output_throughput": 500, "mean_ttft_ms": 10, "p99_ttft_ms": 20}`)
	s, err = Data("r.json", b2, Options{})
	require.NoError(t, err)
	require.Equal(t, 100.0, *s.Points[0].AchievedConcurrency)
}

// An open-loop vLLM run keeps its offered rate and derives its concurrency;
// an old benchmark_serving.py file's bare Infinity is a closed loop.
func TestVLLMRequestRates(t *testing.T) {
	b := []byte(`{"request_rate": 8, "completed": 100, "output_throughput": 500, "request_throughput": 7.5,
	 "mean_ttft_ms": 10, "p99_ttft_ms": 20, "mean_e2el_ms": 2000, "p99.9_ttft_ms": 30, "p25_ttft_ms": 9}`)
	s, err := Data("r.json", b, Options{})
	require.NoError(t, err)
	p := s.Points[0]
	require.Equal(t, 8.0, *p.RequestedRate)
	require.True(t, p.Derived)
	require.InDelta(t, 15, p.Concurrency, 1e-9)
	require.Equal(t, 30.0, *p.TTFT.P999)
	require.Equal(t, 9.0, *p.TTFT.P25)

	old := []byte(`{"backend": "vllm", "request_rate": Infinity, "max_concurrency": 4, "completed": 10, "output_throughput": 50,
	 "mean_ttft_ms": 10, "median_ttft_ms": 9, "p99_ttft_ms": 20}`)
	s, err = Data("old.json", old, Options{})
	require.NoError(t, err)
	require.Equal(t, 4.0, s.Points[0].Concurrency)
	require.Nil(t, s.Points[0].RequestedRate)

	_, err = Data("r.json", []byte(`{"request_rate": "inf", "output_throughput": 5, "mean_ttft_ms": 1}`), Options{})
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.Equal(t, "max_concurrency", in.Field)
}

// request_rate inf with no --max-concurrency: vLLM's benchmark sends all
// num_prompts at once, the level; Little's law over the run (request rate
// × mean E2E, here by tokens: 100 + 10 × 99 ms) is what was sustained.
func TestVLLMBurstIsNumPromptsInFlight(t *testing.T) {
	b := []byte(`{"num_prompts": 900, "request_rate": "inf", "max_concurrency": null, "completed": 900, "request_throughput": 30,
	 "total_output_tokens": 90000, "output_throughput": 3000, "mean_ttft_ms": 100, "mean_tpot_ms": 10}`)
	s, err := Data("burst.json", b, Options{})
	require.NoError(t, err)
	p := s.Points[0]
	require.Equal(t, 900.0, p.Concurrency)
	require.False(t, p.Derived)
	require.Nil(t, p.RequestedRate)
	require.InDelta(t, 30*1.09, *p.AchievedConcurrency, 1e-9)
	require.Len(t, s.Notes, 1)
	require.Contains(t, s.Notes[0], "sends all 900 prompts at once")
	require.Contains(t, s.Notes[0], "32.7 were in flight on average")
}

// The real SGLang JSONL holds two workloads: refused with exit 2 naming
// dataset_name and both datasets, read with --workload.
func TestSGLangWorkloadsAreNeverMerged(t *testing.T) {
	path := fixtures.Path("sweeps/datacrunch-sglang-llama33-70b-4xh200-rate.jsonl")
	_, err := File(path, Options{Meta: Meta{GPUs: 4}})
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.Equal(t, "dataset_name", in.Field)
	require.Contains(t, err.Error(), "random: 5 points")
	require.Contains(t, err.Error(), "sharegpt: 2 points")
	require.Contains(t, err.Error(), "--workload random")

	for _, sel := range []string{"random", "dataset_name=random"} {
		s, err := File(path, Options{Meta: Meta{GPUs: 4}, Workload: sel})
		require.NoError(t, err)
		require.Len(t, s.Points, 5)
		for i, r := range []float64{1, 2, 4, 8, 16} {
			p := s.Points[i]
			require.Equal(t, r, *p.RequestedRate)
			require.True(t, p.Derived)
			require.Equal(t, "random", p.Workload["dataset_name"])
		}
		require.Contains(t, s.Notes[len(s.Notes)-1], "workload dataset_name=random")
	}
	s, err := File(path, Options{Meta: Meta{GPUs: 4}, Workload: "random"})
	require.NoError(t, err)
	p := s.Points[2] // 4 req/s
	require.InDelta(t, 2047.9108281108272, p.ThroughputTokS, 1e-9)
	require.InDelta(t, 106.06311704032123, *p.TTFT.P50, 1e-9)
	require.InDelta(t, 19.419891061261296, *p.ITL.P50, 1e-9)
	require.InDelta(t, 12896.330808075727, *p.E2E.Mean, 1e-9)
	require.Equal(t, 1200, *p.Requests)
	// Little's law: completed/duration × mean E2E.
	require.InDelta(t, 1200/296.8566754250787*12.896330808075727, p.Concurrency, 1e-9)

	s, err = File(path, Options{Workload: "sharegpt"})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	_, err = File(path, Options{Workload: "nope"})
	require.ErrorAs(t, err, &in)
	require.Equal(t, "--workload", in.Field)
}

// The real llmperf summaries (ray-project/llmperf, Yi-1.5-34B on 4×A10G, vLLM):
// one point per summary, seconds converted to ms.
func TestLLMPerfFolder(t *testing.T) {
	s, err := File(fixtures.Path("llmperf/yi-1.5-34b-4xa10g-vllm"), Options{Meta: Meta{GPUs: 4}})
	require.NoError(t, err)
	require.Equal(t, "llmperf", s.Harness)
	require.Equal(t, "01-ai/Yi-1.5-34B-Chat", s.Model)
	require.Len(t, s.Points, 7)
	p := s.Points[4]
	require.Equal(t, 16.0, p.Concurrency)
	require.InDelta(t, 124.29275563556878, p.ThroughputTokS, 1e-9)
	require.InDelta(t, 7938.0509024299135, *p.TTFT.P99, 1e-6)
	require.InDelta(t, 6561.932362000334, *p.TTFT.P50, 1e-6)
	require.InDelta(t, 3190.790556500815, *p.TTFT.P25, 1e-6)
	require.InDelta(t, 113.50145435953386, *p.ITL.Mean, 1e-6)
	require.InDelta(t, 18069.60619555345, *p.E2E.Mean, 1e-6)
	require.Equal(t, 112, *p.Requests)
	require.Equal(t, 0, *p.Failures)
	require.Equal(t, "550", p.Workload["mean_input_tokens"])
}

// guidellm's real v2 report (llm-d-benchmark's test fixture, a constant-rate
// profile at 2 and 4 req/s against a mock server): open-loop points.
func TestGuideLLMReport(t *testing.T) {
	s, err := File(fixtures.Path("guidellm/llm-d-benchmark-mock-constant-2-4/benchmarks.json"), Options{})
	require.NoError(t, err)
	require.Equal(t, "guidellm", s.Harness)
	require.Equal(t, "0.8.0.dev18", s.HarnessVersion)
	require.Len(t, s.Points, 2)
	p := s.Points[0]
	require.Equal(t, 2.0, *p.RequestedRate)
	require.True(t, p.Derived)
	require.InDelta(t, 3.1950675815128577, p.ThroughputTokS, 1e-12)
	require.InDelta(t, 11.686325073242188, *p.TTFT.P99, 1e-12)
	require.InDelta(t, 11.276006698608398, *p.TTFT.P50, 1e-12)
	require.InDelta(t, 1.1508464813232422, *p.ITL.Mean, 1e-12, "inter_token_latency preferred")
	require.InDelta(t, 19.78909969329834, *p.E2E.Mean, 1e-9, "request_latency seconds → ms")
	require.Equal(t, 2, *p.Requests)
	require.Equal(t, 4.0, *s.Points[1].RequestedRate)
}

// llm-d-benchmark's own v0.1 example report (not a measurement): units are
// honoured and a run with no concurrency argument is derived.
func TestLLMDReport(t *testing.T) {
	s, err := File(fixtures.Path("llm-d/br_v0_1_example.yaml"), Options{})
	require.NoError(t, err)
	require.Equal(t, "llm-d-benchmark", s.Harness)
	p := s.Points[0]
	require.InDelta(t, 32.544923821416, p.ThroughputTokS, 1e-12)
	require.InDelta(t, 0.203539535985328, *p.TTFT.P50, 1e-12)
	require.InDelta(t, 0.0611870964678625, *p.ITL.P50, 1e-12)
	require.Equal(t, 32-0, *p.Requests)
	require.True(t, p.Derived)

	_, err = Data("r.yaml", []byte("version: '0.1'\nscenario:\n  model: {name: m}\n  load: {name: x, args: {max_concurrency: 8}}\nmetrics:\n  throughput: {output_tokens_per_sec: 10}\n  latency:\n    time_to_first_token: {mean: 1}\n"), Options{})
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.Equal(t, "metrics.latency.time_to_first_token.units", in.Field)

	s, err = Data("r.yaml", []byte("version: '0.1'\nscenario:\n  model: {name: m}\n  load: {name: x, args: {max_concurrency: 8}}\nmetrics:\n  throughput: {output_tokens_per_sec: 10}\n  latency:\n    time_to_first_token: {units: s, mean: 1, p99: 2}\n"), Options{})
	require.NoError(t, err)
	require.Equal(t, 8.0, s.Points[0].Concurrency)
	require.Equal(t, 2000.0, *s.Points[0].TTFT.P99)
}

// genai-perf's export (written from its exporter's schema) is told apart from
// AIPerf's by input_config, and read with every unit honoured.
func TestGenAIPerfExport(t *testing.T) {
	path := fixtures.Path("genai-perf/schema-sample-concurrency10/profile_export_genai_perf.json")
	s, err := File(path, Options{})
	require.NoError(t, err)
	require.Equal(t, "genai-perf", s.Harness)
	p := s.Points[0]
	require.Equal(t, 10.0, p.Concurrency)
	require.Equal(t, 261.25, p.ThroughputTokS)
	require.Equal(t, 3457.97, *p.TTFT.P99)
	require.Equal(t, "3000", p.Workload["synthetic_input_tokens_mean"])
	s, err = File(fixtures.Path("genai-perf/schema-sample-concurrency10"), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
}

// Every format in the table is reachable by --format and listed in help.
func TestFormatTable(t *testing.T) {
	require.Equal(t, len(formats), len(Formats))
	help := FormatHelp()
	for _, f := range formats {
		require.Contains(t, help, f.name)
		require.NotNil(t, f.sniff, f.name)
		require.True(t, f.readFile != nil || f.readDir != nil, f.name)
		require.Equal(t, f.sniffDir == nil, f.readDir == nil, f.name)
	}
}

// Workloads are never merged across inputs either: one file per dataset
// (here the real SGLang rows, one per file) is refused as a mix naming both,
// and --workload with an input that does not hold it names that input.
func TestWorkloadsAreNeverMergedAcrossInputs(t *testing.T) {
	data, err := os.ReadFile(fixtures.Path("sweeps/datacrunch-sglang-llama33-70b-4xh200-rate.jsonl"))
	require.NoError(t, err)
	var random, sharegpt string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		switch {
		case random == "" && strings.Contains(l, `"dataset_name": "random"`):
			random = l
		case sharegpt == "" && strings.Contains(l, `"dataset_name": "sharegpt"`):
			sharegpt = l
		}
	}
	require.NotEmpty(t, random)
	require.NotEmpty(t, sharegpt)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "random.jsonl"), filepath.Join(dir, "sharegpt.jsonl")
	require.NoError(t, os.WriteFile(a, []byte(random+"\n"), 0o644))
	require.NoError(t, os.WriteFile(b, []byte(sharegpt+"\n"), 0o644))

	_, err = Load([]string{a, b}, Options{Meta: Meta{GPUs: 4}})
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.Contains(t, err.Error(), "random")
	require.Contains(t, err.Error(), "sharegpt")
	require.Contains(t, err.Error(), "--workload")

	_, err = Load([]string{a, b}, Options{Meta: Meta{GPUs: 4}, Workload: "random"})
	require.ErrorAs(t, err, &in)
	require.Equal(t, b, in.File)
	require.Contains(t, err.Error(), `no workload matches "random"`)
}

// A results file of several lines keeps what each line's reading derived.
func TestVLLMLinesKeepTheirNotes(t *testing.T) {
	b := []byte(`{"num_prompts": 300, "request_rate": 10, "completed": 300, "request_throughput": 9, "total_output_tokens": 30000, "output_throughput": 900, "mean_ttft_ms": 50, "mean_tpot_ms": 10}
{"num_prompts": 900, "request_rate": "inf", "max_concurrency": null, "completed": 900, "request_throughput": 30, "total_output_tokens": 90000, "output_throughput": 3000, "mean_ttft_ms": 100, "mean_tpot_ms": 10}
`)
	s, err := Data("results.json", b, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	all := strings.Join(s.Notes, "\n")
	require.Contains(t, all, "no mean E2E in the result")
	require.Contains(t, all, "sends all 900 prompts at once")
}

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

// llm-d-benchmark's own v0.2 example report (written from the schema, not
// a measurement; fixtures/llm-d/SOURCES.md): every number checked against
// the file by hand.
func TestLLMDReportV02Example(t *testing.T) {
	for _, rel := range []string{"llm-d/br_v0_2_example.yaml", "llm-d/br_v0_2_1_example.yaml"} {
		t.Run(rel, func(t *testing.T) {
			data, err := os.ReadFile(fixtures.Path(rel))
			require.NoError(t, err)
			f, err := Detect(rel, data)
			require.NoError(t, err)
			require.Equal(t, FormatLLMD, f)

			s, err := File(fixtures.Path(rel), Options{})
			require.NoError(t, err)
			require.Equal(t, "llm-d-benchmark", s.Harness)
			require.Equal(t, "via inference-perf 0.3.0", s.HarnessVersion)
			require.Equal(t, "Qwen/Qwen3-0.6B", s.Model, "the inference engine's model, not the router's")
			require.Len(t, s.Points, 1)
			p := s.Points[0]
			// output_token_rate {units: tokens/s, mean: 2262.448}
			require.Equal(t, 2262.448, p.ThroughputTokS)
			require.Equal(t, 2262.448, *p.RequestRate)
			// time_to_first_token in s: p50 0.03622930939309299, p99 0.05029489721637218
			require.InDelta(t, 36.22930939309299, *p.TTFT.P50, 1e-9)
			require.InDelta(t, 50.29489721637218, *p.TTFT.P99, 1e-9)
			require.InDelta(t, 57.014757215045425, *p.TTFT.P999, 1e-9, "p99p9")
			// time_per_output_token {units: s/token, mean: 0.0368578234128654}
			require.InDelta(t, 36.8578234128654, *p.ITL.Mean, 1e-9)
			require.InDelta(t, 36.8578234128654, *p.E2E.Mean, 1e-9)
			// rate_qps 10 with concurrency .inf: an open loop, by Little's law
			require.Equal(t, 10.0, *p.RequestedRate)
			require.True(t, p.Derived)
			require.InDelta(t, 2262.448*0.0368578234128654, p.Concurrency, 1e-9)
			require.Equal(t, 500, *p.Requests)
			require.Equal(t, 0, *p.Failures)
			require.InDelta(t, 49.97206788184121, *p.DurationS, 1e-12, "run.time.duration PT49.97206788184121S")
			require.InDelta(t, 2262.448, *p.InputTokensMean, 1e-12)
			require.Equal(t, map[string]string{"model": "Qwen/Qwen3-0.6B", "load.input_seq_len": "2148",
				"load.output_seq_len": "gaussian(1000,sd=100)", "load.prefix_len": "1000", "load.source": "sampled"}, p.Workload)
			require.Contains(t, p.Source, ", stage 3)")
		})
	}
}

// The v0.1 example still reads through the v0.1 path.
func TestLLMDReportV01StillV01(t *testing.T) {
	s, err := File(fixtures.Path("llm-d/br_v0_1_example.yaml"), Options{})
	require.NoError(t, err)
	require.NotContains(t, s.Points[0].Source, "report v0.2")
	require.Equal(t, "via inference-perf", s.HarnessVersion)
	// A v0.1 file is never taken for v0.2, nor the reverse.
	data, err := os.ReadFile(fixtures.Path("llm-d/br_v0_1_example.yaml"))
	require.NoError(t, err)
	require.False(t, isLLMDV02(data, nil))
	data, err = os.ReadFile(fixtures.Path("llm-d/br_v0_2_example.yaml"))
	require.NoError(t, err)
	require.False(t, isLLMDV01(data, nil))
}

const llmdV02Minimal = `version: '0.2'
run:
  uid: x
  time: {duration: PT60S}
scenario:
  stack:
  - standardized: {kind: inference_engine, tool: vllm, tool_version: '1', model: {name: m}}
  load:
    standardized:
      tool: inference-perf
      tool_version: 0.7.0
      stage: STAGE
      source: random
      input_seq_len: {distribution: fixed, value: 1000}
      rate_qps: RATE
      concurrency: CONC
results:
  request_performance:
    aggregate:
      requests: {total: 120, failures: 2}
      latency:
        time_to_first_token: {units: ms, mean: 50, p99: 90}
        time_per_output_token: {units: s/token, mean: 0.02}
        request_latency: {units: s, mean: 4}
      throughput:
        output_token_rate: {units: tokens/s, mean: 500}
        request_rate: {units: queries/s, mean: 2}
`

func llmdV02Doc(stage, rate, conc string) string {
	return strings.NewReplacer("STAGE", stage, "RATE", rate, "CONC", conc).Replace(llmdV02Minimal)
}

func TestLLMDReportV02Load(t *testing.T) {
	// A concurrency alone: a closed loop.
	s, err := Data("r.yaml", []byte(llmdV02Doc("0", "null", "8")), Options{})
	require.NoError(t, err)
	p := s.Points[0]
	require.Equal(t, 8.0, p.Concurrency)
	require.False(t, p.Derived)
	require.Nil(t, p.RequestedRate)
	require.Equal(t, 8.0, *p.AchievedConcurrency, "2 req/s × 4 s")
	require.Equal(t, 118, *p.Requests)
	require.Equal(t, 2, *p.Failures)
	require.Equal(t, 20.0, *p.ITL.Mean, "s/token → ms")
	require.Equal(t, 60.0, *p.DurationS)

	// An unbounded rate (vllm-benchmark's request_rate inf) with a concurrency: closed.
	s, err = Data("r.yaml", []byte(llmdV02Doc("0", ".inf", "16")), Options{})
	require.NoError(t, err)
	require.Equal(t, 16.0, s.Points[0].Concurrency)
	require.Nil(t, s.Points[0].RequestedRate)

	// A rate beside a concurrency only caps it: open loop.
	s, err = Data("r.yaml", []byte(llmdV02Doc("0", "2.5", "100")), Options{})
	require.NoError(t, err)
	require.Equal(t, 2.5, *s.Points[0].RequestedRate)
	require.True(t, s.Points[0].Derived)
	require.Equal(t, 8.0, s.Points[0].Concurrency)

	// --format llm-d on a report of v0.2's shape with no version reads it as v0.2.
	noVersion := strings.Replace(llmdV02Doc("0", "null", "8"), "version: '0.2'\n", "", 1)
	_, err = Detect("r.yaml", []byte(noVersion))
	require.Error(t, err)
	s, err = Data("r.yaml", []byte(noVersion), Options{Format: FormatLLMD})
	require.NoError(t, err)
	require.Equal(t, 8.0, s.Points[0].Concurrency)

	// JSON, as pydantic writes it (an unbounded concurrency is null there).
	js := `{"version": "0.2", "run": {"uid": "x"}, "scenario": {"load": {"standardized": {"tool": "vllm-benchmark", "tool_version": "0.11", "rate_qps": 4, "concurrency": null}}},
	"results": {"request_performance": {"aggregate": {"latency": {"request_latency": {"units": "ms", "mean": 1500}},
	"throughput": {"output_token_rate": {"units": "tokens/s", "mean": 300}, "request_rate": {"units": "queries/s", "mean": 3.9}}}}}}`
	f, err := Detect("r.json", []byte(js))
	require.NoError(t, err)
	require.Equal(t, FormatLLMD, f)
	s, err = Data("r.json", []byte(js), Options{})
	require.NoError(t, err)
	require.Equal(t, 4.0, *s.Points[0].RequestedRate)
	require.InDelta(t, 3.9*1.5, s.Points[0].Concurrency, 1e-12)
	require.Equal(t, "via vllm-benchmark 0.11", s.HarnessVersion)
}

// One report per inference-perf stage, in a folder beside the v0.1 reports
// llm-d-benchmark writes for the same stages: the stages are one curve, and
// the v0.1 siblings are left out (said in a note), never counted twice.
func TestLLMDReportV02Folder(t *testing.T) {
	dir := t.TempDir()
	v01, err := os.ReadFile(fixtures.Path("llm-d/br_v0_1_example.yaml"))
	require.NoError(t, err)
	for i, rate := range []string{"1", "2", "4"} {
		stage := string(rune('0' + i))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "benchmark_report_v0.2,_stage_"+stage+"_lifecycle_metrics.json.yaml"), []byte(llmdV02Doc(stage, rate, ".inf")), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "benchmark_report,_stage_"+stage+"_lifecycle_metrics.json.yaml"), v01, 0o644))
	}
	s, err := Load([]string{dir}, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4.0, *s.Points[2].RequestedRate)
	require.Contains(t, strings.Join(s.Notes, "\n"), "3 v0.1 reports")

	// A folder of v0.1 reports alone still reads them.
	dir = t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "benchmark_report,_x.yaml"), v01, 0o644))
	s, err = Load([]string{dir}, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
}

// Bad input is an *inputerr.Error (exit 2) naming the field.
func TestLLMDReportV02BadInput(t *testing.T) {
	const agg = "results.request_performance.aggregate."
	doc := llmdV02Doc("0", "2", ".inf")
	for _, c := range []struct {
		name, old, new, field string
	}{
		{"no throughput", "        output_token_rate: {units: tokens/s, mean: 500}\n", "", agg + "throughput.output_token_rate"},
		{"no throughput mean", "output_token_rate: {units: tokens/s, mean: 500}", "output_token_rate: {units: tokens/s, p50: 500}", agg + "throughput.output_token_rate.mean"},
		{"throughput units missing", "output_token_rate: {units: tokens/s, mean: 500}", "output_token_rate: {mean: 500}", agg + "throughput.output_token_rate.units"},
		{"throughput units wrong", "output_token_rate: {units: tokens/s, mean: 500}", "output_token_rate: {units: queries/s, mean: 500}", agg + "throughput.output_token_rate.units"},
		{"throughput a string", "output_token_rate: {units: tokens/s, mean: 500}", "output_token_rate:\n          units: tokens/s\n          mean: fast", agg + "throughput.output_token_rate.mean"},
		// A flow mapping on one line is named to its key.
		{"throughput a string, flow", "output_token_rate: {units: tokens/s, mean: 500}", "output_token_rate: {units: tokens/s, mean: fast}", agg + "throughput.output_token_rate"},
		{"throughput negative", "output_token_rate: {units: tokens/s, mean: 500}", "output_token_rate: {units: tokens/s, mean: -5}", agg + "throughput.output_token_rate.mean"},
		{"ttft per token", "time_to_first_token: {units: ms, mean: 50, p99: 90}", "time_to_first_token: {units: ms/token, mean: 50}", agg + "latency.time_to_first_token.units"},
		{"tpot in s", "time_per_output_token: {units: s/token, mean: 0.02}", "time_per_output_token: {units: s, mean: 0.02}", agg + "latency.time_per_output_token.units"},
		{"ttft no units", "time_to_first_token: {units: ms, mean: 50, p99: 90}", "time_to_first_token: {mean: 50}", agg + "latency.time_to_first_token.units"},
		{"ttft a list", "time_to_first_token: {units: ms, mean: 50, p99: 90}", "time_to_first_token:\n          units: ms\n          mean: [50]", agg + "latency.time_to_first_token.mean"},
		{"requests a string", "requests: {total: 120, failures: 2}", "requests: many", agg + "requests"},
		{"failures over total", "{total: 120, failures: 2}", "{total: 1, failures: 2}", agg + "requests.total"},
		{"failures fractional", "{total: 120, failures: 2}", "{total: 120, failures: 2.5}", agg + "requests.failures"},
		{"rate zero", "rate_qps: 2", "rate_qps: 0", "scenario.load.standardized.rate_qps"},
		{"rate a word", "rate_qps: 2", "rate_qps: fast", "scenario.load.standardized.rate_qps"},
		{"concurrency fractional", "rate_qps: 2\n      concurrency: .inf", "rate_qps: null\n      concurrency: 2.5", "scenario.load.standardized.concurrency"},
		{"no achieved rate for Little's law", "        request_rate: {units: queries/s, mean: 2}\n", "", agg + "throughput.request_rate"},
		{"no latency for Little's law", "        request_latency: {units: s, mean: 4}\n", "", agg + "latency.request_latency"},
		{"duration not ISO", "duration: PT60S", "duration: 60 seconds", "run.time.duration"},
		{"stage fractional", "stage: 0", "stage: 1.5", "scenario.load.standardized.stage"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := strings.Replace(doc, c.old, c.new, 1)
			require.NotEqual(t, doc, bad)
			_, err := Data("r.yaml", []byte(bad), Options{})
			var in *inputerr.Error
			require.ErrorAs(t, err, &in)
			require.Equal(t, c.field, in.Field, err.Error())
		})
	}
	// JSON names the field of a wrong type too.
	js := `{"version": "0.2", "run": {}, "results": {"request_performance": {"aggregate": {"requests": {"total": "many"}, "throughput": {"output_token_rate": {"units": "tokens/s", "mean": 1}}}}}}`
	_, err := Data("r.json", []byte(js), Options{})
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.Equal(t, agg+"requests.total", in.Field)
}

func TestISODuration(t *testing.T) {
	for s, want := range map[string]float64{"PT49.97206788184121S": 49.97206788184121, "PT72S": 72, "PT1M30S": 90, "P1DT1H": 90000, "pt2h": 7200} {
		got, ok := isoDuration(s)
		require.True(t, ok, s)
		require.InDelta(t, want, got, 1e-9, s)
	}
	for _, s := range []string{"", "P", "PT", "72", "PT-1S", "P1M", "PT1..2S", "PT1S5"} {
		_, ok := isoDuration(s)
		require.False(t, ok, s)
	}
}

func TestYAMLPathAt(t *testing.T) {
	doc := "version: '0.2'\nscenario:\n  stack:\n  - metadata:\n      label: a\n    standardized:\n      kind: x\n# a comment\nresults:\n  request_performance:\n    aggregate:\n      latency:\n        time_to_first_token:\n          units: s\n          mean: fast\n"
	for line, want := range map[int]string{1: "version", 5: "scenario.stack.metadata.label", 7: "scenario.stack.standardized.kind",
		8: "", 15: "results.request_performance.aggregate.latency.time_to_first_token.mean", 0: "", 99: ""} {
		require.Equal(t, want, yamlPathAt([]byte(doc), line), "line %d", line)
	}
}

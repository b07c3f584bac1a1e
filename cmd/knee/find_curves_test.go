package main

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// findCurvesJSON is `knee find -o json` on an input of several curves whose
// answers differ (docs/DESIGN.md): each curve's summary and analysis.
type findCurvesJSON struct {
	Why    string `json:"why"`
	Curves []struct {
		Series  string `json:"series"`
		Summary struct {
			Series     string   `json:"series"`
			PerGPU     *float64 `json:"per_gpu"`
			Unverified bool     `json:"unverified"`
		} `json:"summary"`
		Result findJSON `json:"result"`
	} `json:"curves"`
	SetAside []struct {
		Series string `json:"series"`
		Why    string `json:"why"`
	} `json:"set_aside"`
}

// A real summary CSV (fixtures/corpus, a GTX 1650 Super running llama.cpp,
// Ollama and vLLM): three runtimes' concurrency sweeps and six one-level
// prompt-length probes. Which runtime is the answer is no question knee
// can settle, so find answers each sweep and sets the probes aside.
func TestFindAnswersEachCurveOfATableWhoseCurvesDiffer(t *testing.T) {
	p := fixtures.Path("corpus/p-gtx1650s-llamacpp-ollama-vllm-qwen3-06b-summary-csv-runtime-series-scenario-rows/table.csv")
	code, out, errs := runKneeCLI(t, "find", p, "-o", "json")
	require.Equal(t, 0, code, errs)
	var r findCurvesJSON
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	require.Contains(t, r.Why, "--series")
	require.Len(t, r.Curves, 3)
	want := []struct {
		series     string
		at         float64
		unverified bool
		levels     int
	}{
		{"llamacpp / concurrency_sweep / short", 1, true, 5},
		{"ollama / concurrency_sweep / short", 4, false, 5},
		{"vllm / concurrency_sweep / short", 8, false, 5},
	}
	for i, w := range want {
		c := r.Curves[i]
		require.Equal(t, w.series, c.Series)
		require.Equal(t, w.series, c.Summary.Series)
		require.Equal(t, w.at, *c.Summary.PerGPU, w.series)
		require.Equal(t, w.unverified, c.Summary.Unverified, w.series)
		require.Len(t, c.Result.Points, w.levels, w.series)
	}
	// vLLM's curve as read: 8 in flight gave 38.67 tok/s (table.csv row 17).
	require.InDelta(t, 38.6718, r.Curves[2].Result.Points[2].ThroughputTokS, 1e-3)
	require.Len(t, r.SetAside, 6)
	require.Equal(t, "llamacpp / prompt_length / long", r.SetAside[0].Series)
	require.Contains(t, r.SetAside[0].Why, "1 level(s)")

	// One curve picked reads as always: one result, no curves.
	code, out, errs = runKneeCLI(t, "find", p, "--series", want[1].series, "-o", "json")
	require.Equal(t, 0, code, errs)
	var one findJSON
	require.NoError(t, json.Unmarshal([]byte(out), &one))
	require.Len(t, one.Points, 5)
	require.Equal(t, 4.0, *one.RecommendedPerGPU)

	// Commands that need one sweep still refuse, naming the flag.
	for _, args := range [][]string{{"import", p}, {"baseline", p}, {"plot", p, "-o", t.TempDir() + "/curves.svg"}} {
		code, _, errs = runKneeCLI(t, args...)
		require.Equal(t, exitUsage, code, args[0])
		require.Contains(t, errs, `--series "llamacpp / concurrency_sweep`, args[0])
	}
}

// A sweep with a "key operating points" table under it (a real TPU v7x
// README in fixtures/corpus): the second table restates three of the
// sweep's levels, rounded, so find answers the sweep alone.
func TestFindSetsAsideATableThatRestatesTheSweep(t *testing.T) {
	p := fixtures.Path("corpus/n-tpu-v7x-vllm-tpu-inference-glm51-per-chip-column-bold-last-row-ttft-s/table.md")
	code, out, errs := runKneeCLI(t, "find", p, "-o", "json")
	require.Equal(t, 0, code, errs)
	var r findCurvesJSON
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	require.Len(t, r.Curves, 1)
	require.Equal(t, "line 5", r.Curves[0].Series)
	require.Len(t, r.Curves[0].Result.Points, 6)
	require.Len(t, r.SetAside, 1)
	require.Equal(t, "Key operating points:", r.SetAside[0].Series)
	require.Contains(t, r.SetAside[0].Why, "restates")
}

// compare lines up every curve of such a table as its own row.
func TestCompareGivesARowPerCurve(t *testing.T) {
	p := fixtures.Path("corpus/p-gtx1650s-llamacpp-ollama-vllm-qwen3-06b-summary-csv-runtime-series-scenario-rows/table.csv")
	code, out, errs := runKneeCLI(t, "compare", p, "-o", "json")
	require.Equal(t, 0, code, errs)
	var c struct {
		Rows []struct {
			Series string   `json:"series"`
			PerGPU *float64 `json:"per_gpu"`
		} `json:"rows"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &c))
	require.Len(t, c.Rows, 3)
	require.Equal(t, "ollama / concurrency_sweep / short", c.Rows[1].Series)
	require.Equal(t, 4.0, *c.Rows[1].PerGPU)
	require.Equal(t, 8.0, *c.Rows[2].PerGPU)
}

// Synthetic: two configurations as column groups, one of whose TTFT cells
// is no number ("fast"). That curve cannot be read on its own; find answers
// the other and names the one set aside with its own refusal, rather than
// refusing the whole table.
func TestFindSetsAsideACurveThatCannotBeRead(t *testing.T) {
	md := "| concurrency | A tok/s | A TTFT p99 (ms) | B tok/s | B TTFT p99 (ms) |\n|---|---|---|---|---|\n" +
		"| 1 | 100 | 50 | 90 | 55 |\n| 4 | 390 | 60 | 200 | fast |\n| 16 | 1500 | 80 | 210 | 900 |\n| 64 | 1560 | 2400 | 212 | 5000 |\n"
	p := t.TempDir() + "/t.md"
	require.NoError(t, os.WriteFile(p, []byte(md), 0o600))
	code, out, errs := runKneeCLI(t, "find", p, "-o", "json")
	require.Equal(t, 0, code, errs)
	var r findCurvesJSON
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	require.Len(t, r.Curves, 1)
	require.Equal(t, "A", r.Curves[0].Series)
	require.Len(t, r.SetAside, 1)
	require.Equal(t, "B", r.SetAside[0].Series)
	require.Contains(t, r.SetAside[0].Why, `cannot be read on its own: `)
	require.Contains(t, r.SetAside[0].Why, `"fast" is not a number`)
}

// A curve whose name says it was computed ("friendli_modeled" beside the
// measured "vllm", as in a real rate-sweep CSV of the corpus) is set aside
// by name: no knee is read from a model's output.
func TestACurveNamedModeledIsNoMeasurement(t *testing.T) {
	require.Equal(t, "modeled", notMeasuredName("friendli_modeled"))
	require.Equal(t, "projected", notMeasuredName("B200 (projected)"))
	require.Equal(t, "", notMeasuredName("vllm"))
	require.Equal(t, "", notMeasuredName("Llama-3.1-8B"), "a model's name is no projection")
}

// A real SGLang results file (DataCrunch, 4×H200) that ran two datasets:
// each workload is a curve, so find answers the rate sweep of one and sets
// the two-level run of the other aside, where it used to refuse the file
// until --workload named one.
func TestFindAnswersEachWorkloadOfOneInput(t *testing.T) {
	in := fixtures.Path("sweeps/datacrunch-sglang-llama33-70b-4xh200-rate.jsonl")
	code, out, errs := runKneeCLI(t, "find", "--gpus", "4", in, "-o", "json")
	require.Equal(t, exitOK, code, errs)
	var r findCurvesJSON
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	require.Contains(t, r.Why, "holds 2 workloads")
	require.Len(t, r.Curves, 1)
	require.Equal(t, "dataset_name=random", r.Curves[0].Series)
	require.Len(t, r.SetAside, 1)
	require.Equal(t, "dataset_name=sharegpt", r.SetAside[0].Series)

	code, _, errs = runKneeCLI(t, "import", in, "--series", "dataset_name=random")
	require.Equal(t, exitOK, code, errs)
}

// Curves within curves (simulated): a configuration's columns name
// workloads ("1x counting", "1x code" … "2x topic"). Picking "1x" leaves
// three curves more, so find reads each of them by the name that refusal
// gives, one level deeper, rather than setting "1x" aside.
func TestFindReadsCurvesNestedInAPick(t *testing.T) {
	md := "## Concurrency scaling\n\nMedian aggregate tokens/s from the first output to the last completion.\n\n" +
		"| Concurrency | 1x counting | 1x code | 2x counting | 2x code |\n|---|---:|---:|---:|---:|\n" +
		"| 1 | 163 | 131 | 330 | 247 |\n| 2 | 261 | 197 | 442 | 328 |\n| 4 | 475 | 365 | 771 | 545 |\n| 8 | 716 | 535 | 1,297 | 934 |\n"
	p := t.TempDir() + "/nested.md"
	require.NoError(t, os.WriteFile(p, []byte(md), 0o644))
	code, out, errs := runKneeCLI(t, "find", p, "-o", "json")
	require.Equal(t, 0, code, errs)
	var r findCurvesJSON
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	var names []string
	for _, c := range r.Curves {
		names = append(names, c.Series)
	}
	require.Equal(t, []string{"1x / counting", "1x / code", "2x / counting", "2x / code"}, names)
	require.Empty(t, r.SetAside)
}

package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Built from corpus refusals before held-out batch cd was measured: JSON
// objects keyed by level whose measures are summaries of repeated runs,
// summaries named by their statistic alone beside runs that name the unit,
// requests counted per engine step, and level headers written "@N".

func TestRunSummariesReadByTheirMedian(t *testing.T) {
	level := func(c, tput, tputMean, ttft string) string {
		return `"c` + c + `": {"output_tokens_per_second": {"count": 5, "max": 999, "mean": ` + tputMean + `, "median": ` + tput + `, "min": 1, "sample_cv": 0.01, "sample_stddev": 2.0},` +
			` "median_ttft_ms": {"count": 5, "mean": 900, "median": ` + ttft + `, "min": 1, "max": 2000, "sample_stddev": 3},` +
			` "requests_per_prefill_pass": {"count": 5, "mean": 2.5, "median": 2.0, "min": 1, "max": 4, "sample_stddev": 1}}`
	}
	doc := `{"engine": "x", "turnover": {` + level("1", "220.6", "222.0", "170") + `, ` + level("2", "307.4", "308.0", "176") + `, ` +
		level("4", "427.9", "426.0", "189") + `, ` + level("8", "611.6", "601.0", "298") + `}}`
	s, err := Read("t.json", []byte(doc), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{220.6, 307.4, 427.9, 611.6}, throughputs(s), "the runs' median, not their mean")
	var ttft []float64
	for _, p := range s.Points {
		ttft = append(ttft, *p.TTFT.P50)
	}
	require.Equal(t, []float64{170, 176, 189, 298}, ttft, "a median of each run's median TTFT is a p50")
	require.Contains(t, strings.Join(s.Notes, "\n"), `summarise each level's runs`)

	// A latency summarised over its requests keeps each statistic.
	g := &jnode{kind: '{', keys: []string{"mean", "p50", "p99", "std"}, fields: map[string]*jnode{}}
	require.True(t, runSummary(g))
	require.Equal(t, []string{"mean", "p50", "p99"}, summaryFields("ttft_ms", g))
	require.False(t, runSummary(&jnode{kind: '{', keys: []string{"mean", "p99"}}), "no statistic of the runs: a distribution")
}

func TestSummaryNamedByItsRuns(t *testing.T) {
	rec := func(c, med, a, b, d string) string {
		return `{"concurrency": ` + c + `, "agg_median": ` + med + `, "sr_median": 1.0, "runs": [{"agg_tps": ` + a + `, "sr": 1}, {"agg_tps": ` + b + `, "sr": 1}, {"agg_tps": ` + d + `, "sr": 1}]}`
	}
	doc := `{"results": [` + rec("1", "11.32", "11.0", "11.32", "11.5") + `, ` + rec("2", "17.1", "17.1", "16.0", "18.0") + `, ` + rec("4", "19.4", "19.4", "19.0", "20.0") + `]}`
	s, err := Read("t.json", []byte(doc), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{11.32, 17.1, 19.4}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"agg_median (the runs' agg_tps)" as throughput`)

	// A summary that is not the runs' statistic takes no unit from them.
	bad := `{"results": [` + rec("1", "12.5", "11.0", "11.32", "11.5") + `, ` + rec("2", "17.1", "17.1", "16.0", "18.0") + `, ` + rec("4", "19.4", "19.4", "19.0", "20.0") + `]}`
	_, err = Read("t.json", []byte(bad), Records, Meta{})
	require.Error(t, err)
}

func TestRequestsPerStepAreNoRate(t *testing.T) {
	for _, h := range []string{"requests_per_prefill_pass", "reqs per step", "requests per iteration"} {
		require.Equal(t, colIgnore, classify(h).kind, h)
	}
	for _, h := range []string{"requests per second", "requests_per_s", "request throughput"} {
		require.Equal(t, colRequestRate, classify(h).kind, h)
	}
}

func TestAtLevelHeaders(t *testing.T) {
	levels, _, ok := levelHeaders([]string{"@4", "@8", "agg@16", "c@32"})
	require.True(t, ok)
	require.Equal(t, []string{"4", "8", "16", "32"}, levels)
	_, _, ok = levelHeaders([]string{"prefill @4K"})
	require.False(t, ok, "a setting written with @ is no level")
	doc := "Aggregate = total completion tokens / wall time across N concurrent streams.\n\n| Config | agg@1 | agg@4 | agg@16 |\n|---|--:|--:|--:|\n| base | 50 | 180 | 420 |\n| tuned | 52 | 200 | 500 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.ElementsMatch(t, []string{"base", "tuned"}, CurveNames(err))
}

func TestTokensOverTimeWithTwoWords(t *testing.T) {
	m := tokensOverTime.FindStringSubmatch("Aggregate = total completion tokens / wall time across N streams.")
	require.NotNil(t, m)
	require.Equal(t, "Aggregate", m[1])
}

func TestPythonDictsInALog(t *testing.T) {
	doc := "--- server up ---\n[essay] net=19.69 tok/s (1 reps)\n[mtp] acceptance={'accepted': 3514, 'drafted': 7172}\n" +
		"[ladder] {'streams': 1, 'errors': 0, 'aggregate_tok_s': 18.3, 'per_stream_tok_s': 18.4, 'ttft_med_s': 0.283, 'ok': True, 'note': None}\n" +
		"[ladder] {'streams': 2, 'errors': 0, 'aggregate_tok_s': 33.4, 'per_stream_tok_s': 17.7, 'ttft_med_s': 2.278, 'ok': True, 'note': None}\n" +
		"[ladder] {'streams': 4, 'errors': 0, 'aggregate_tok_s': 64.5, 'per_stream_tok_s': 16.7, 'ttft_med_s': 0.55, 'ok': True, 'note': \"it's\"}\n" +
		"saved -> results.json\n"
	s, err := Read("t.txt", []byte(doc), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{18.3, 33.4, 64.5}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), "Python dicts")

	js, n, ok := pythonDictJSON([]byte(`{'a': 'say "hi"', 'b': [1, 2.5e-05], 'c': {'d': False}} tail`))
	require.True(t, ok)
	require.Equal(t, `{"a": "say \"hi\"", "b": [1, 2.5e-05], "c": {"d": false}}`, string(js))
	require.Equal(t, 55, n)
	for _, bad := range []string{`{'a': (1, 2)}`, `{'a': datetime(2026)}`, `{'a': 1,` + "\n" + `'b': 2}`, `{'a': 'open`} {
		_, _, ok := pythonDictJSON([]byte(bad))
		require.False(t, ok, bad)
	}
}

func TestCommentLinesInsideAConsoleTable(t *testing.T) {
	doc := "### decode sweep tp=16\nconc   prompts  out_tok/s    ttft_ms_p99\n### warmup (discarded)\n64     128      3255.3       1644.4\n128    256      5903.5       2907.7\n256    512      10086.0      4707.9\n### finished\n"
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{3255.3, 5903.5, 10086}, throughputs(s))
	// A heading between prose and a table still names it.
	lines := []string{"Some prose here.", "### Results", "conc  tok/s  ttft"}
	require.False(t, commentInBlock(lines, 1, true))
}

func TestCrowdedHeaderSplitsOverItsCells(t *testing.T) {
	doc := "conc   prompts  out_tok/s    tpot_ms_mean ttft_ms_p99 req/s\n64     128      3255.3       18.58       1644.4      3.18\n128    256      5903.5       19.94       2907.7      5.77\n256    512      10086.0      22.68       4707.9      9.85\n"
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{})
	require.NoError(t, err)
	var p99 []float64
	for _, p := range s.Points {
		p99 = append(p99, *p.TTFT.P99)
	}
	require.Equal(t, []float64{1644.4, 2907.7, 4707.9}, p99)
	// Words of one name over one cell stay one header.
	head := spaceTokens("Concurrency  Output tok/s")
	rows := [][]span{spaceTokens("1            100"), spaceTokens("2            190")}
	require.Equal(t, head, splitCrowdedHeader(head, rows))
}

// From held-out batch cd's misses (fitted after its one measurement).

func TestOneLetterArmIsNoLoad(t *testing.T) {
	doc := "Batch-1 decode, tok/s:\n\n| Workload | A | B | **C** |\n|---|---|---|---|\n| Prose | 17.61 | 14.87 | **22.64** |\n| Technical | 20.09 | 19.51 | **30.13** |\n| Math | 32.12 | 25.50 | **39.12** |\n| Code | 29.77 | 25.73 | **38.12** |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err, "an arm named C holds speeds, not levels")
	doc = "| C | tok/s |\n|---|---|\n| 1 | 30 |\n| 2 | 55 |\n| 4 | 90 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err, "a C over whole counts is the load")
	require.Equal(t, []float64{30, 55, 90}, throughputs(s))
}

func TestActiveRequestsAreTheLoad(t *testing.T) {
	require.Equal(t, colConcurrency, classify("Active requests").kind)
	require.Equal(t, colConcurrency, classify("active_streams").kind)
	require.Equal(t, colIgnore, classify("mean active requests").kind, "an occupancy over the run")
	require.NotEqual(t, colConcurrency, classify("Active params").kind)
}

func TestReportRowsWhoseCellsWriteTheRate(t *testing.T) {
	doc := "| Measurement | Result | Conditions |\n|---|---:|---|\n| 64K cold TTFT | 42.623 s | three trials |\n| Prose rate | 33.21–34.28 tok/s | one answer |\n" +
		"| C1 short-answer aggregate | 49.05 tok/s | eight categories |\n| C2 short-answer aggregate | 73.55 tok/s | eight categories |\n| C4 short-answer aggregate | 114.16 tok/s | eight categories |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{49.05, 73.55, 114.16}, throughputs(s))
	// Without the unit in its cells the name says no rate.
	_, ok := rowLevelByCells([]string{"C1 short-answer aggregate", "49.05", "eight categories"})
	require.False(t, ok)
	_, ok = rowLevelByCells([]string{"C1", "49.05 tok/s"})
	require.False(t, ok, "a load and a number alone name nothing")
}

// From held-out batch ce's misses (fitted after its one measurement).

func TestReportRowsNamingMetricCommaLevel(t *testing.T) {
	doc := "| | Rust engine | vLLM reference | Over vLLM |\n|---|---:|---:|---:|\n| Decode, 1 stream (tok/s per stream) | 110.0 | 71.6 | +54% |\n| Decode, 6 streams (tok/s total) | 274.5 | 166.0 | +65% |\n| Decode, 16 streams (tok/s total) | 426.2 | 264.8 | +61% |\n| Cold prefill 2K (tok/s) | 3,485 | 2,999 | +16% |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.ElementsMatch(t, []string{"Rust engine", "vLLM reference"}, CurveNames(err))
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "Rust engine"})
	require.NoError(t, err)
	require.Equal(t, []float64{110, 274.5, 426.2}, throughputs(s), "one stream's rate is the node's at one stream")

	p, ok := commaRowLevel([]string{"decode, single stream", "127 tok/s"})
	require.True(t, ok)
	require.Equal(t, rowLevel{metric: "decode tok/s", level: "1", word: "concurrency"}, p)
	_, ok = commaRowLevel([]string{"Decode, 6 streams (tok/s per stream)", "45.7"})
	require.False(t, ok, "above one stream a stream's rate is no node's")
	_, ok = commaRowLevel([]string{"TTFT, 24k prefix, cold", "14.3 s"})
	require.False(t, ok)
}

// Found by the perturbation test on batch cd's folded entries: a row
// naming its setup's GPU count ("· 1 GPU vLLM") is no rate per GPU.
func TestCountedGPUIsNoPerGPURate(t *testing.T) {
	require.Equal(t, colThroughput, classify("Qwen3.6 NVFP4 · 1 GPU vLLM tok/s").kind)
	require.Equal(t, colThroughputPerGPU, classify("tok/s per GPU").kind)
	require.Equal(t, colThroughputPerGPU, classify("GPU tok/s").kind)
}

package read

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The role table reads a header by its unit's dimension first, its words
// (in several languages) second, and the statistic it names beside.
func TestRoleTable(t *testing.T) {
	for _, tc := range []struct {
		header, key string
		kind        colKind
	}{
		// Dimension first: never a load, a throughput or a latency.
		{"Peak temp (°C)", "", colIgnore},
		{"J/tok", "", colIgnore},
		{"tok/W", "", colIgnore},
		{"GPU power (W)", "", colIgnore},
		{"Memory (MB)", "", colIgnore},
		{"Cost ($/Mtok)", "", colIgnore},
		{"concurrency", "concurrency", colConcurrency},
		// Token rates by their unit: t/s, TPS, tok_per_s.
		{"aggregate t/s", "throughput", colThroughput},
		{"Output TPS", "throughput", colThroughput},
		{"throughput_tok_per_s", "throughput", colThroughput},
		{"Tput/GPU", "throughput_per_gpu", colThroughputPerGPU},
		{"tok/s/GPU", "throughput_per_gpu", colThroughputPerGPU},
		{"per-slot t/s", "", colPerUser},
		{"Request throughput (req/s)", "request_rate", colRequestRate},
		// Load words.
		{"slots", "concurrency", colConcurrency},
		{"N (parallel)", "concurrency", colConcurrency},
		{"Streams", "concurrency", colConcurrency},
		{"P", "concurrency", colConcurrency},
		// Other languages.
		{"并发数", "concurrency", colConcurrency},
		{"并发", "concurrency", colConcurrency},
		{"吞吐量", "throughput", colThroughput},
		{"输出吞吐(tokens/s)", "throughput", colThroughput},
		{"首字延迟(ms)", "ttft_mean", colLatency},
		{"首token时延 P99 (ms)", "ttft_p99", colLatency},
		{"单流吞吐 (tok/s)", "", colPerUser},
		{"同時実行数", "concurrency", colConcurrency},
		{"처리량 (tok/s)", "throughput", colThroughput},
		{"Durchsatz (tok/s)", "throughput", colThroughput},
		{"Nutzer", "concurrency", colConcurrency},
		// Statistic families: the spread is never a value.
		{"throughput_spread", "throughput", colThroughput},
		{"TTFT std (ms)", "", colIgnore},
		// Series labels and request lengths.
		{"Engine", "", colSeriesLabel},
		{"strategy", "", colSeriesLabel},
		{"prompt_tokens", "", colWorkload},
		{"ISL", "", colWorkload},
	} {
		c := classify(tc.header)
		require.Equal(t, tc.kind, c.kind, tc.header)
		require.Equal(t, tc.key, c.key(), tc.header)
	}
	require.Equal(t, "spread", classify("throughput_spread").stat)
	require.Equal(t, "p50", classify("throughput_median").stat)
}

// A family of one quantity is read by its central value, and the note says
// which column was read.
func TestStatisticFamilyReadsTheMedian(t *testing.T) {
	body := "concurrency,throughput_median,throughput_spread,throughput_mean,ttft_p99_ms\n8,100,4,98,50\n16,190,9,185,70\n"
	s, err := Data("f.csv", []byte(body), Options{})
	require.NoError(t, err)
	require.Equal(t, 100.0, s.Points[0].ThroughputTokS)
	require.Equal(t, 190.0, s.Points[1].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `throughput read from "throughput_median", the median of its family ("throughput_spread", "throughput_mean" not read)`)
}

// Several curves in one table are refused naming them, and --series picks
// one; they are never merged as repeats.
func TestSeriesAreRefusedByNameAndPicked(t *testing.T) {
	body := "| Engine | Concurrency | Output tok/s | TTFT p99 (ms) |\n|---|---|---|---|\n| vLLM | 8 | 100 | 50 |\n| vLLM | 16 | 190 | 70 |\n| SGLang | 8 | 110 | 40 |\n| SGLang | 16 | 200 | 60 |\n"
	_, err := Data("s.md", []byte(body), Options{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `the table holds 2 series by "Engine": vLLM (2 rows), SGLang (2 rows)`)
	require.Contains(t, err.Error(), `--series "vLLM"`)
	s, err := Data("s.md", []byte(body), Options{Meta: Meta{Series: "sglang"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 200.0, s.Points[1].ThroughputTokS)

	prefixed := "| c | k8s tok/s | llm-d tok/s | k8s TTFT p99 ms | llm-d TTFT p99 ms |\n|---|---|---|---|---|\n| 8 | 100 | 120 | 50 | 30 |\n| 16 | 150 | 230 | 900 | 40 |\n"
	_, err = Data("p.md", []byte(prefixed), Options{})
	require.ErrorContains(t, err, `the table holds 2 series as column names: "k8s" (k8s tok/s, k8s TTFT p99 ms); "llm-d" (llm-d tok/s, llm-d TTFT p99 ms)`)
	s, err = Data("p.md", []byte(prefixed), Options{Meta: Meta{Series: "llm-d"}})
	require.NoError(t, err)
	require.Equal(t, 230.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 40.0, *s.Points[1].TTFT.P99)
}

// Cells: two levels packed in one row, remarks after a value, a spread, a
// level that did not run, an offered rate of inf, CRLF line ends.
func TestPackedAndAnnotatedCells(t *testing.T) {
	body := "| concurrency | TTFT (ms) | tok/s |\r\n|---|---|---|\r\n| 1 / 16 | 295 / 2491 | 58.6 / 254.3 |\r\n| 64 (current) | 5837 ± 120 | 418.9 (peak) |\r\n| 128 | – | OOM (3.6 GiB short) |\r\n"
	s, err := Data("c.md", []byte(body), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 16, 64}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Equal(t, 254.3, s.Points[1].ThroughputTokS)
	require.Equal(t, 2491.0, *s.Points[1].TTFT.Mean)
	require.Equal(t, 5837.0, *s.Points[2].TTFT.Mean)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, "the row holds 2 levels in each cell")
	require.Contains(t, notes, `the level did not run ("OOM (3.6 GiB short)")`)

	rate := "| request rate | Request throughput (req/s) | Output tok/s | Mean E2E (ms) | TTFT p50 (ms) |\n|---|---|---|---|---|\n| 1 | 0.98 | 200 | 10000 | 60 |\n| inf | 3.5 | 700 | 40000 | 9000 |\n"
	s, err = Data("r.md", []byte(rate), Options{})
	require.NoError(t, err)
	require.Equal(t, 1.0, *s.Points[0].RequestedRate)
	require.InDelta(t, 9.8, s.Points[0].Concurrency, 1e-9, "Little's law: 0.98 req/s × 10 s")
	require.Nil(t, s.Points[1].RequestedRate, "inf: every request at once")
	require.InDelta(t, 140, s.Points[1].Concurrency, 1e-9)
}

// A throughput-only table reads, with the note that says TTFT is unknown
// coming from the analysis, not a refusal.
func TestThroughputOnlyTableReads(t *testing.T) {
	s, err := Data("l.md", []byte("| slots | aggregate t/s | per-slot t/s |\n|---|---|---|\n| 1 | 40.5 | 40.5 |\n| 2 | 67.4 | 33.7 |\n| 4 | 103.5 | 25.9 |\n"), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.True(t, s.Points[2].TTFT.Empty())
	require.Equal(t, 103.5, s.Points[2].ThroughputTokS)
}

// A unit stated where people state it instead of the header: the text
// around the table, or (for values impossible in ms) the one unit every
// other time column's header names.
func TestLatencyUnitFromTheTextAndTheOtherHeaders(t *testing.T) {
	body := "Output tokens/sec — higher is better; TTFT in seconds — lower is better.\n\n| c | Output tok/s | TTFT mean |\n|---|---|---|\n| 8 | 100 | 0.415 |\n| 16 | 190 | 18.1 |\n"
	s, err := Data("c.md", []byte(body), Options{})
	require.NoError(t, err)
	require.Equal(t, 415.0, *s.Points[0].TTFT.Mean)
	require.Equal(t, 18100.0, *s.Points[1].TTFT.Mean)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"TTFT mean" read in s: the text around the table says so`)

	body = "| c | Output tok/s | E2E (s) | TTFT p99 |\n|---|---|---|---|\n| 8 | 100 | 12.5 | 0.31 |\n"
	s, err = Data("d.md", []byte(body), Options{})
	require.NoError(t, err)
	require.InDelta(t, 310, *s.Points[0].TTFT.P99, 1e-9)
	require.Contains(t, strings.Join(s.Notes, "\n"), `every other time column's header says s`)
}

// Shapes from a holdout of real tables the corpus did not hold: a load
// written with its letter (P8, ×4), two statistics in one cell under one
// header, success written as a fraction, "Min" as the minimum (not
// minutes), peak concurrency beside an offered rate, and several tables
// under their headings.
func TestHoldoutShapes(t *testing.T) {
	s, err := Data("a.md", []byte("| 并发 | 成功率 | TTFT p50 / p95 (ms) | Min TTFT (s) | 吞吐 (tok/s) |\n|---|---|---|---|---|\n| P1 | 1/1 | 93 / 169 | 0.05 | 7.2 |\n| ×8 | 8/8 | 105 / 211 | 0.06 | 59.7 |\n"), Options{})
	require.NoError(t, err)
	require.Equal(t, 8.0, s.Points[1].Concurrency)
	require.Equal(t, 105.0, *s.Points[1].TTFT.P50)
	require.Equal(t, 211.0, *s.Points[1].TTFT.P95)
	require.Equal(t, 60.0, *s.Points[1].TTFT.Min, "Min TTFT (s): the minimum, in seconds")
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `"TTFT p50 / p95 (ms)" holds two statistics in each cell`)
	require.Contains(t, notes, `"成功率" (a ratio or percentage)`)

	_, err = Data("q.md", []byte("| QPS | TTFT p99 (ms) | Output tok/s | Peak Conc |\n|---|---|---|---|\n| 0.5 | 173 | 247 | 5 |\n| 8 | 3335 | 2160 | 82 |\n"), Options{})
	require.ErrorContains(t, err, "a request-rate sweep", "peak concurrency is measured, never the level")

	doc := "### HoML\n| Concurrency | Generation Throughput (tokens/s) |\n|---|---|\n| 1 | 110.79 |\n| 2 | 198.14 |\n\n### Ollama\n| Concurrency | Generation Throughput (tokens/s) |\n|---|---|\n| 1 | 171.77 |\n| 2 | 272.75 |\n"
	_, err = Data("h.md", []byte(doc), Options{})
	require.ErrorContains(t, err, `the text holds 2 tables that read as sweeps: "HoML" (line 2, 2 levels), "Ollama" (line 8, 2 levels)`)
	s, err = Data("h.md", []byte(doc), Options{Meta: Meta{Series: "ollama"}})
	require.NoError(t, err)
	require.Equal(t, 272.75, s.Points[1].ThroughputTokS)
	_, err = Data("one.md", []byte("| c | tok/s |\n|---|---|\n| 1 | 10 |\n"), Options{Meta: Meta{Series: "vllm"}})
	require.ErrorContains(t, err, "nothing to pick")
}

// "In tok/s" beside "Out tok/s" (a real A6000 table, k-a6000…output-short…)
// are the input and output rates: before, "In" and "Out" were taken for
// two column-name series and the refusal named "In" first, whose reading
// took the input rate for the throughput.
func TestLeadingInIsTheInputRate(t *testing.T) {
	require.Equal(t, colOtherTokRate, classify("In tok/s").kind)
	require.Equal(t, "input tokens, not output", classify("In tok/s").why)
	require.Equal(t, colThroughput, classify("Out tok/s").kind)
	require.Equal(t, colThroughput, classify("tok/s in flight").kind, "only a leading in is the direction")
}

// The median or mean over runs of a tail percentile is that percentile
// (issue 26: a statistic of a statistic keeps its inner one).
func TestStatisticOfAStatisticKeepsTheInner(t *testing.T) {
	for h, want := range map[string]string{
		"Median P95 TTFT (ms)":        "ttft_p95",
		"median of p99 TTFT":          "ttft_p99",
		"TTFT p95 (median of 3 runs)": "ttft_p95",
		"Mean p99 TTFT (ms)":          "ttft_p99",
		"Median TTFT (ms)":            "ttft_p50",
		"TTFT p50 (mean of 3 runs)":   "ttft_p50",
	} {
		require.Equal(t, want, classify(h).key(), h)
	}
}

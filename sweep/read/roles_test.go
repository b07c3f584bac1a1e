package read

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The role table reads a header by its unit's dimension first, its words
// (in several languages) second, and the statistic it names beside.
func TestStatisticFamilyReadsTheMean(t *testing.T) {
	body := "concurrency,throughput_median,throughput_spread,throughput_mean,ttft_p99_ms\n8,100,4,98,50\n16,190,9,185,70\n"
	s, err := Data("f.csv", []byte(body), Options{})
	require.NoError(t, err)
	require.Equal(t, 98.0, s.Points[0].ThroughputTokS)
	require.Equal(t, 185.0, s.Points[1].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `throughput read from "throughput_mean", the mean of its family ("throughput_median", "throughput_spread" not read)`)
	// Without a mean, the median is the family's central value.
	body = "concurrency,throughput_median,throughput_spread,ttft_p99_ms\n8,100,4,50\n16,190,9,70\n"
	s, err = Data("f.csv", []byte(body), Options{})
	require.NoError(t, err)
	require.Equal(t, 190.0, s.Points[1].ThroughputTokS)
}

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

func TestThroughputOnlyTableReads(t *testing.T) {
	s, err := Data("l.md", []byte("| slots | aggregate t/s | per-slot t/s |\n|---|---|---|\n| 1 | 40.5 | 40.5 |\n| 2 | 67.4 | 33.7 |\n| 4 | 103.5 | 25.9 |\n"), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.True(t, s.Points[2].TTFT.Empty())
	require.Equal(t, 103.5, s.Points[2].ThroughputTokS)
}

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

package table

import (
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
		// Warm-up requests ran before the measurement.
		{"warmup_requests", "", colIgnore},
		{"Warm-up requests", "", colIgnore},
		{"successful_requests", "requests", colRequests},
		{"concurrency", "concurrency", colConcurrency},
		// Who sends the load, by other names.
		{"Workers", "concurrency", colConcurrency},
		{"threads", "concurrency", colConcurrency},
		{"num_users", "concurrency", colConcurrency},
		{"Clients", "concurrency", colConcurrency},
		{"parallel", "concurrency", colConcurrency},
		// A phase's rate with no unit; overall is input + output.
		{"Decode total", "throughput", colThroughput},
		{"Generation aggregate", "throughput", colThroughput},
		{"Decode per request", "", colIgnore},
		{"Decode time total", "", colIgnore},
		{"Overall t/s", "", colOtherTokRate},
		// Token rates by their unit: t/s, TPS, tok_per_s.
		{"aggregate t/s", "throughput", colThroughput},
		{"Output TPS", "throughput", colThroughput},
		{"throughput_tok_per_s", "throughput", colThroughput},
		{"Tput/GPU", "throughput_per_gpu", colThroughputPerGPU},
		{"tok/s/GPU", "throughput_per_gpu", colThroughputPerGPU},
		{"per-slot t/s", "", colPerUser},
		{"tok/s/thread", "", colPerUser},
		{"Request throughput (req/s)", "request_rate", colRequestRate},
		// A unit after a time to or between tokens is that time's unit,
		// never half of a token rate; "tokens s" alone still is a rate.
		{"Mean first-token s", "ttft_mean", colLatency},
		{"Output tokens s", "throughput", colThroughput},
		// Load words.
		{"slots", "concurrency", colConcurrency},
		{"N (parallel)", "concurrency", colConcurrency},
		{"Streams", "concurrency", colConcurrency},
		{"P", "concurrency", colConcurrency},
		// llama-batched-bench's -npl: the parallel sequences it runs.
		{"`-npl`", "concurrency", colConcurrency},
		{"npl", "concurrency", colConcurrency},
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
	// A p and a number over 100 is a product (a chip), no percentile;
	// nines are percentiles written without the point.
	require.Equal(t, "", classify("Kunlun_P800 tok/s").stat)
	require.Equal(t, "p999", classify("TTFT p999 (ms)").stat)
	require.Equal(t, "p100", classify("TTFT p100 (ms)").stat)
}

func TestLeadingInIsTheInputRate(t *testing.T) {
	require.Equal(t, colOtherTokRate, classify("In tok/s").kind)
	require.Equal(t, "input tokens, not output", classify("In tok/s").why)
	require.Equal(t, colThroughput, classify("Out tok/s").kind)
	require.Equal(t, colThroughput, classify("tok/s in flight").kind, "only a leading in is the direction")
}

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

// "per query" names one request's rate; requests "sent" count the failures
// too: prompts, not successes.
func TestPerQueryAndSentRequests(t *testing.T) {
	require.Equal(t, colPerUser, classify("median_output_speed_per_query").kind)
	require.Equal(t, colPerUser, classify("Output tok/s per query").kind)
	require.Equal(t, colThroughput, classify("system_output_throughput").kind)
	require.Equal(t, colPrompts, classify("total_requests_sent").kind)
	require.Equal(t, colPrompts, classify("Requests issued").kind)
	require.Equal(t, colRequests, classify("successful_requests").kind)
}

// Goodput counts only the requests that met the SLO: no load, no served
// rate, no throughput, in req/s or tok/s.
func TestGoodputIsNoRateKneeReads(t *testing.T) {
	for _, h := range []string{"goodput (req/s)", "goodput_rps", "Goodput tok/s"} {
		c := classify(h)
		require.Equal(t, colIgnore, c.kind, h)
		require.Equal(t, whyGoodput, c.why, h)
	}
	require.Equal(t, colRequestRate, classify("request rate (req/s)").kind)
}

// A percentile's name after a dash is a command-line flag (--parallel 1
// as "-p1"): the configuration, no statistic; the statistic beside it
// still reads.
func TestPercentileSpelledFlagIsNoStatistic(t *testing.T) {
	require.Equal(t, "", statOf(headerTokens("aggregate tok/s (`-p1`)")))
	require.Equal(t, "p95", statOf(headerTokens("TTFT p95 ms (`-p8`)")))
	require.Equal(t, "p99", statOf(headerTokens("TTFT-p99 (ms)")))
	require.Equal(t, "p99", statOf(headerTokens("p99 TTFT")))
}

package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from batch av's misses (measured once, then folded into the
// corpus). Each test is synthetic, written for its rule.

// A level none of whose requests completed is printed with its count of
// successes at zero and its latencies as the client's timeout, a bound:
// it did not run to a measurement, and the levels below it are read.
func TestLevelWithNoCompletedRequestIsSetAside(t *testing.T) {
	md := "| Concurrency | Successful | Output tok/s | TTFT mean/p99 |\n|---|---|---|---|\n" +
		"| 1 | 10/10 | 50.1 | 100/120 ms |\n| 2 | 10/10 | 90.4 | 150/200 ms |\n| 4 | 0/10 | — | >60 s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2}, concurrencies(s))
	require.Equal(t, 200.0, *s.Points[1].TTFT.P99)
	require.Contains(t, s.Notes, "t.md:5: no request of the level completed (Successful 0/10, TTFT mean >60 s, TTFT p99 >60 s): no point")
	// A highest level with a measured TTFT and nothing saying it failed
	// still stops the reading.
	_, err = Read("t.md", []byte("| Concurrency | Output tok/s | TTFT p99 (ms) |\n|---|---|---|\n| 1 | 50.1 | 120 |\n| 2 | 90.4 | 200 |\n| 4 | | 900 |\n"), Markdown, Meta{})
	require.ErrorContains(t, err, "the highest level (Concurrency 4) has a TTFT p99")
}

// "Unlimited" above 32, 64, 128 under a cap is the run with no cap: a row
// of the sweep set aside (how many it had in flight the table does not
// say), not the name of a setting that makes the column no load.
func TestUnlimitedCapRowIsSetAside(t *testing.T) {
	md := "| Max Concurrency | Output tok/s | P99 TTFT (s) |\n|---|---|---|\n| Unlimited | 1277 | 1086 |\n| 32 | 1270 | 30.2 |\n| 64 | 1275 | 69.9 |\n| 128 | 1279 | 145.9 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{32, 64, 128}, concurrencies(s))
	require.Contains(t, s.Notes, `t.md:3: "Unlimited" in the load column "Max Concurrency" is the run with no cap: its requests in flight are not a number the table gives: set aside`)
	// A word above the numbers that names no cap still names a setting.
	require.True(t, unlimitedCap("**unlimited**"))
	require.False(t, unlimitedCap("TP"))
}

// "prompt / concurrency" over "12.1K / c4" is two quantities, the level
// written with its letter; rows of one level that sent prompts of other
// sizes are other runs, not repeats to average.
func TestPromptAndLevelInOneCell(t *testing.T) {
	md := "| prompt / concurrency | tok/s |\n|---|---|\n| 1.4K / c1 | 12,838 |\n| 12.1K / c1 | 39,315 |\n| 43.7K / c1 | 44,910 |\n| 12.1K / c4 | 49,099 |\n| 12.1K / c8 | 48,814 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "12.1K"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{39315, 49099, 48814}, throughputs(s))
	require.Equal(t, "16", unprefixed("c16"))
	require.Equal(t, "1.4K", unprefixed("1.4K"))
}

// A chart's data list keeps the chart's generic keys ("x", "y"); the
// titles the page gives the chart's axes name them. "On a single H100
// GPU" states the GPU count of per-GPU figures.
func TestChartDataTitledByItsAxes(t *testing.T) {
	page := "Benchmarked on a single NVIDIA H100 GPU.\n\n{{< line x_label=\"Batch size\" y_label=\"Tokens / s / GPU\" >}}\n[\n" +
		"    { \"x\": 2, \"y\": 238 },\n    { \"x\": 8, \"y\": 820 },\n    { \"x\": 16, \"y\": 1414 },\n    { \"x\": 32, \"y\": 2230 }\n]\n{{< /line >}}\n"
	s, err := Read("t.md", []byte(page), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{2, 8, 16, 32}, concurrencies(s))
	require.Equal(t, []float64{238, 820, 1414, 2230}, throughputs(s))
	require.Equal(t, 1, s.GPUs)
	// Untitled axes leave the keys as they are: nothing to read.
	_, err = Read("t.md", []byte(strings.ReplaceAll(page, "y_label", "y_unit")), Records, Meta{})
	require.Error(t, err)
	require.Equal(t, map[string]string{"x": "Batch size"}, chartTitles([]byte(`xLabel: 'Batch size', width: "100"`)))
}

// A long table of metrics per runtime, its levels as columns, may end in a
// column of ratios between levels ("N=8/N=1" over "0.18×"): derived from
// the level columns, it is set aside and the runs are read.
func TestLevelColumnsBesideARatio(t *testing.T) {
	md := "| runtime | metric | 1 | 2 | 4 | 8 | N=8/N=1 |\n|---|---|---|---|---|---|---|\n" +
		"| mlx | per-request decode tok/s | 78.4 | 44.1 | 25.4 | 13.9 | 0.18× |\n| | aggregate tok/s | 20.6 | 21.8 | 22.8 | 22.3 | **1.08×** |\n| | TTFT p50 s | 2.294 | 4.414 | 8.703 | 17.411 | 7.6× |\n" +
		"| optiq | per-request decode tok/s | 73.0 | 31.1 | 19.4 | 10.2 | 0.14× |\n| | aggregate tok/s | 15.3 | 12.5 | 17.6 | 17.7 | **1.16×** |\n| | TTFT p50 s | 2.441 | 5.943 | 7.853 | 15.377 | 6.3× |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "optiq"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{15.3, 12.5, 17.6, 17.7}, throughputs(s))
	require.Equal(t, 5943.0, *s.Points[1].TTFT.P50)
}

// "8B QPS (offered tok/s)" over "2 (256)": the offered rate and, in
// brackets, the token rate it offers; the unit of the served rates is
// written once, in the first cell, and the setup beside it ("8B +
// tenant") measures the same. With no latency, a rate sweep is placed by
// nothing: the refusal names the column it lacks, not the throughput.
func TestBracketedRestatementAndUnitWrittenOnce(t *testing.T) {
	md := "| 8B QPS (offered tok/s) | 8B alone | 8B + tenant | E2E mean (s) |\n|---|---|---|---|\n" +
		"| 2 (256) | 254 tok/s | 237 | 1.1 |\n| 3 (384) | 317 | 245 | 2.5 |\n| 4 (512) | **327** (saturated) | **239** (saturated) | 6.0 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "+ tenant"})
	require.NoError(t, err)
	require.Equal(t, []float64{237, 245, 239}, throughputs(s))
	require.Equal(t, 3.0, *s.Points[1].RequestedRate)
	_, err = Read("t.md", []byte(strings.ReplaceAll(md, " E2E mean (s) |", "")), Markdown, Meta{Series: "alone"})
	require.ErrorContains(t, err, "no end-to-end latency column")
	// A column per level ("동시 1개") with the unit in its first cell only
	// is no column of one measure: the unit was written for the row.
	u, ok := cellsRateUnit(grid{rows: [][]string{{"74 token/s"}, {"80"}, {"80"}}}, 0)
	require.True(t, ok)
	require.Equal(t, dimTokRate, u.dim)
	_, ok = cellsRateUnit(grid{rows: [][]string{{"74"}, {"80 tok/s"}}}, 0)
	require.False(t, ok)
}

// Two rows at one level that state different round sizes (8,192 and
// 32,768 prompt tokens) are different workloads: not averaged as repeats,
// and with no series to tell them apart, refused.
func TestRowsOfOneLevelOfDifferentSizes(t *testing.T) {
	md := "| prefill size | decode speed (tok/s) | concurrency |\n|---|---|---|\n| 8,192 | 28.15 | 1 |\n| 32,768 | 26.89 | 1 |\n| - | 31.57 | 2 |\n| - | 33.98 | 4 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `rows of one level differ in "prefill size" (8,192, 32,768): runs of different sizes, not repeats to average`)
	require.False(t, roundSizes(grid{rows: [][]string{{"710"}, {"951"}}}, 0), "measured values are no sizes")
}

// A count of requests is named in words: "tok/s" holds the letters "ok"
// but counts none.
func TestCountsRequestsByWords(t *testing.T) {
	require.True(t, countsRequests("Valid requests"))
	require.True(t, countsRequests("OK"))
	require.False(t, countsRequests("Output tok/s"))
}

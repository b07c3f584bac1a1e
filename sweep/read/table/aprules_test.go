package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules written while batch ap was being collected, from refusals the
// corpus still held. Each test is synthetic, written for its rule.

// Load words written as one word ("batchsize", "BatchSize",
// "maxConcurrency") are the load words written apart.
func TestJoinedLoadWordsAreLoads(t *testing.T) {
	for _, h := range []string{"batchsize", "BatchSize", "maxConcurrency", "concurrencyLevel", "numUsers"} {
		require.Equal(t, colConcurrency, classify(h).kind, h)
	}
	md := "Results (unit: tokens/s):\n\n|batchsize|fp16|int4|\n|--|--|--|\n|1|150|98|\n|64|3100|3969|\n|256|5200|8457|\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "int4"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 8457.0, s.Points[2].ThroughputTokS)
}

// A heading's first clause names the metric when a bar or a dash sets the
// workload after it.
func TestHeadingsFirstClauseNamesTheRate(t *testing.T) {
	require.Equal(t, "Llama Throughput (tokens/s)", firstClauseMetric("Llama Throughput (tokens/s) | input length=1024, output length=128"))
	require.Equal(t, "", firstClauseMetric("Latency (ms) | input length=1024"), "only a rate with its unit")
	require.Equal(t, "", firstClauseMetric("Throughput (tokens/s)"), "no separator")
}

// A section's title naming the token rate names the cells of a table under
// a sub-heading that names none.
func TestOuterHeadingNamesUnnamedCells(t *testing.T) {
	md := "## Throughput (tokens/s) | input=1024\n\n#### A10, fp16\n\n" +
		"| batch_size | 2 | 4 | 8 | 16 |\n|---|---|---|---|---|\n| Engine A | 40.3 | 77.1 | 139.0 | 232.7 |\n| Engine B | 41.4 | 65.3 | 91.9 | 114.6 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "Engine A"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 232.7, s.Points[3].ThroughputTokS)
	// A heading naming latency on the way up ends the search: nothing
	// names the cells as a rate.
	md = "## Throughput (tokens/s)\n\n### TTFT (ms)\n\n#### A10\n\n" +
		"| batch_size | 2 | 4 | 8 | 16 |\n|---|---|---|---|---|\n| Engine A | 40.3 | 77.1 | 139.0 | 232.7 |\n| Engine B | 41.4 | 65.3 | 91.9 | 114.6 |\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{Series: "Engine A"})
	require.Error(t, err)
}

// A unit declared in brackets in a caption is the metric the cells hold.
func TestDeclaredUnitNamesTheCells(t *testing.T) {
	require.Equal(t, "tokens/s", declaredMetric("Results (unit: tokens/s)"))
	require.Equal(t, "Tokens/s", declaredMetric("在A100上测试，结果如下(单位：Tokens/s)"))
	require.Equal(t, "", declaredMetric("Results (units: GB)"))
}

// Rules from batch ap's misses (measured once, then folded into the
// corpus). Each test is synthetic, written for its rule.

// "ngram k=3" names a speculative setting, not thousands of tokens.
func TestKEqualsNIsNoThousands(t *testing.T) {
	u, ok := tokRateUnitFromTokens(headerTokens("ngram k=3 tokens/s"))
	require.True(t, ok)
	require.Equal(t, 1.0, u.factor)
	u, _ = tokRateUnitFromTokens(headerTokens("throughput (k tok/s)"))
	require.Equal(t, 1000.0, u.factor)
}

// Cells that write "tok/s" fit a total or a per-stream column as they fit
// the throughput; node = stream × load then tells which is the node's.
func TestTotalThatIsStreamTimesLoadIsTheNode(t *testing.T) {
	md := "| Concurrency | vLLM Total | vLLM/Sample | Mean Latency |\n|---|---|---|---|\n" +
		"| 1 | 106 tok/s | 106.2 tok/s | 0.471s |\n| 8 | 772 tok/s | 96.5 tok/s | 0.517s |\n" +
		"| 64 | 4,348 tok/s | 67.9 tok/s | 0.732s |\n| 256 | 6,142 tok/s | 24.0 tok/s | 2.070s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 6142.0, s.Points[3].ThroughputTokS)
}

// A column of requests served out of those sent ("16/16") is an outcome,
// never a curve; the workload left in a label after its load is.
func TestSuccessFractionNamesNoCurve(t *testing.T) {
	md := "| Scenario | OK | tok/s | TTFT p99 |\n|---|---|---|---|\n" +
		"| 128 in / 64 out, C=1 | 16/16 | 65.2 | 225 ms |\n| 128 in / 64 out, C=4 | 32/32 | 156.4 | 755 ms |\n" +
		"| 128 in / 64 out, C=8 | 64/64 | 218.8 | 3241 ms |\n| 4096 in / 128 out, C=4 | 16/16 | 82.0 | 4417 ms |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 218.8, s.Points[2].ThroughputTokS)
}

// A plain number under the input's name is a request length, and a
// request length is never dropped as a remark beside a verdict column.
func TestInputLengthKeysCurvesBesideRemarks(t *testing.T) {
	require.Equal(t, colWorkload, classify("Occupied input each").kind)
	require.NotEqual(t, colWorkload, classify("Input tok/s").kind)
	md := "| Streams | Input each | Aggregate tok/s | Outcome |\n|---:|---:|---:|---|\n" +
		"| 1 | 128K | 73.9 | Short run |\n| 1 | 8K | 90.5 | Short-context comparison |\n| 2 | 128K | 108.0 | Pass |\n" +
		"| 4 | 128K | 156.4 | Below 40 |\n| 8 | 128K | 182.1 | Pass revised |\n| 50 | 2K | 970.4 | Short-context comparison |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 182.1, s.Points[3].ThroughputTokS)
}

// A short paragraph above a table, its bold run-in title dropped, that
// leads with the metric names the cells.
func TestParagraphLeadingWithTheMetricIsACaption(t *testing.T) {
	lines := []string{"", "**Concurrency scaling.** Median aggregate tokens/s from earliest first output", "to final completion, including admission gaps.", ""}
	require.Equal(t, "Median aggregate tokens/s", metricLeadCaption(lines, 2))
	lines = []string{"Some prose that runs on.", "Median aggregate tokens/s from earliest first output", "to final completion.", "More.", ""}
	require.Equal(t, "", metricLeadCaption(lines, 3), "a paragraph over three lines is prose")
}

// "C4 decode tok/s": the level written before the metric.
func TestLevelBeforeMetricInRowNames(t *testing.T) {
	rl, ok := parseRowLevel("C4 decode tok/s")
	require.True(t, ok)
	require.Equal(t, "4", rl.level)
	require.Equal(t, "decode tok/s", rl.metric)
	_, ok = parseRowLevel("C8 / C1 scaling")
	require.False(t, ok)
}

// S1 … S4 are stream counts; a column that is S4 ÷ S1 (or that over 4) is
// a ratio, and "C4 ITL p95" a figure at one level.
func TestStreamLevelsBesideDerivedColumns(t *testing.T) {
	md := "| Backend | S1 | S2 | S3 | S4 | scaling4 | efficiency4 | C4 ITL p95 |\n|---|---:|---:|---:|---:|---:|---:|---:|\n" +
		"| FPX FP4 | 113.13 | 184.86 | 225.56 | 265.79 | 2.349 | 0.587 | 15.33 ms |\n| upstream Q4_0 | 109.48 | 179.50 | 220.63 | 250.79 | 2.291 | 0.573 | 16.03 ms |\n\n" +
		"The repetitions were 260.29, 265.79 and 278.66 tok/s.\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "FPX FP4"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 265.79, s.Points[3].ThroughputTokS)
	require.Equal(t, []float64{260.29, 265.79, 278.66}, proseRates("were 260.29, 265.79 and 278.66 tok/s"))
	require.Equal(t, []float64{1168}, proseRates("1,168 tok/s"))
}

// An object keyed "0", "1" … is a list; a unitless "speed" that is the
// run's generated tokens over its duration is the node's tok/s.
func TestIndexKeyedRunsAndSpeedByCount(t *testing.T) {
	js := `{"0": {"input_length": 32, "data": [` +
		`{"nb_parallel_requests": 1, "actual_total_time": 303.3, "total_number_of_generated_tokens": 14531, "speed": 48.31},` +
		`{"nb_parallel_requests": 2, "actual_total_time": 177.1, "total_number_of_generated_tokens": 15950, "speed": 91.37},` +
		`{"nb_parallel_requests": 4, "actual_total_time": 91.6, "total_number_of_generated_tokens": 15964, "speed": 179.18}]},` +
		`"1": {"input_length": 1024, "data": [` +
		`{"nb_parallel_requests": 1, "actual_total_time": 310.0, "total_number_of_generated_tokens": 14000, "speed": 45.5},` +
		`{"nb_parallel_requests": 2, "actual_total_time": 180.0, "total_number_of_generated_tokens": 15000, "speed": 84.0},` +
		`{"nb_parallel_requests": 4, "actual_total_time": 95.0, "total_number_of_generated_tokens": 15500, "speed": 165.0}]}}`
	s, err := Read("t.json", []byte(js), Records, Meta{Series: "32"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 179.18, s.Points[2].ThroughputTokS)
	// A speed that is no count over any duration stays unread.
	js = `[{"c": 1, "total_number_of_generated_tokens": 100, "t": 10, "speed": 3},{"c": 2, "total_number_of_generated_tokens": 200, "t": 10, "speed": 5},{"c": 4, "total_number_of_generated_tokens": 400, "t": 10, "speed": 9}]`
	_, err = Read("t.json", []byte(js), Records, Meta{})
	require.Error(t, err)
}

// Turkish: "Token / Saniye" is tok/s, "Üretilen" generated.
func TestTurkishTokensPerSecond(t *testing.T) {
	c := classify("Toplam Üretilen Token / Saniye (Aggregate Output)")
	require.Equal(t, colThroughput, c.kind)
}

// From batch aq: pandas prints a long frame's first and last rows with a
// row of ".." and "..." between; that row is no level.
func TestElisionRowIsNoLevel(t *testing.T) {
	require.True(t, elisionRow([]string{"..", "...", "...", ""}))
	require.False(t, elisionRow([]string{"..", "3", "..."}))
	require.False(t, elisionRow([]string{"", ""}))
	md := "| batch | token_per_s |\n|---|---|\n| 1 | 33.0 |\n| 2 | 61.9 |\n| ... | ... |\n| 64 | 540.2 |\n| 128 | 549.2 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
}

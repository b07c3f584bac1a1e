package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules built while held-out batch bu was collected, from corpus tables
// refused before it (none from bu). Every table here is synthetic, written
// for the shape.

// Prose states the output tokens each request got in many ways: "generates
// 50 tokens", "64 new tokens each", "with 220-token answers", and in other
// languages ("128 tokens de salida", "Ausgabe-Tokens: 128"). Any of them
// ties a req/s-only table to the node's output rate, as "max_tokens: 50"
// does; two different lengths tie it to none.
func TestOutputLengthInProse(t *testing.T) {
	table := "| Concurrent Users | req/s | latency (s) |\n|---|---|---|\n| 1 | 0.9 | 1.1 |\n| 4 | 3.2 | 1.25 |\n| 16 | 9.6 | 1.66 |\n| 64 | 12.8 | 5.0 |\n"
	for _, said := range []string{
		"Each request sends a prompt of 1000 tokens and generates 50 tokens.",
		"Sonnet prompt distribution, 50 new tokens each.",
		"Measured with 50-token answers.",
		"Cada petición pide 50 tokens de salida.",
		"Ausgabe-Tokens: 50 je Anfrage.",
	} {
		s, err := Read("t.md", []byte(said+"\n\n"+table), Markdown, Meta{})
		require.NoError(t, err, said)
		require.Equal(t, []float64{45, 160, 480, 640}, throughputs(s), said)
		require.Contains(t, strings.Join(s.Notes, "\n"), "× 50 (the output length the text states", said)
	}
	_, err := Read("t.md", []byte("Requests generate 50 tokens, or 64 new tokens on long prompts.\n\n"+table), Markdown, Meta{})
	require.ErrorContains(t, err, "nothing states the output tokens per request")
	_, err = Read("t.md", []byte(table), Markdown, Meta{})
	require.ErrorContains(t, err, "nothing states the output tokens per request")
}

// A run record's median decode rate beside its output tokens over wall
// time: the unnamed rate is the run's, and a median far below it is one
// stream's (it falls as the load grows while the run's rate climbs), never
// the central value of one family.
func TestMedianFarBelowTheRunsRate(t *testing.T) {
	// In the second curve the queue holds half the streams at 32 (the run's
	// rate is under half their decode rates' sum), so the per-stream test
	// cannot pair the columns on every row.
	doc := `{"auto": [{"concurrency": 1, "median_decode_tokens_per_s": 45.8, "output_tokens_per_s": 45.1, "median_ttft_ms": 64},
{"concurrency": 16, "median_decode_tokens_per_s": 39.8, "output_tokens_per_s": 629.8, "median_ttft_ms": 150},
{"concurrency": 32, "median_decode_tokens_per_s": 34.5, "output_tokens_per_s": 1090.9, "median_ttft_ms": 200}],
"draft": [{"concurrency": 1, "median_decode_tokens_per_s": 61.2, "output_tokens_per_s": 60.7, "median_ttft_ms": 72},
{"concurrency": 16, "median_decode_tokens_per_s": 31.1, "output_tokens_per_s": 485.6, "median_ttft_ms": 145},
{"concurrency": 32, "median_decode_tokens_per_s": 36.0, "output_tokens_per_s": 516.2, "median_ttft_ms": 14841}]}`
	s, err := Read("t.json", []byte(doc), Records, Meta{Series: "draft"})
	require.NoError(t, err)
	require.Equal(t, []float64{60.7, 485.6, 516.2}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"median_decode_tokens_per_s", a median far below it, summarises something else`)
	// A median close to the unnamed rate is its family's central value,
	// read first as before.
	near := strings.NewReplacer("31.1", "480.0", "36.0", "510.0", "39.8", "620.0", "34.5", "1080.0").Replace(doc)
	s, err = Read("t.json", []byte(near), Records, Meta{Series: "draft"})
	require.NoError(t, err)
	require.Equal(t, []float64{61.2, 480, 510}, throughputs(s))
}

// A column of thresholds ("p99≤30000, rps≥0.3") is the bound a check
// compared each row with, not a setting: its values name no curves, even
// where the bound grows with the level. An arrow ("1k -> 256") is no bound.
func TestThresholdColumnNamesNoCurves(t *testing.T) {
	doc := "| Level | Verdict | p99 (ms) | tok/s | Threshold |\n|---|---|---|---|---|\n" +
		"| 1 | PASS | 187 | 269.7 | p99≤30000, rps≥0.3 |\n| 10 | PASS | 932 | 604.4 | p99≤30000, rps≥1.0 |\n" +
		"| 50 | PASS | 2016 | 624.2 | p99≤60000, rps≥2.0 |\n| 100 | PASS | 2128 | 589.8 | p99<=120000 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{269.7, 604.4, 624.2, 589.8}, throughputs(s))
	require.False(t, criterionColumn(synthetic([]string{"shape"}, "", []string{"1k -> 256"}, []string{"8k => 1k"}), 0))
}

// Run ids, one per row ("BENCH-001", "BENCH-005"), where two rows share a
// level: no id is a curve (one point each), and the rows of one level may
// be other runs beside the sweep, so the table is refused with the rows
// named. Where no level repeats, the ids are dropped and the rows are the
// sweep.
func TestRunsNamedApartAtOneLevel(t *testing.T) {
	doc := "| Case | Level | tok/s |\n|---|---|---|\n| BENCH-001 | 1 | 100 |\n| BENCH-002 | 10 | 600 |\n| BENCH-003 | 50 | 620 |\n| BENCH-004 | 100 | 590 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{100, 600, 620, 590}, throughputs(s))
	_, err = Read("t.md", []byte(doc+"| BENCH-005 (streaming) | 1 | 130 |\n"), Markdown, Meta{})
	require.ErrorContains(t, err, `the rows at Level 1 are runs named apart ("BENCH-001", "BENCH-005 (streaming)")`)
}

// Two runs side by side, each named only in its group's first column, the
// rest of the headers repeated: each repeated header is its group's, so
// the second run's TTFT is never read with the first's rate.
func TestRepeatedHeadersNameColumnGroups(t *testing.T) {
	doc := "| c | NVFP4 agg | per-stream | TTFT (fresh) | EXL3 agg | per-stream | TTFT (fresh) |\n|---|---|---|---|---|---|---|\n" +
		"| 1 | 64.3 | 64.3 | 1.29 s | 61.8 | 61.8 | 2.31 s |\n| 2 | 111.1 | 55.5 | 2.14 s | 92.5 | 46.5 | 4.13 s |\n" +
		"| 3 | 138.6 | 47.0 | 3.01 s | 120.2 | 41.2 | 5.85 s |\n| 4 | 151.2 | 38.5 | 3.9 s | 149.7 | 37.4 | 7.47 s |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "EXL3"})
	require.NoError(t, err)
	require.Equal(t, []float64{61.8, 92.5, 120.2, 149.7}, throughputs(s))
	require.Equal(t, 7470.0, *s.Points[3].TTFT.Mean)
	require.Contains(t, strings.Join(s.Notes, "\n"), `read as each group's own ("NVFP4 per-stream", "NVFP4 TTFT (fresh)" …)`)
	// Headers repeated in another order are no groups.
	_, ok := groupStarts([]string{"c", "A agg", "x", "y", "B agg", "y", "x"})
	require.False(t, ok)
}

// A column whose header holds a load word but whose cells are memory
// sizes ("worker margin" over "~4.1 GiB") is a reading, not a load.
func TestMemoryCellsAreNoLoad(t *testing.T) {
	doc := "| NUM_PARALLEL | P95 TTFT | agg tok/s | worker margin |\n|---:|---:|---:|---:|\n" +
		"| 2 | 12.8s | 171 | ~4.1 GiB |\n| 4 | 7.8s | 276 | ~2.6 GiB |\n| 8 | 6.0s | 324 | ~0.45 GiB |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{171, 276, 324}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"worker margin" not read as a load: its cells are physical quantities ("~4.1 GiB")`)
}

// "median / last" over "9.9 s / 9.9 s": the last request's wait is the
// longest, a maximum, so the pair splits as median and max.
func TestMedianAndLastSplit(t *testing.T) {
	doc := "| Concurrent requests | Decode, aggregate tokens/s | Time to first token, median / last |\n|---:|---:|---:|\n" +
		"| 1 | 21.6 | 9.9 s / 9.9 s |\n| 5 | 60.7 | 38.7 s / 53.2 s |\n| 10 | 77.0 | 65.1 s / 101.2 s |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{21.6, 60.7, 77}, throughputs(s))
	require.Equal(t, 38700.0, *s.Points[1].TTFT.P50)
	require.Nil(t, s.Points[1].TTFT.Mean)
}

// A column after the levels whose header names nothing knee reads and no
// statistic ("KV tokens" over "1,093,386 @1M") is a figure of each row's
// setup: set aside, the levels read under the heading's metric.
func TestRowFigureAfterTheLevels(t *testing.T) {
	doc := "## Headline results (decode tok/s, ctx 0, median of 3×30 s)\n\n| Setup | C1 | C4 | C8 | KV tokens |\n|---|---:|---:|---:|---:|\n" +
		"| A | 207 | 488 | 672 | 1,093,386 @1M |\n| B | 306 | 694 | 962 | 1,015,018 |\n| C | 262 | 668 | 924 | — |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "B"})
	require.NoError(t, err)
	require.Equal(t, []float64{306, 694, 962}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"KV tokens" holds another figure of each row (no level, no metric knee reads), after the levels: not read`)
}

// "mean_tokens_per_run" (batch × output tokens) beside "tokens_per_second":
// tokens per run are a count, no mean of the rate, and "output_tokens",
// which it multiplies, names the curves: a setting crossed with every level
// is no share of the count.
func TestTokensPerRunIsACount(t *testing.T) {
	doc := "tokens_per_second,batch_size,output_tokens,mean_tokens_per_run\n61.4,1,128,128\n60.9,1,256,256\n234.8,4,128,512\n233.0,4,256,1024\n452.2,8,128,1024\n446.2,8,256,2048\n"
	s, err := Read("t.csv", []byte(doc), CSV, Meta{Series: "256"})
	require.NoError(t, err)
	require.Equal(t, []float64{60.9, 233, 446.2}, throughputs(s))
	require.True(t, tokensNoTime("mean_tokens_per_run"))
	require.False(t, tokensNoTime("tokens_per_second"))
	require.False(t, tokensNoTime("tokens per"))
}

// A level whose row says the engine died ("**engine died** during
// warm-up") under a column of packed statistics ran nothing: the text is
// no TTFT, so the level is set aside as failed and the levels below read.
func TestEngineDiedRowIsAFailedLevel(t *testing.T) {
	doc := "| c | completed | TTFT p50 / p90 / p99 | tok/s |\n|---|---|---|---|\n" +
		"| 1 | 23 | 49.4 / 63.8 / 69.5 | 74.0 |\n| 4 | 77 | 58.3 / 74.6 / 120.4 | 271.3 |\n| 16 | 250 | 57.2 / 85.1 / 434.1 | 776.9 |\n" +
		"| 32 | — | **engine died** during warm-up | |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{74, 271.3, 776.9}, throughputs(s))
	require.Equal(t, 434.1, *s.Points[2].TTFT.P99)
}

// From held-out batch bv's one wrong reading (fitted after its one
// measurement): a count of output tokens that recurs only at one level
// (1039 under two contexts at concurrency 1) is no request-length setting,
// so the context names the curves; and of two node rates that give one
// answer, the benchmark's own ("aggregate_tps") is read before the one the
// server reported of itself ("server_gen_throughput").
func TestCountsRecurringAtOneLevelAndServerRates(t *testing.T) {
	doc := `{"results": [
{"context_tokens": 0, "concurrency": 1, "aggregate_tps": 50.56, "server_gen_throughput": 50.71, "server_output_tokens": 1015},
{"context_tokens": 8192, "concurrency": 1, "aggregate_tps": 51.99, "server_gen_throughput": 52.1, "server_output_tokens": 1039},
{"context_tokens": 65536, "concurrency": 1, "aggregate_tps": 51.98, "server_gen_throughput": 52.0, "server_output_tokens": 1039},
{"context_tokens": 0, "concurrency": 2, "aggregate_tps": 75.47, "server_gen_throughput": 75.9, "server_output_tokens": 1506},
{"context_tokens": 8192, "concurrency": 2, "aggregate_tps": 75.48, "server_gen_throughput": 75.8, "server_output_tokens": 1505},
{"context_tokens": 65536, "concurrency": 2, "aggregate_tps": 72.62, "server_gen_throughput": 73.0, "server_output_tokens": 1448},
{"context_tokens": 0, "concurrency": 4, "aggregate_tps": 101.92, "server_gen_throughput": 102.5, "server_output_tokens": 2029},
{"context_tokens": 8192, "concurrency": 4, "aggregate_tps": 98.98, "server_gen_throughput": 99.3, "server_output_tokens": 1972},
{"context_tokens": 65536, "concurrency": 4, "aggregate_tps": 95.15, "server_gen_throughput": 95.6, "server_output_tokens": 1903}]}`
	_, err := Read("t.json", []byte(doc), Records, Meta{Series: "8192"})
	require.ErrorContains(t, err, `pick one with --column throughput="aggregate_tps"`)
	s, err := Read("t.json", []byte(doc), Records, Meta{Series: "8192", Columns: map[string]string{"throughput": "aggregate_tps"}})
	require.NoError(t, err)
	require.Equal(t, []float64{51.99, 75.48, 98.98}, throughputs(s))
	require.Equal(t, 0, serverRank("aggregate_tps"))
	require.Equal(t, 1, serverRank("server_gen_throughput"))
}

// From held-out batch bv's misses (fitted after its one measurement): a
// cell's word naming the whole node before its unit ("19.625 aggregate
// tok/s") leaves the unit read; lowerCamelCase JSON keys read as their
// words ("aggregateDecodeTps"); and the streams' sum beside the streams'
// mean and median ("aggregate Decode Tps") is the node's rate, never a
// curve sibling of them.
func TestAggregateWordsAndCamelKeys(t *testing.T) {
	doc := "| Concurrency | Throughput |\n|---:|---:|\n| 1 | 12.571 tok/s |\n| 2 | 19.625 aggregate tok/s |\n| 4 | 29.257 aggregate tok/s |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{12.571, 19.625, 29.257}, throughputs(s))
	js := `{"results": [{"concurrency": 1, "meanDecodeTps": 39.91, "medianDecodeTps": 39.91, "aggregateDecodeTps": 39.91, "meanTtftMs": 164.9},
{"concurrency": 2, "meanDecodeTps": 30.02, "medianDecodeTps": 30.02, "aggregateDecodeTps": 58.88, "meanTtftMs": 170.1},
{"concurrency": 4, "meanDecodeTps": 23.08, "medianDecodeTps": 23.13, "aggregateDecodeTps": 91.5, "meanTtftMs": 180.2},
{"concurrency": 8, "meanDecodeTps": 17.5, "medianDecodeTps": 17.52, "aggregateDecodeTps": 137.38, "meanTtftMs": 210.3}]}`
	s, err = Read("t.json", []byte(js), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{39.91, 58.88, 91.5, 137.38}, throughputs(s))
	require.Equal(t, 180.2, *s.Points[2].TTFT.Mean)
	require.Equal(t, "aggregate Decode Tps", keyWords("aggregateDecodeTps"))
	require.Equal(t, "output_tok_s", keyWords("output_tok_s"))
	require.Equal(t, "MaxConc", keyWords("MaxConc"))
}

// Two tables, the second with nothing to pick by --series: a refusal of
// the first table for a reason of its own is the answer, never the
// second's "nothing to pick" (from the property test over batch bv).
func TestOwnRefusalBeforeNothingToPick(t *testing.T) {
	doc := "| engine | rate (req/s) | tok/s | TTFT p50 |\n| --- | --- | --- | --- |\n| a | 1 | 210 | 27 ms |\n| a | 2 | 394 | 27 ms |\n| a | 4 | 697 | 28 ms |\n" +
		"| b | 1 | 223 | 15 ms |\n| b | 2 | 444 | 13 ms |\n| b | 4 | 877 | 12 ms |\n\n| engine | offline tok/s |\n| --- | --- |\n| a | 1040 |\n| b | 6018 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "a"})
	require.Error(t, err)
	require.NotContains(t, err.Error(), "nothing to pick")
}

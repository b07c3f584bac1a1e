package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules built from the corpus's refusals before held-out batch bj was
// measured. Synthetic numbers.

// A remark set off by a dash after a value ("460.1 — both completed
// 57/64") is no part of it; a dash between numbers is a range, not a
// remark.
func TestDashRemarkAfterValue(t *testing.T) {
	require.Equal(t, "460.1", dropDashRemark("460.1 — both completed 57/64"))
	require.Equal(t, "38.5 tok/s", dropDashRemark("38.5 tok/s – MTP off"))
	require.Equal(t, "95.7 – 98.8", dropDashRemark("95.7 – 98.8"), "a range stays whole")
	require.Equal(t, "— only 4 slots", dropDashRemark("— only 4 slots"), "no value before the dash")
	require.Equal(t, "30K - Conc 8", dropDashRemark("30K - Conc 8"), "a hyphen joins a name's parts")
	md := "| batch | tok/s | TTFT (ms) |\n|---|---|---|\n| 1 | 49.2 | 40 |\n| 8 | 270.2 tok/s – MTP off | 45 |\n" +
		"| 16 | 420.4 | 60 |\n| 32 | 455.0 | 90 |\n| 64 | 460.1 — **both completed 57/64** | 300 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 5)
	require.Equal(t, 270.2, s.Points[1].ThroughputTokS)
	require.Equal(t, 460.1, s.Points[4].ThroughputTokS)
}

// A console report printing one table per level under a line naming it
// ("Concurrency = 2"), each splitting one run's requests by kind and
// ending with the run's "overall" row (its samples the sum of the kinds'),
// is one sweep read by the overall rows.
func TestConsoleLevelTablesWithWholeRunRow(t *testing.T) {
	block := func(level string, n int, rows [3]string) string {
		return "Concurrency = " + level + "\n" +
			"category   samples  avg_pred_t/s  agg_pred_t/s  avg_latency\n" +
			"---------- -------  ------------  ------------  -----------\n" +
			rows[0] + "\n" + rows[1] + "\n" + rows[2] + "\n\n"
	}
	txt := "Benchmark run\nModel: m\n\n" +
		block("1", 2, [3]string{"coding           2         80.10         80.10       10.0s", "math             2         70.30         70.30       12.0s", "overall          4         75.20         75.20       11.0s"}) +
		block("2", 4, [3]string{"coding           4         60.00        120.00       14.0s", "math             4         55.00        110.00       15.0s", "overall          8         57.50        115.00       14.5s"}) +
		block("4", 8, [3]string{"coding           8         52.00        208.00       16.0s", "math             8         48.00        192.00       17.0s", "overall         16         50.00        200.00       16.5s"})
	s, err := Read("t.txt", []byte(txt), Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range []float64{75.2, 115, 200} {
		require.Equal(t, want, s.Points[i].ThroughputTokS)
	}
	require.Equal(t, 4.0, s.Points[2].Concurrency)
	// Without a count that the summary row sums, the rows are arms: kept.
	g := grid{header: []string{"arm", "tok/s"}, rows: [][]string{{"a", "1"}, {"b", "2"}, {"overall", "3"}}, lines: []int{1, 2, 3}}
	run, note := wholeRunSummaries([]grid{g, g})
	require.Empty(t, note)
	require.Len(t, run[0].rows, 3)
}

// Rules from the misses of held-out batch bj (written after its one
// measurement). Synthetic numbers.

// Run names that are their level alone ("rps4" at 4 req/s) name one curve
// ("rps"); a peak probe beside them at an unbounded rate writes no level
// and stays a run of its own, which find sets aside.
func TestNamesThatAreTheirLevelAlone(t *testing.T) {
	g := grid{header: []string{"config", "request_rate"}, rows: [][]string{{"rps4", "4.0"}, {"rps8", "8.0"}, {"rps16", "16.0"}, {"decode_peak", "inf"}}, lines: []int{2, 3, 4, 5}}
	cut, filled := levelNameCuts(g, 0, 1)
	require.Equal(t, map[int]string{0: "rps", 1: "rps", 2: "rps"}, cut)
	require.Equal(t, 3, filled, "a row at no level cannot write it")
}

// Labels that write a column's number after a word ("active4") make that
// column the load, over a one-letter header ("N") that counts requests;
// labels of several words leave no load, and the refusal names the column
// when its levels are whole.
func TestLabelsWriteTheLoad(t *testing.T) {
	md := "| Label | X | N | tok/s |\n|---|---|---|---|\n| active1 | 1 | 512 | 40 |\n| active2 | 2 | 512 | 80 |\n" +
		"| active4 | 4 | 512 | 150 |\n| active8 | 8 | 512 | 280 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 8.0, s.Points[3].Concurrency)
	rates := "| Label | X | N | tok/s |\n|---|---|---|---|\n| rps2 | 2 | 226 | 450 |\n| rps4 | 4 | 463 | 535 |\n| rps6 | 6 | 715 | 540 |\n"
	_, err = Read("t.md", []byte(rates), Markdown, Meta{})
	require.ErrorContains(t, err, "a request-rate sweep", "a rate's word makes the column the offered rate, which Little's law must place")
	mixed := "| Label | X | N | tok/s |\n|---|---|---|---|\n| active1 | 1 | 512 | 40 |\n| active2 | 2 | 512 | 80 |\n" +
		"| active4 | 4 | 512 | 150 |\n| rps2 | 2 | 226 | 450 |\n| rps4 | 4 | 463 | 535 |\n| rps6 | 6 | 715 | 540 |\n"
	_, err = Read("t.md", []byte(mixed), Markdown, Meta{})
	require.ErrorContains(t, err, `--column concurrency="X"`)
}

// A level written as its floor and a plus ("512+") at the top of a sweep,
// with approximate cells, is set aside; the levels set are read.
func TestOpenEndedTopRowIsSetAside(t *testing.T) {
	md := "| Concurrency | tok/s |\n|---|---|\n| 32 | 7,239 |\n| 64 | 11,870 |\n| 128 | 15,651 |\n| 256 | 19,708 |\n| 512+ | ~19,700 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"512+" is open-ended`)
	// With a TTFT on that row, the row may be the knee's evidence: refused.
	withTTFT := "| Concurrency | tok/s | TTFT p99 (ms) |\n|---|---|---|\n| 32 | 7239 | 100 |\n| 64 | 11870 | 120 |\n| 128 | 15651 | 150 |\n| 256 | 19708 | 300 |\n| 512+ | 19700 | 9000 |\n"
	_, err = Read("t.md", []byte(withTTFT), Markdown, Meta{})
	require.ErrorContains(t, err, "open-ended")
}

// A statistic alone ("p95") beside "latency p50" is the latency's p95, not
// the caption's words.
func TestBareStatisticNamesItsNeighboursQuantity(t *testing.T) {
	md := "Firing C requests in parallel:\n\n| concurrency | latency p50 | p95 | tok/s aggregate |\n|---|---|---|---|\n" +
		"| 1 | 5.7 s | 5.7 s | 16.4 |\n| 2 | 7.8 s | 10.5 s | 18.0 |\n| 4 | 13.0 s | 20.9 s | 18.0 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 20900.0, *s.Points[2].E2E.P95)
}

// A legend defining a column by a sentence ("**agg** is aggregate tok/s")
// gives it its unit; "the metric is … tok/s" states the unit of every
// column that names none.
func TestLegendSentencesNameColumns(t *testing.T) {
	md := "Columns: **decode** is tok/s per request; **agg** is aggregate tok/s.\n\n| c | decode | agg |\n|---|---|---|\n" +
		"| 1 | 190.1 | 125 |\n| 2 | 138.3 | 211 |\n| 4 | 104.4 | 269 |\n| 8 | 87.1 | 468 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 468.0, s.Points[3].ThroughputTokS)
	metric := "The metric is decode-only aggregate tok/s.\n\n| B | stock | tuned |\n|---|---|---|\n| 1 | 127 | 183 |\n| 2 | 227 | 332 |\n| 4 | 373 | 551 |\n"
	_, err = Read("t.md", []byte(metric), Markdown, Meta{})
	require.ErrorContains(t, err, "--series", "the columns are two curves of tok/s")
}

// A script's progress lines ("Batch 8 ... 875.2 tok/s (8/8 ok)") are a
// curve, with the requests that succeeded.
func TestProgressLinesAreACurve(t *testing.T) {
	txt := "Warming up...\n    Batch    1 ... 162.0 tok/s  (1/1 ok)\n    Batch    8 ... 875.2 tok/s  (8/8 ok)\n" +
		"    Batch   32 ... 4,056.6 tok/s  (31/32 ok)\n    Batch   64 ... skipped (cap 16)\n"
	s, err := Read("t.txt", []byte(txt), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4056.6, s.Points[2].ThroughputTokS)
	require.Equal(t, 1, *s.Points[2].Failures)
}

// snake_case headers that differ by a prefix ("cache_off_…", "cache_on_…")
// are two series as column names; a column the words make a count that
// holds fractions is no count.
func TestSnakeCasePrefixSeriesAndFractionalCounts(t *testing.T) {
	csv := "concurrency,prediction_absolute_error,cache_off_output_tokens_per_second,cache_on_output_tokens_per_second\n" +
		"1,0.0,25.7,25.8\n8,0.0082,174.5,175.6\n32,0.0082,442.3,463.6\n"
	_, err := Read("t.csv", []byte(csv), CSV, Meta{})
	require.ErrorContains(t, err, `2 series as column names: "off"`)
	s, err := Read("t.csv", []byte(csv), CSV, Meta{Series: "on"})
	require.NoError(t, err)
	require.Equal(t, 463.6, s.Points[2].ThroughputTokS)
	require.Nil(t, s.Points[2].Failures)
}

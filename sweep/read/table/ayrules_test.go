package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from the corpus's refusals in the session of batch ay (written
// while batch ay was collected, none from it). Each test is synthetic,
// written for its rule.

// A column of load-signed labels ("1 request", "8 concurrent") whose last
// row is another measurement ("Prefill (3.6k prompt)") is the load: the
// last row is set aside. A label column with an unsigned row in the middle
// stays labels.
func TestSignedLoadsBeforeAnotherMeasurement(t *testing.T) {
	md := "| Scenario | Total tok/s | Per request |\n|---|---|---|\n| 1 request | 67.4 | 67.4 |\n| 8 concurrent | 134.7 | 16.8 |\n| 16 concurrent | 393.3 | 24.6 |\n| 32 concurrent | 628.3 | 19.6 |\n| **Prefill** (3.6k prompt) | 3767 | — |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 8, 16, 32}, concurrencies(s))
	require.Equal(t, []float64{67.4, 134.7, 393.3, 628.3}, throughputs(s))
	require.Contains(t, s.Notes, `t.md: "Prefill (3.6k prompt)" under "Scenario" named no level: another measurement after the sweep's rows, set aside`)

	middle := "| Scenario | Total tok/s |\n|---|---|\n| 1 request | 67.4 |\n| 8 concurrent | 134.7 |\n| Prefill | 3767 |\n| 16 concurrent | 393.3 |\n| 32 concurrent | 628.3 |\n"
	_, err = Read("t.md", []byte(middle), Markdown, Meta{})
	require.Error(t, err)
}

// A pair written with no unit anywhere, a stream's rate and the aggregate
// ("base per-user / agg"), is one token rate's two sides: split, read in
// tok/s with a note, its names given to the bare curve columns after it.
// Two curves' names over a slash ("FP8 / BF16") are no such pair.
func TestUnitlessStreamAndAggregatePair(t *testing.T) {
	md := "| n | base per-user / agg | distill |\n|---:|---:|---:|\n| 1 | 82.8 / 83 | 81.1 / 81 |\n| 16 | 29.9 / 459 | 29.4 / 457 |\n| 32 | 19.6 / 591 | 19.0 / 579 |\n| 64 | 12.0 / 704 | 11.6 / 687 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "distill"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 16, 32, 64}, concurrencies(s))
	require.Equal(t, []float64{81, 457, 579, 687}, throughputs(s))
	require.Contains(t, s.Notes, `t.md: the cells of "base per-user / agg" hold 2 values each: read as "base per-user tok/s", "base agg tok/s" (the table writes no unit: a stream's rate and the aggregate of an LLM server are tokens per second)`)

	require.True(t, unitlessRatePair([]string{"no-spec per-stream", "agg"}))
	require.False(t, unitlessRatePair([]string{"FP8", "BF16"}))
	require.False(t, unitlessRatePair([]string{"per-stream", "DFlash"}))
}

// Curves named before the metric ("AR / DSpark 吞吐 (token/s)" over "19.15 /
// 46.59") are a column per curve, as when named in brackets after it. A
// workload's two lengths ("in / out tokens") and a stream's rate and the
// aggregate are no curves.
func TestCurvesNamedBeforeTheMetric(t *testing.T) {
	md := "| HTTP 并发 | AR / DSpark 吞吐 (token/s) | 配对加速中位数 |\n| --- | --- | --- |\n| 1 | 19.15 / 46.59 | 2.433× |\n| 4 | 63.70 / 104.52 | 1.688× |\n| 16 | 172.98 / 155.27 | 0.898× |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "DSpark"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 16}, concurrencies(s))
	require.Equal(t, []float64{46.59, 104.52, 155.27}, throughputs(s))
	require.Contains(t, s.Notes, `t.md: "AR / DSpark 吞吐 (token/s)" holds one value per curve it names: read as "AR 吞吐 (token/s)", "DSpark 吞吐 (token/s)"`)

	g := grid{header: []string{"c", "in / out tokens"}, rows: [][]string{{"1", "128 / 512"}}}
	_, _, ok := leadingCurvePair(g, 1)
	require.False(t, ok)
	g.header[1] = "per-stream / agg tok/s"
	_, _, ok = leadingCurvePair(g, 1)
	require.False(t, ok)
}

// A script's result blocks name their level in the line above in words
// ("=== 4 concurrent streams, 2 run(s) each ===", "Concurrent Requests=8
// (averaged over 3 separate experiments)" over a rule), or at the head of
// the result line ("batch 30  Avg generation throughput: 249.2 tokens/s,").
func TestBlockTitlesNameTheirLevelInWords(t *testing.T) {
	for title, want := range map[string]string{
		"=== 4 concurrent streams, 2 run(s) each ===":                  "4",
		"Concurrent Requests=8 (averaged over 3 separate experiments)": "8",
		"Round 3 of 5":   "",
		"Model 7B, fp16": "",
	} {
		got, ok := blockTitleLevel(title)
		require.Equal(t, want, got, title)
		require.Equal(t, want != "", ok, title)
	}
	text := "\nConcurrent Requests=1 (averaged over 3 separate experiments)\n======\ntok/sec total:      185.3\ntok/sec per thread: 185.3\n\n" +
		"\nConcurrent Requests=4 (averaged over 3 separate experiments)\n======\ntok/sec total:      638.5\ntok/sec per thread: 159.6\n\n" +
		"\nConcurrent Requests=16 (averaged over 3 separate experiments)\n======\ntok/sec total:      961.5\ntok/sec per thread: 60.1\n"
	g, ok := keyValueBlocksGrid("t.txt", text)
	require.True(t, ok)
	require.Len(t, g.rows, 3)

	lines := "when I use VLLM\nbatch 1  Avg generation throughput: 55.2 tokens/s\nbatch 3  Avg generation throughput: 98.2 tokens/s,\nbatch 30  Avg generation throughput: 249.2 tokens/s\n"
	g, ok = keyValueBlocksGrid("t.txt", lines)
	require.True(t, ok)
	require.Len(t, g.rows, 3)
	require.Contains(t, g.header, "Avg generation throughput")

	warm := "warmup...\n\n=== 1 concurrent streams, 1 run(s) each ===\n  total_toks=375  total_wall=4.89s  aggregate_TPS=76.64\n\n" +
		"=== 1 concurrent streams, 2 run(s) each ===\n  total_toks=1491  total_wall=20.14s  aggregate_TPS=74.03\n\n" +
		"=== 2 concurrent streams, 2 run(s) each ===\n  total_toks=3170  total_wall=24.62s  aggregate_TPS=128.74\n\n" +
		"=== 4 concurrent streams, 2 run(s) each ===\n  total_toks=5734  total_wall=21.31s  aggregate_TPS=269.03\n"
	g, ok = keyValueBlocksGrid("t.txt", warm)
	require.True(t, ok)
	require.Len(t, g.rows, 3)
	require.Contains(t, g.notes, "t.txt:4: the block after a line that says warm-up is the warm-up run, no level of the sweep: set aside")
}

// Rules from batch ay's wrong readings (measured once, then folded into
// the corpus). Each test is synthetic, written for its rule.

// "End-to-end throughput" beside "Decode throughput": the run's output over
// its whole time is the candidate a perf engineer reads first.
func TestEndToEndRateRanksBeforeDecodeRate(t *testing.T) {
	require.Equal(t, []string{"End-to-end throughput (tok/s)", "Decode throughput"}, rankCandidates("throughput", []string{"Decode throughput", "End-to-end throughput (tok/s)"}))
	require.Equal(t, []string{"e2e output tok/s", "decode tok/s"}, rankCandidates("throughput", []string{"decode tok/s", "e2e output tok/s"}))
}

// A round column under a word knee does not know as a load ("offered"),
// at or above the measured concurrency and within twice it on every row,
// is the level set; the measured one stays the achieved concurrency.
func TestSetLevelBesideAchievedConcurrency(t *testing.T) {
	md := "| offered | achieved并发 | out tok/s | TTFT(ms) |\n|---|---|---|---|\n| 8 | 7.9 | 1663 | 38 |\n| 16 | 15.7 | 2817 | 38 |\n| 32 | 30.7 | 3732 | 47 |\n| 64 | 61.0 | 4684 | 58 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{8, 16, 32, 64}, concurrencies(s))
	require.Equal(t, 7.9, *s.Points[0].AchievedConcurrency)
	require.Contains(t, s.Notes, `t.md: "offered" read as the level set: whole numbers rising row to row, each at or above the measured "achieved并发" and within twice it`)

	// A column below the measured one on some row is no level set.
	below := strings.Replace(md, "| 16 | 15.7 |", "| 15 | 15.7 |", 1)
	_, err = Read("t.md", []byte(below), Markdown, Meta{})
	require.Error(t, err)
}

// A short caption line that ends a wrapped paragraph is its last sentence
// (one opening with a capital: "e.g. per run" is no sentence); a column the
// caption would name that is flat and ten times below the curves that climb
// holds another quantity.
func TestCaptionIsTheLastSentenceAndFlatOutliersKeepTheirName(t *testing.T) {
	require.Equal(t, "Decode (in=128, out=512), output tok/s", captionAbove([]string{"c=32: 17.0k → 16.9k). Decode (in=128, out=512), output tok/s:", "", "| c | a |"}, 2))
	require.Equal(t, "Output tok/s, e.g. per run", captionAbove([]string{"Output tok/s, e.g. per run:", "", "| c | a |"}, 2))
	md := "Prefill saturates at ~17k input tok/s and DSpark neither helps nor hurts it (c=8: 16.4k → 17.0k;\nc=32: 17.0k → 16.9k). Decode (in=128, out=512), output tok/s:\n\n" +
		"| Concurrency | No spec | DSpark | Accept length |\n|---:|---:|---:|---:|\n| 1 | 122 | 393 | 4.72 |\n| 16 | 976 | 1,626 | 4.31 |\n| 64 | 2,207 | 2,883 | 4.29 |\n| 128 | 3,310 | 4,334 | 4.35 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "No spec"})
	require.NoError(t, err)
	require.Equal(t, []float64{122, 976, 2207, 3310}, throughputs(s))
	require.Contains(t, s.Notes, `t.md:4: columns "No spec", "DSpark" name no metric: they hold the "Decode (in=128, out=512), output tok/s" the table's title names`)
}

// Rules from batch ay's refusals.

// "∅" marks a cell left unmeasured; "tokens/min" is a rate per minute, not
// a count of tokens.
func TestEmptySetCellsAndTokensPerMinute(t *testing.T) {
	require.True(t, isBlank("∅"))
	md := "| Concurrent sessions | Output tokens/min |\n|---|---|\n| 4 | 5,886 |\n| 8 | 8,364 |\n| 16 | 9,558 |\n| 32 | ∅ |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{4, 8, 16}, concurrencies(s))
	require.InDelta(t, 5886.0/60, throughputs(s)[0], 1e-9)
}

// A sole rate that falls a little at every level is the node's when no
// stream could draw it: at the top level a stream that waited its TTFT for
// the stated output length ran far slower, and decodes far faster. The
// length may be stated in the settings table above.
func TestFlatQueueRateIsNoStreams(t *testing.T) {
	md := "| Item | Value |\n| --- | --- |\n| Workload | 32 requests per run, 64 output tokens, closed-loop |\n\n## Result\n\n" +
		"| Concurrency | Output tokens/sec | TTFT p50 (ms) | Inter-token latency p50 (ms) |\n| ---: | ---: | ---: | ---: |\n" +
		"| 1 | 65.7 | 287 | 10.03 |\n| 2 | 62.9 | 1266 | 10.19 |\n| 4 | 62.7 | 3306 | 10.57 |\n| 8 | 61.1 | 7602 | 10.52 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{65.7, 62.9, 62.7, 61.1}, throughputs(s))
	require.Contains(t, s.Notes, `t.md: "Output tokens/sec" falls at every level, yet it is no stream's rate: at 8 in flight a stream that waited its TTFT (7602 ms) for 64 output tokens ran at most 8.4 tok/s over its whole time, and decodes at 95 tok/s (1000 ÷ ITL 10.52 ms), while the column reads 61.1: read as the node's rate`)

	// With TTFT short enough for a stream to have run so, it stays a
	// stream's rate.
	fast := strings.NewReplacer("| 7602 |", "| 700 |", "| 3306 |", "| 500 |", "| 1266 |", "| 400 |").Replace(md)
	_, err = Read("t.md", []byte(fast), Markdown, Meta{})
	require.Error(t, err)
}

// A fenced block that says csv is the page's table, named by the heading
// above its fence; a fence with no language is no table.
func TestFencedCSVBlockIsATable(t *testing.T) {
	md := "##### Raw Data\n\n```csv\ngpu,concurrency,p50_ttft_ms,throughput_tok_s\nA,1,  1033.65, 48.1\nA,4,  1099.25, 172.94\nA,16, 1315.41, 579.74\n```\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 16}, concurrencies(s))
	require.Equal(t, []float64{48.1, 172.94, 579.74}, throughputs(s))
	require.Equal(t, 4, markdownTables("t.md", []byte(md))[0].headerLine)

	require.Empty(t, markdownTables("t.md", []byte(strings.Replace(md, "```csv", "```", 1))))
	require.Empty(t, markdownTables("t.md", []byte(strings.TrimSuffix(md, "```\n")))) // never closed
}

// A script's console prints a level's results several to a line under a
// banner that names the level and the run: each "key: value" apart is a
// pair, "key: stat=value …" each statistic of the key, a key naming its own
// statistic keeps it (only the mean over requests read), and the banners'
// other words name the curves.
func TestResultLinesUnderBanners(t *testing.T) {
	block := func(model string, conc int, tps float64) string {
		return fmt.Sprintf("%s  conc=%d\n\n=== %s  (dur=120s, conc=%d) ===\nRequests OK/Total: 27/27  |  Errors: 0\nRPS: 0.22   System TPS: %g\nttft_ms: mean=1396.9  p50=1393.1  p95=1965.9\nitl_p95_ms: mean=18.4  p50=18.2  p95=19.4\n", model, conc, model, conc, tps)
	}
	text := "Starting Concurrent Requests to LLMs\n"
	for _, m := range []string{"a:20b", "b:7b"} {
		for i, c := range []int{1, 2, 4} {
			text += block(m, c, 50+float64(i*10)+float64(len(m)))
		}
	}
	g, ok := keyValueBlocksGrid("t.txt", text)
	require.True(t, ok)
	require.Len(t, g.rows, 6)
	require.Equal(t, []string{"run", "dur", "conc", "Errors", "RPS", "System TPS", "ttft_ms mean", "ttft_ms p50", "ttft_ms p95", "itl_p95_ms"}, g.header)
	require.Equal(t, []string{"b:7b", "120s", "4", "0", "0.22", "74", "1396.9", "1393.1", "1965.9", "18.4"}, g.rows[5])
	require.Nil(t, resultLinePairs("gpt-oss:20b  conc=1"))
	require.Equal(t, [][2]string{{"itl_p95_ms", "18.4"}}, resultLinePairs("itl_p95_ms: mean=18.4  p50=18.2  p95=19.4"))
}

// A refusal between two ITL columns beside a TPOT names the kind
// itl_chunks_p95: the flag takes it.
func TestITLChunksKindIsAColumnFlag(t *testing.T) {
	cols, err := ParseColumnFlags([]string{"itl_chunks_p95=ITL p95 (ms)"})
	require.NoError(t, err)
	require.Equal(t, "ITL p95 (ms)", cols["itl_chunks_p95"])
	// The requests an ITL was measured over, counted, are no ITL.
	require.Equal(t, colIgnore, classify("total_itl_available_requests").kind)
	require.Equal(t, colLatency, classify("mean_itl_ms").kind)
}

// Rules from batch az's wrong readings (measured once, then folded into
// the corpus).

// A header of tokens and no time that holds one value through each curve
// while the load climbs ("Input tok" 512 over 1, 2, 4, then 2048) is a
// request size, a series, never averaged away as a count.
func TestTokensPerCurveAreARequestSize(t *testing.T) {
	md := "| Input tok | Concurrency | Agg tok/s | Avg TTFT (ms) |\n|---:|:---:|---:|---:|\n| 512 | 1 | 23.5 | 1179 |\n| 512 | 2 | 24.0 | 5500 |\n| 512 | 4 | 25.0 | 13081 |\n| 2048 | 1 | 21.7 | 2449 |\n| 2048 | 2 | 21.3 | 7218 |\n| 2048 | 4 | 21.4 | 16522 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "2048"})
	require.NoError(t, err)
	require.Equal(t, []float64{21.7, 21.3, 21.4}, throughputs(s))
}

// "$C$ người dùng" is inline math, the letter C, users: no cost.
func TestInlineMathIsNoMoney(t *testing.T) {
	require.Equal(t, "C người dùng", stripMarkup("$C$ người dùng"))
	require.Equal(t, colIgnore, classify("Cost ($)").kind)
	md := "| $C$ người dùng | Thông lượng (tok/s) | TTFT p50 (s) |\n|---|---|---|\n| 1 | 66,6 | 0,035 |\n| 4 | 251,4 | 0,062 |\n| 16 | 853,7 | 0,124 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 16}, concurrencies(s))
}

// A --column a refusal named from one table of a page is no error of
// another table that lacks the header: that table has nothing to pick, and
// the one holding the header is read.
func TestColumnFlagOfAnotherTable(t *testing.T) {
	md := "| concurrency | rps | p99_ms |\n|--|--|--|\n| 1 | 0.2491 | 4149 |\n| 2 | 0.2544 | 8188 |\n| 4 | 0.2539 | 16166 |\n\n" +
		"| concurrency | output tok/s | total tok/s | TTFT p50 (ms) |\n|---|---|---|---|\n| 1 | 50 | 400 | 100 |\n| 4 | 180 | 1400 | 140 |\n| 16 | 500 | 3900 | 300 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Columns: map[string]string{"throughput": "total tok/s"}})
	require.NoError(t, err)
	require.Equal(t, []float64{400, 1400, 3900}, throughputs(s))

	_, err = Read("t.md", []byte(md), Markdown, Meta{Columns: map[string]string{"throughput": "no such header"}})
	require.ErrorContains(t, err, `names no column of this table`)
}

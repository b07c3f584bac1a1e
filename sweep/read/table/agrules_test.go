package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a transposed table whose level headers name the load in words
// the vocabulary reads ("客户端并发 4"), with metric rows, turns.
func TestNamedLevelHeadersTurn(t *testing.T) {
	doc := "| 指标 | 客户端并发 1 | 客户端并发 4 | 客户端并发 8 |\n| --- | ---: | ---: | ---: |\n" +
		"| 输出 token 吞吐（tok/s） | 101.22 | 405.67 | 389.46 |\n| P99 TTFT（ms） | 60.99 | 55.24 | 1511.11 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4.0, s.Points[1].Concurrency)
	require.Equal(t, 405.67, s.Points[1].ThroughputTokS)

	_, _, _, ok := namedLevelHeader("Before (c=1)")
	require.False(t, ok, "a series and a level is levelseries.go's, not a load header")
	_, _, _, ok = namedLevelHeader("Run 1")
	require.False(t, ok)
	_, _, _, ok = namedLevelHeader("p50")
	require.False(t, ok, "a percentile, not parallel 50")
	name, level, perGPU, ok := namedLevelHeader("Parallel requests: 16")
	require.True(t, ok)
	require.Equal(t, []any{"Parallel requests", "16", false}, []any{name, level, perGPU})
	_, _, ok = levelHeaders([]string{"客户端并发 1", "服务端并发 4"})
	require.False(t, ok, "headers naming the load differently are not one axis")
}

// Synthetic: a flattened header whose last columns knee has no word for
// ("Speedup", "Memory") is cut when the columns it reads place the rest,
// and a memory size after a number stays with it.
func TestNameWordCut(t *testing.T) {
	doc := "Short Generation (100 tokens per prompt)\n\nBatch Size Total TPS Per-Prompt TPS Speedup Memory\n" +
		"1 97 t/s 97 t/s 1.00x 13.76 GB\n2 136 t/s 68 t/s 1.40x 13.76 GB\n4 194 t/s 48 t/s 1.99x 13.76 GB\n8 273 t/s 34 t/s 2.80x 13.76 GB\n"
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 273.0, s.Points[3].ThroughputTokS)
	require.True(t, looksAligned([]byte(doc)), "a total and a per-prompt rate beside a load are a sweep's columns")

	cells, first, ok := spacedCells("1 97 t/s 97 t/s 1.00x 13.76 GB")
	require.True(t, ok && first)
	require.Equal(t, []string{"1", "97 t/s", "97 t/s", "1.00x", "13.76 GB"}, cells)
	require.False(t, nameWord("memory"), "a name starts with a capital")
	require.False(t, nameWord("GB/s"))
	require.True(t, nameWord("Speedup"))
}

// Synthetic: a heading naming the node's rate over a caption that names
// only the condition names the engines' columns; a heading naming two
// things ("吞吐饱和点与延迟崩溃点") names none.
func TestHeadingOverCaptionNamesColumns(t *testing.T) {
	doc := "## Throughput (aggregate tokens per second)\n\nGreedy (temperature 0):\n\n| | 1 | 2 | 4 | 8 |\n|---|---|---|---|---|\n" +
		"| engine-a | 76.7 | 87.6 | 126.5 | 150.8 |\n| engine-b | 100.2 | 117.5 | 127.8 | 130.2 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "engine-a"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 150.8, s.Points[3].ThroughputTokS)

	doc = "### 2. 吞吐饱和点与延迟崩溃点不是同一个点\n\nLong-long workload（C16 → C64）：\n\n| 并发 | 输出 tok/s | TTFT p95 | 等待队列峰值 |\n|---:|---:|---:|---:|\n" +
		"| 16 | 920 | 1.56 s | 13 |\n| 32 | 900 | 4.73 s | 27 |\n| 48 | 916 | 9.88 s | 43 |\n"
	s, err = Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 900.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 4730.0, *s.Points[1].TTFT.P95)
}

// Synthetic: prose stating the unit of every number ("The unit of
// measurement is output tokens per second") names engine columns; prose
// naming the total rate does not.
func TestProseStatesTheUnit(t *testing.T) {
	g := grid{context: "A simple comparison, measured in output tokens per second, in a short-input scenario."}
	require.True(t, proseRateBlanket(g))
	g.context = "The unit of measurement is tokens per second."
	require.True(t, proseRateBlanket(g))
	g.context = "Throughput is measured in total tokens per second."
	require.False(t, proseRateBlanket(g))
}

// Synthetic, shaped like a published DGX Spark sweep: a decode rate beside
// the aggregate in curves stacked by prompt length. With long prompts the
// aggregate is far below decode × concurrency (prefill counts in it), so
// no one band holds every row; in every curve the decode rate falls and
// the aggregate stays under the streams' sum: decode is a stream's.
func TestStreamRateFallsInEveryCurve(t *testing.T) {
	doc := "| Prompt | Concurrency | TTFT (s) | Decode tok/s | Aggregate tok/s |\n| ---: | ---: | ---: | ---: | ---: |\n" +
		"| 256 | 1 | 0.63 | 75.4 | 69.1 |\n| 256 | 2 | 0.81 | 58.3 | 104.9 |\n| 256 | 4 | 1.26 | 46.8 | 164.5 |\n| 256 | 6 | 1.42 | 36.9 | 191.2 |\n" +
		"| 32,768 | 1 | 9.1 | 64.0 | 16.6 |\n| 32,768 | 2 | 12.0 | 41.5 | 24.8 |\n| 32,768 | 4 | 20.3 | 17.4 | 26.7 |\n| 32,768 | 6 | 31.5 | 10.8 | 27.9 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "256"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 191.2, s.Points[3].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Decode tok/s" read as a per-stream rate`)

	// The aggregate above the streams' sum on one row: no stream rate of it.
	bad := strings.Replace(doc, "| 27.9 |", "| 99.0 |", 1)
	_, err = Read("t.md", []byte(bad), Markdown, Meta{Series: "256"})
	require.Error(t, err)
	require.Contains(t, err.Error(), "both read as throughput")
}

// Synthetic: merged header cells rendered with their label in the middle
// column of the group, over a row repeating the arms' names per group.
func TestCentredGroupHeader(t *testing.T) {
	doc := "| 输入长度 | 并发数 | | TTFT ms | | | E2E吞吐 tok/s | |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n" +
		"| | | 开启 A | 关闭 A | 提升比例 | 开启 A | 关闭 A | 提升比例 |\n" +
		"| 32000 | 10 | 26,174.26 | 29755.01 | 12.03% | 103.59 | 92.85 | 11.57% |\n" +
		"| 32000 | 15 | 38,726.93 | 42776.58 | 9.47% | 125.81 | 102.16 | 23.15% |\n" +
		"| 32000 | 20 | 52,450.65 | 70537.73 | 25.64% | 142.62 | 82.25 | 73.40% |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "关闭"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 82.25, s.Points[2].ThroughputTokS)
	require.Equal(t, 70537.73, *s.Points[2].TTFT.Mean)

	g := grid{header: []string{"a", "", "X", "", "Y", ""}, rows: [][]string{{"", "p", "q", "r", "p", "q"}, {"1", "2", "3", "4", "5", "6"}}}
	require.Nil(t, mergeCentredGroups(&g), "five names do not repeat in runs of equal length")
}

// Synthetic: a crosstab whose corner names its rows' axis then its
// columns' ("ctx \ conc") turns though its rows are numbered, its curves
// the rows, its metric the heading's; a settings table above it does not
// hide its refusal.
func TestCornerNamesColumnLoad(t *testing.T) {
	doc := "## Setup\n\n| | A | B |\n|--|---|---|\n| **TP** | 4 | 4 |\n| **Max concurrent** | 64 | 128 |\n\n" +
		"### Engine MTP ON (tok/s)\n\n| ctx \\ conc | 1 | 2 | 4 | 8 |\n|---|---|---|---|---|\n| 0 | 130 | 220 | 390 | 590 |\n| 16k | 79 | 147 | 260 | — |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `--series "0"`)
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "0"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 590.0, s.Points[3].ThroughputTokS)
	require.True(t, cornerNamesColumnLoad(`ctx \ conc`))
	require.False(t, cornerNamesColumnLoad(`conc \ tok/s`))
	require.False(t, cornerNamesColumnLoad("ctx"))
}

// Synthetic, shaped like a script's summary: per-request tokens_per_second
// with its tail, a run's token count and a unitless total_time. The time
// is in seconds (requests ÷ req/s), the node's rate is tokens ÷ time, and
// no statistic of the per-request rate is offered as the throughput.
func TestCountOverUnitlessDuration(t *testing.T) {
	rec := func(c, n int, tt, rps float64, toks int, avg, p99 float64) string {
		return fmt.Sprintf(`{"total_requests": %d, "successful_requests": %d, "concurrency": %d, "total_time": %g, "requests_per_second": %g, "total_output_tokens": %d, "latency": {"average": %g}, "tokens_per_second": {"average": %g, "p50": %g, "p95": %g, "p99": %g}}`,
			n, n, c, tt, rps, toks, float64(c)/rps, avg, avg, p99+1, p99)
	}
	doc := "[" + strings.Join([]string{
		rec(1, 10, 22.51, 0.4442, 988, 43.9, 43.1),
		rec(10, 100, 32.28, 3.098, 9504, 30.6, 26.9),
		rec(50, 500, 71.28, 7.015, 48186, 13.95, 11.2),
		rec(100, 1000, 131.0, 7.634, 98000, 8.2, 5.1),
	}, ",") + "]"
	s, err := Read("t.json", []byte(doc), Records, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.InDelta(t, 988/22.51, s.Points[0].ThroughputTokS, 1e-9)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `"total_time" read in s`)
	require.Contains(t, notes, `"tokens_per_second p99" read as one request's rate`)
}

// Synthetic: a JSON list whose only token rate is a total beside a
// per-user rate is a list of levels.
func TestRecordsWithTotalRate(t *testing.T) {
	doc := `{"results": [{"concurrency": 1, "tps_per_user": {"mean": 225}, "throughput_total_tps": 143.5},` +
		`{"concurrency": 2, "tps_per_user": {"mean": 214}, "throughput_total_tps": 293.3},` +
		`{"concurrency": 4, "tps_per_user": {"mean": 150}, "throughput_total_tps": 540.7}]}`
	require.True(t, looksRecords([]byte(doc)))
	s, err := Read("t.json", []byte(doc), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, 540.7, s.Points[2].ThroughputTokS)
}

// Synthetic: prose naming each number's order as two settings
// ("每個數字依序為 TP=1／TP=2", traditional Chinese, full-width slash)
// splits the cells "124.3 / 113.2" into two curves; the header's "秒" and
// "毫秒" are its units.
func TestSettingPairInProse(t *testing.T) {
	doc := "## 結果\n\n每個數字依序為 TP=1／TP=2。\n\n| 同時請求 | Latency 秒：1／2 | TTFT 毫秒：1／2 | Output tokens/s：1／2 |\n| ---: | ---: | ---: | ---: |\n" +
		"| 1 | 11.818 / 14.074 | 124.3 / 113.2 | 43.32 / 36.38 |\n| 2 | 12.475 / 14.572 | 196.6 / 169.6 | 81.93 / 70.07 |\n| 4 | 12.645 / 15.014 | 340.8 / 302.5 | 161.20 / 135.57 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "TP=2"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 135.57, s.Points[2].ThroughputTokS)
	require.Equal(t, 302.5, *s.Points[2].TTFT.Mean)
	require.Equal(t, 15014.0, *s.Points[2].E2E.Mean)
}

// Synthetic: a script's JSON keyed by the level's name, and one written as
// columns, are lists of level records in other dress; keys naming no load
// (a run, a bare number) are not read so.
func TestJSONLevelShapes(t *testing.T) {
	keyed := `{"concurrency_1": {"output_throughput": 100, "mean_ttft_ms": 50}, "concurrency_4": {"output_throughput": 350, "mean_ttft_ms": 70}, "concurrency_16": {"output_throughput": 700, "mean_ttft_ms": 900}}`
	s, err := Read("t.json", []byte(keyed), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 16}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Contains(t, strings.Join(s.Notes, "\n"), `keyed by level ("concurrency_1" …)`)

	columns := `{"model": "m", "concurrency": [1, 4, 16], "output_tokens_per_second": [100, 350, 700], "ttft_ms_p99": [50, 70, 900]}`
	s, err = Read("t.json", []byte(columns), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, 700.0, s.Points[2].ThroughputTokS)
	require.Equal(t, 900.0, *s.Points[2].TTFT.P99)

	runs := `{"run_1": {"concurrency": 1, "output_throughput": 100}, "run_2": {"concurrency": 4, "output_throughput": 350}}`
	_, ok := namedLevelRecords(mustTree(t, runs), "")
	require.False(t, ok, "run_1 names no load")
	_, _, ok = keyLevel("42")
	require.False(t, ok, "a bare number names no load")
	name, level, ok := keyLevelUnder("42", "concurrency")
	require.True(t, ok, "unless the key above it does")
	require.Equal(t, []string{"concurrency", "42"}, []string{name, level})
	byParent := `{"model": "m", "concurrency": {"1": {"output_throughput": 100}, "4": {"output_throughput": 350}, "16": {"output_throughput": 700}}}`
	s, err = Read("t.json", []byte(byParent), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, 16.0, s.Points[2].Concurrency)
	name, level, ok = keyLevel("users-8")
	require.True(t, ok)
	require.Equal(t, []string{"users", "8"}, []string{name, level})
	ragged := `{"concurrency": [1, 4, 16], "output_tokens_per_second": [100, 350]}`
	require.False(t, looksRecords([]byte(ragged)), "columns of different lengths are no table")
}

func mustTree(t *testing.T, doc string) *jnode {
	n, ok := parseJSONTree([]byte(doc))
	require.True(t, ok)
	return n
}

package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// sideBlock is a short SGLang result block at an offered rate.
func sideBlock(rate, tput, conc, ttft string) string {
	return "```\n============ Serving Benchmark Result ============\n" +
		"Traffic request rate:                    " + rate + "\n" +
		"Max request concurrency:                 not set\n" +
		"Output token throughput (tok/s):         " + tput + "\n" +
		"Concurrency:                             " + conc + "\n" +
		"Mean TTFT (ms):                          " + ttft + "\n" +
		"==================================================\n```\n"
}

// Synthetic: blocks set side by side in an HTML table are the arms its
// header row names, told apart at each offered rate, never one curve.
func TestHTMLColumnsNameTheBlocks(t *testing.T) {
	var doc strings.Builder
	for _, l := range [][4]string{{"8.0", "671.0", "7.12", "68.6"}, {"16.0", "1176.4", "21.04", "87.3"}, {"32.0", "734.8", "1418.05", "112043.4"}} {
		doc.WriteString("### Request rate = " + l[0] + "\n\n<table>\n<tr><th>with cache</th><th>without cache</th></tr>\n<tr>\n<td>\n\n")
		doc.WriteString(sideBlock(l[0], l[1], l[2], l[3]))
		doc.WriteString("\n</td>\n<td>\n\n")
		doc.WriteString(sideBlock(l[0], l[1]+"1", l[2]+"1", l[3]))
		doc.WriteString("\n</td>\n</tr>\n</table>\n\n")
	}
	g, ok := benchBlocks("t.md", []byte(doc.String()))
	require.True(t, ok)
	title := -1
	for j, h := range g.header {
		if h == benchTitleKey {
			title = j
		}
	}
	require.GreaterOrEqual(t, title, 0)
	require.Equal(t, []string{"with cache", "without cache"}, []string{g.rows[0][title], g.rows[1][title]})
	_, err := Read("t.md", []byte(doc.String()), BenchText, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `--series "with cache"`)
	s, err := Read("t.md", []byte(doc.String()), BenchText, Meta{Series: "without cache"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 1176.41, s.Points[1].ThroughputTokS)
}

// Synthetic: the server's slots beside the client's concurrency, both set
// values of a top-5 printout: "concurrency" is the load, never a count
// measured during the run because its values recur less.
func TestTwoSetValueColumns(t *testing.T) {
	doc := "parallel | concurrency | throughput_tps\n" +
		"---------------------------------------\n" +
		"    64.0 |       128.0 |          359.4\n" +
		"    32.0 |        64.0 |          217.6\n" +
		"    64.0 |        64.0 |          217.5\n" +
		"    32.0 |       128.0 |           91.0\n" +
		"    64.0 |        32.0 |           75.0\n"
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{Series: "64.0"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	var loads []float64
	for _, p := range s.Points {
		loads = append(loads, p.Concurrency)
	}
	require.ElementsMatch(t, []float64{32, 64, 128}, loads)
	require.True(t, ladderValue(64) && ladderValue(3) && ladderValue(20))
	require.False(t, ladderValue(7) || ladderValue(14) || ladderValue(2.5))
}

// Synthetic: one table per offered rate, its heading the level and a row
// per scheduling arm: stacked into one grid whose arms are the curves and
// whose level is the heading's, not the requests served.
func TestTablesPerLevelHeadingStacked(t *testing.T) {
	var doc strings.Builder
	doc.WriteString("## Per-QPS Results\n\n")
	for _, l := range [][3]string{{"3.0", "2579.8", "3.003"}, {"4.0", "3366.8", "4.007"}, {"5.0", "3940.1", "4.989"}, {"6.0", "3700.0", "5.81"}} {
		doc.WriteString("### QPS = " + l[0] + "\n\n| Experiment | Output toks/s | Requests/s | TTFT mean (s) | ITL mean (s) |\n|---|---:|---:|---:|---:|\n")
		doc.WriteString("| precise | " + l[1] + " | " + l[2] + " | 0.2 | 0.013 |\n| random | " + l[1] + "1 | " + l[2] + " | 1.5 | 0.021 |\n\n")
	}
	_, err := Read("t.md", []byte(doc.String()), Markdown, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `by "Experiment"`)
	s, err := Read("t.md", []byte(doc.String()), Markdown, Meta{Series: "precise"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 4.0, *s.Points[1].RequestedRate)
	require.Equal(t, 3366.8, s.Points[1].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `4 tables read as one sweep, each at the level its heading names ("QPS (offered)" 3.0, 4.0, 5.0, 6.0)`)
}

// Synthetic: "Per-task tok/s" beside "Effective tok/s" is one agent's rate,
// not a second curve.
func TestPerTaskRateIsPerStream(t *testing.T) {
	doc := "| Concurrent Agents | Per-task tok/s | Effective tok/s |\n|---|---|---|\n| 1 | 169 | 169 |\n| 2 | 154 | 220 |\n| 4 | 125 | 404 |\n| 8 | 123 | 388 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 404.0, s.Points[2].ThroughputTokS)
	require.Equal(t, colPerUser, classify("Per-agent tok/s").kind)
}

// Synthetic: a transposed table whose level headers write "N=1" under a
// heading naming the total throughput, a row per model.
func TestNLevelHeaders(t *testing.T) {
	doc := "### Total System Throughput\n\n| Model | N=1 | N=2 | N=4 | N=8 |\n|---|---|---|---|---|\n| small | 117.8 | 185.3 | 187.0 | 187.9 |\n| large | 80.2 | 106.8 | 108.2 | 109.4 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "large"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 8.0, s.Points[3].Concurrency)
	require.Equal(t, 109.4, s.Points[3].ThroughputTokS)
	levels, _, ok := levelHeaders([]string{"agents=2", "agents=4"})
	require.True(t, ok)
	require.Equal(t, []string{"2", "4"}, levels)
}

// Synthetic: cells that label one value per system ("Router: 333.11<br>VLLM:
// 375.47") are one column per system.
func TestLabelledCellsSplitBySystem(t *testing.T) {
	doc := "| 並發請求數 | 平均首字延遲 (秒) | 總吞吐量 tokens/sec |\n|---|---|---|\n" +
		"| 1 | Router: 0.07<br>VLLM: 0.20 | Router: 127.53<br>VLLM: 108.12 |\n" +
		"| 5 | Router: 0.53<br>VLLM: 0.23 | Router: 333.11<br>VLLM: 375.47 |\n" +
		"| 10 | Router: 0.71<br>VLLM: 0.30 | Router: 588.39<br>VLLM: 653.53 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "VLLM"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 653.53, s.Points[2].ThroughputTokS)
	require.InDelta(t, 300.0, *s.Points[2].TTFT.Mean, 1e-9)
	_, _, ok := labelledValues("p50: 12 / p99: 40")
	require.True(t, ok)
	g := grid{header: []string{"c", "TTFT"}, rows: [][]string{{"1", "p50: 12<br>p99: 40"}, {"2", "p50: 13<br>p99: 41"}}}
	_, ok = labelledColumn(g, 1)
	require.False(t, ok, "statistics are no systems")
}

// Synthetic: guidellm's sweep printed with rates as numbers and its first
// row "sync": the rates are the load, the synchronous row set aside.
func TestRateColumnWithSyncRow(t *testing.T) {
	doc := "| Rate (req/s) | Avg conc. | Avg TTFT (ms) | Avg ITL (ms) | Throughput (tok/s) |\n|---|---|---|---|---|\n" +
		"| sync | 1.0 | 199 | 85.7 | 14.5 |\n| 0.102 | 1.9 | 313 | 91.8 | 20.9 |\n| 0.270 | 5.0 | 318 | 94.2 | 52.9 |\n| 0.495 | 9.2 | 335 | 97.8 | 93.6 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 0.495, *s.Points[2].RequestedRate)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"sync" is one request at a time, in a sweep of offered rates: no level, set aside`)
	_, ok := profileColumn(&grid{header: []string{"Model"}, rows: [][]string{{"sync"}, {"0.5"}}}, 0)
	require.False(t, ok, "a header that names no load gives none")
}

// Synthetic: a wide table of levels in its headers ("c1 agg tok/s"), a row
// per repeated run numbered under "Run": melted, each run one curve.
func TestWideLevelsRowsNumberedByRun(t *testing.T) {
	doc := "| Run | c1 agg tok/s | c2 agg tok/s | c4 agg tok/s |\n|---:|---:|---:|---:|\n| 1 | 57.8 | 88.2 | 158.5 |\n| 2 | 57.8 | 89.5 | 144.1 |\n| 3 | 55.9 | 84.6 | 140.7 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "2"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 144.1, s.Points[2].ThroughputTokS)
	require.True(t, runIndexHeader("Trial #") && runIndexHeader("**Run**"))
	require.False(t, runIndexHeader("GPUs"))
}

// Synthetic: row labels "A · 并发8" carry the arm and the load; a column of
// disk bandwidth measured per run ("6.78 GB/s") names no curve.
func TestCJKLoadInLabelBesideMeasuredQuantity(t *testing.T) {
	doc := "| 档位 | TTFT p50（s） | 输出吞吐（tok/s） | 盘忙窗均值 |\n|---|---|---|---|\n" +
		"| A · 并发8 | 7.53 | 56.6 | 6.42 GB/s |\n| A · 并发16 | 11.85 | 74.9 | 6.17 GB/s |\n| A · 并发32 | 26.35 | 71.6 | 6.42 GB/s |\n" +
		"| B · 并发8 | 10.17 | 43.9 | 5.99 GB/s |\n| B · 并发16 | 17.31 | 53.6 | 7.49 GB/s |\n| B · 并发32 | 35.73 | 53.9 | 8.12 GB/s |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `A (3 rows), B (3 rows)`)
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "B"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 53.9, s.Points[2].ThroughputTokS)
	require.True(t, quantityCell.MatchString("9.29 GB/s（持续25s）"))
	require.False(t, quantityCell.MatchString("4k_500"))
}

// Synthetic: the prose above names each cell's order ("每格顺序均为 SGLang
// / vLLM"), and the row labels write the load after a full-width comma.
func TestCellOrderNamedInProse(t *testing.T) {
	doc := "下表每格顺序均为 **SGLang / vLLM**。\n\n| Case | 输出吞吐（tok/s） | P50 TTFT |\n| --- | ---: | ---: |\n" +
		"| 128/64，C1 | 90.41 / 69.27 | 54.29 / 210.45ms |\n| 128/64，C4 | 288.50 / 183.33 | 98.30 / 400.31ms |\n| 128/64，C8 | 459.47 / 330.82 | 142.10 / 392.56ms |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "vLLM"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 330.82, s.Points[2].ThroughputTokS)
	require.Equal(t, 392.56, *s.Points[2].TTFT.P50)
	g := grid{above: "FA3 LM/vision attention, radix cache disabled.\n", header: []string{"c", "tok/s"}}
	_, ok := contextPairNames(g)
	require.False(t, ok, "a pair in a setup sentence names no cells")
	_, _, ok = contextCurvePair(grid{above: "each cell: SGLang / vLLM\n", header: []string{"TTFT p50 / p99 ms"}}, 0)
	require.False(t, ok, "a statistics pair's cells are its statistics")
}

// Synthetic: the corner names the metric, the row labels the load
// ("batch 8"), a column per arm.
func TestCornerMetricLabelLoads(t *testing.T) {
	doc := "| Throughput | Before PR | Phase 1 | Phase 2 |\n|---|---|---|---|\n| batch 1 | 376.3 | 376.6 | 377.4 |\n| batch 8 | 1683.8 | 1749.7 | 1810.2 |\n| batch 32 | 4109.5 | 4517.1 | 4999.4 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "Phase 2"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 32.0, s.Points[2].Concurrency)
	require.Equal(t, 4999.4, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `the corner "Throughput" names what the cells hold`)
	g := grid{header: []string{"Throughput", "c"}, rows: [][]string{{"batch 1", "1"}}}
	require.False(t, cornerNamesMetric(g, 0), "a table of two columns has no arms")
}

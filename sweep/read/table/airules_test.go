package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a transposed table describes each configuration (its memory,
// its context per slot) before the levels "1 Strom | 2 Ströme | 4 Ströme";
// the levels' cells write their unit ("101 t/s") and nothing else names
// the metric. The description columns are not read, the levels are.
func TestConfigColumnsBeforeLevels(t *testing.T) {
	doc := "| Konfiguration | VRAM | Kontext je Slot | 1 Strom | 2 Ströme | 4 Ströme |\n|---|---|---|---|---|---|\n" +
		"| np=4 | 7.100 MiB | 8k | 101 t/s | 170 t/s | 240 t/s |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 2, 4}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Equal(t, 240.0, s.Points[2].ThroughputTokS)

	kind, plural := namedLoadKind("Strom", "1")
	require.Equal(t, colConcurrency, kind)
	require.Equal(t, "ströme", plural)
	require.True(t, sameLoadName("Ströme", "Stroeme"))
}

// Synthetic: a column between the row's name and the levels that knee
// reads as a measurement (a latency) keeps the table as it is.
func TestConfigColumnsKeepMeasurements(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Config", "TTFT ms", "1 stream", "2 streams"}, rows: [][]string{{"a", "80", "100", "180"}}}
	_, _, ok := dropConfigColumns(g)
	require.False(t, ok)
	g.header[1] = "VRAM"
	t2, note, ok := dropConfigColumns(g)
	require.True(t, ok)
	require.Equal(t, []string{"Config", "1 stream", "2 streams"}, t2.header)
	require.Equal(t, [][]string{{"a", "100", "180"}}, t2.rows)
	require.Contains(t, note, `"VRAM"`)
}

// Synthetic: a remark whose later clause says the level was not measured
// ("ueber 7.600 MiB, nicht gemessen") is a blank; a remark that only
// explains is not.
func TestRemarkClauseNotMeasured(t *testing.T) {
	require.True(t, saysNotMeasured("ueber 7.600 MiB, nicht gemessen"))
	require.True(t, saysNotMeasured("(OOM; not measured)"))
	require.False(t, saysNotMeasured("gemessen mit 2 Läufen"))
}

// Synthetic: columns named by a server setting and its value beside a
// bare load column, under a one-line caption naming the metric, are one
// curve each; a column whose bracket names one setting's value belongs to
// that curve alone.
func TestSettingArmsUnderCaption(t *testing.T) {
	doc := "## Concurrency\n\nAggregate tok/s at each `max_running_requests` cap.\n\n" +
		"| Streams | cap 4 | cap 16 | TTFT p50 (16) |\n|---:|---:|---:|---:|\n" +
		"| 1 | 58 | 53 | 0.20 s |\n| 4 | 187 | 193 | 0.41 s |\n| 8 | 190 | 316 | 0.37 s |\n| 16 | — | 481 | 0.68 s |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), "series")

	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "16"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 481.0, s.Points[3].ThroughputTokS)
	require.NotNil(t, s.Points[3].TTFT.P50)
	require.Equal(t, 680.0, *s.Points[3].TTFT.P50)

	s, err = Read("t.md", []byte(doc), Markdown, Meta{Series: "4"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Nil(t, s.Points[0].TTFT.P50, "the cap-16 curve's TTFT is not cap 4's")

	require.True(t, headerHasPart("TTFT p50 (16)", "16"))
	require.False(t, headerHasPart("TTFT p50 (160)", "16"))
}

// Synthetic: a caption leads with a metric only when it stands alone and
// writes the metric's unit.
func TestMetricLeadCaption(t *testing.T) {
	lines := []string{"", "Aggregate tok/s at each cap."}
	require.Equal(t, "Aggregate tok/s", metricLeadCaption(lines, 1))
	lines = []string{"We ran it twice.", "Aggregate tok/s at each cap."}
	require.Equal(t, "", metricLeadCaption(lines, 1))
	lines = []string{"", "Throughput at each cap."}
	require.Equal(t, "", metricLeadCaption(lines, 1), "no unit written")
}

// Synthetic: two curves of one metric and a ratio column that holds the
// first over the second, row by row: the second is the baseline, and the
// curves' agreement reads the first.
func TestRatioColumnNamesTheDenominator(t *testing.T) {
	doc := "| c | Reference tok/s | Current tok/s | Ratio |\n|---|---:|---:|---:|\n" +
		"| 1 | 29.1 | 26.4 | 0.907 |\n| 8 | 51.3 | 50.6 | 0.986 |\n| 16 | 96.7 | 86.1 | 0.890 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "Current"})
	require.NoError(t, err)
	require.Equal(t, 86.1, s.Points[2].ThroughputTokS)

	g := grid{header: []string{"c", "A tok/s", "B tok/s", "Ratio"}, rows: [][]string{{"1", "29.1", "26.4", "0.907"}, {"8", "51.3", "50.6", "98.6%"}}}
	cols := classifyAll(g.header)
	cs := colSeries{names: []string{"A", "B"}, colsOf: map[string][]string{}, nameOf: map[int]string{1: "A", 2: "B"}}
	require.Equal(t, map[string]bool{"A": true}, ratioDenominators(g, cols, cs), "B / A is the ratio: A is under the bar")
	g.rows[1][3] = "1.20"
	require.Empty(t, ratioDenominators(g, cols, cs))
}

// Synthetic: a JSON summary holds a soak run per precision at one
// concurrency beside the sweep of each precision: the constant load is no
// level, and the sweep, nested four deep, is read.
func TestJSONConstantLoadIsNoSweep(t *testing.T) {
	doc := `{"metrics": {"quant": {"by_precision": [
  {"precision": "BF16", "model_id": "m-bf16", "results_by_concurrency": [
    {"client_concurrency": 1, "throughput_tokens_per_sec": 100.5, "_throughput_note": "output_only"},
    {"client_concurrency": 4, "throughput_tokens_per_sec": 350.2, "_throughput_note": "output_only"}]},
  {"precision": "W8", "model_id": "m-w8", "results_by_concurrency": [
    {"client_concurrency": 1, "throughput_tokens_per_sec": 120.5, "_throughput_note": "output_only"},
    {"client_concurrency": 4, "throughput_tokens_per_sec": 410.2, "_throughput_note": "output_only"}]}]},
 "soak": {"by_precision": [
  {"precision": "BF16", "sustained_throughput_tokens_per_sec": 300, "sustained_concurrency": 8, "ttft_p99_drift_ms": -29},
  {"precision": "W8", "sustained_throughput_tokens_per_sec": 380, "sustained_concurrency": 8, "ttft_p99_drift_ms": -30}]}}}`
	s, err := Read("t.json", []byte(doc), Records, Meta{Series: "W8"})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 410.2, s.Points[1].ThroughputTokS)
	require.Equal(t, "output_only", s.Points[1].Note)
	require.Equal(t, colRatio, classify("ttft_p99_drift_ms").kind)
	require.Equal(t, colNote, classify("_throughput_note").kind)
}

// Synthetic: the model column follows from the precision column: the
// curves are named by the precision alone.
func TestEchoColumnsNameNoCurve(t *testing.T) {
	g := grid{rows: [][]string{{"BF16", "m-bf16", "auto"}, {"BF16", "m-bf16", "auto"}, {"W8", "m-w8", "auto"}, {"W4", "m-w4", "gptq"}}}
	require.Equal(t, []int{0}, dropEchoColumns(g, []int{0, 1, 2}))
	g.rows[1][2] = "other"
	require.Equal(t, []int{0, 2}, dropEchoColumns(g, []int{0, 1, 2}))
}

// Synthetic: an HTML table under an <h3> heading, its header cells in
// spans, a row spanning the table labelling the rows under it; line
// numbers are the source's.
func TestHTMLTable(t *testing.T) {
	doc := "<h3><span>Llama Throughput vs Batch Size</span></h3>\n<table>\n  <tr>\n    <th>Batch Size</th>\n    <th><span class=\"i18n\">Throughput (tok/s)</span></th>\n  </tr>\n" +
		"  <tr><td colspan=\"2\">2× H100</td></tr>\n  <tr><td>1</td><td>142.58</td></tr>\n  <tr><td>8</td><td>1,070.96</td></tr>\n" +
		"  <tr><td colspan=\"2\">2× A100</td></tr>\n  <tr><td>1</td><td>73.58</td></tr>\n  <tr><td>8</td><td>549.16</td></tr>\n</table>\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `--series "2× H100"`)
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "2× A100"})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 549.16, s.Points[1].ThroughputTokS)
	require.Contains(t, s.Points[1].Source, ":12")

	lines, src, ok := htmlAsMarkdown([]byte(doc))
	require.True(t, ok)
	require.Equal(t, "### Llama Throughput vs Batch Size", lines[0])
	require.Equal(t, len(lines), len(src))
	_, _, ok = htmlAsMarkdown([]byte("| a | b |\n|---|---|\n| 1 | 2 |\n"))
	require.False(t, ok, "no HTML table: the markdown is read as written")
}

// Synthetic: a transposed table with configuration columns before its
// levels ("Hardware", "Model"), a best-of-row column after them, and a
// line under it saying what every value is.
func TestConfigBeforeLevelsBestAfter(t *testing.T) {
	doc := "| Node | Hardware | Model | c1 | c4 | c8 | Ceiling |\n|---|---|---|---:|---:|---:|---:|\n" +
		"| a | GPU 32GB | m1 | 57.6 | 141.3 | 153.7 | **153.7** |\n| b | CPU only | m2 | 10.7 | 14.8 | 15.0 | 15.0 |\n\nAll tps = aggregate completion tokens/sec.\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "a"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 153.7, s.Points[2].ThroughputTokS)
	require.True(t, summarisesRows(grid{rows: [][]string{{"x", "1", "5", "—", "5"}}}, []int{1, 2, 3}, 4))
	require.False(t, summarisesRows(grid{rows: [][]string{{"x", "1", "5", "4", "7"}}}, []int{1, 2, 3}, 4))
}

// Synthetic: "B=1 | B=2 | B=4" are batch levels; a row label's bracketed
// remark ("(after the change)") does not make the row a ratio's.
func TestBatchMarksAndBracketedRowRemarks(t *testing.T) {
	doc := "Offline engine throughput, greedy (tok/s):\n\n| | B=1 | B=2 | B=4 |\n| --- | ---: | ---: | ---: |\n" +
		"| plain decode | 47.2 | 85.5 | 106.3 |\n| cohort (after the single-sync change) | 62.0 | 74.6 | 81.2 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "cohort (after the single-sync change)"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 2, 4}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Equal(t, "cohort", outsideBrackets("cohort (after the single-sync change)"))
	require.Equal(t, "(x)", outsideBrackets("(x)"))
}

// Synthetic: rows numbered by their context length under the corner
// "Input context" are curves; the prose says each value's unit; a cell
// saying capacity ran out is a level that did not run.
func TestWorkloadCornerRows(t *testing.T) {
	doc := "Each value is aggregate output tokens/second.\n\n| Input context | C1 | C2 | C4 |\n| ---: | ---: | ---: | ---: |\n" +
		"| 0 | 98.0 | 153.9 | 224.8 |\n| 32,768 | 97.8 | 146.4 | capacity-limited |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "0"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 224.8, s.Points[2].ThroughputTokS)
}

// Synthetic: levels stacked in one cell with <br> ("16<br>512"), one
// failed: read as rows of their own.
func TestBreakStackedLevels(t *testing.T) {
	doc := "| Config | Client Concurrency | Avg Throughput (token/s) |\n|---|---|---|\n" +
		"| a | 16<br>512<br>768 | 306.18<br>4329.32<br>5457.14 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4329.32, s.Points[1].ThroughputTokS)
	require.Equal(t, []string{"a", "1 / 2", "x"}, brokenCells([]string{"a", "1<br>2", "x"}))
}

// Synthetic: a log prints each run's settings on one line and its result,
// repeating the settings, on a later one: one row per run.
func TestInlinePairsContinueTheRun(t *testing.T) {
	doc := "Run 1/3: input=256, output=256, concurrent=1\nWaiting...\nCompleted: input=256, output=256, tokens/s=45.30, Output-token/s=22.70\n\n" +
		"Run 2/3: input=256, output=256, concurrent=8\nWaiting...\nCompleted: input=256, output=256, tokens/s=304.33, Output-token/s=152.46\n\n" +
		"Run 3/3: input=256, output=256, concurrent=32\nWaiting...\nCompleted: input=256, output=256, tokens/s=813.97, Output-token/s=407.78\n"
	require.True(t, looksBenchText([]byte(doc)))
	s, err := Read("t.log", []byte(doc), BenchText, Meta{Columns: map[string]string{"throughput": "Output-token/s"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 32.0, s.Points[2].Concurrency)
	require.Equal(t, 407.78, s.Points[2].ThroughputTokS)
	require.Nil(t, inlinePairs("concurrency=8 only"))
}

// Synthetic: a log's banner line of pairs ("=== VLLM c=1 rep=2 ===") sets
// the level of the result lines under it; the repeat's number is no
// curve: the blocks of one level are its repeats.
func TestBannerPairsSetTheLevelRepeatsMerge(t *testing.T) {
	var doc string
	for _, c := range []string{"1", "8", "16"} {
		for _, rep := range []string{"1", "2"} {
			doc += "=== VLLM c=" + c + " rep=" + rep + " (19:53:04) ===\n  Output token throughput (tok/s):   " + c + "0." + rep + "\n  Mean TTFT (ms):   160.0\n"
		}
	}
	s, err := Read("t.log", []byte(doc), BenchText, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 6)
	require.Equal(t, 16.0, s.Points[5].Concurrency)
	require.Equal(t, 160.2, s.Points[5].ThroughputTokS)
	require.Equal(t, colIgnore, classify("rep").kind)
	require.Equal(t, colIgnore, classify("trial").kind)
}

// Synthetic: a transposed table whose columns name a series and its level
// in brackets ("Before (c=16)"), with a column of differences after each
// pair: the differences are no level; "After" is read before "Before",
// the state the change is measured against.
func TestBeforeAfterLevelsInBracketsBesideDeltas(t *testing.T) {
	doc := "| Metric | Before (c=1) | After (c=1) | Delta | Before (c=16) | After (c=16) | Delta |\n|---|--:|--:|--:|--:|--:|--:|\n" +
		"| Output Throughput (tok/s) | 370.43 | 369.02 | -0.4% | 4961.65 | 4996.27 | +0.7% |\n| Mean TTFT (ms) | 13.74 | 14.78 | +7.6% | 26.07 | 27.09 | +3.9% |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `--series "After"`)
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "After"})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 4996.27, s.Points[1].ThroughputTokS)
	require.Equal(t, 1, baselineRank("Before"))
}

// Synthetic: rows of one level told apart only by a column knee does not
// read for its words ("KV config") or by a load candidate set aside
// ("n_threads" beside "concurrency") are curves, never repeats; a column
// of clock times (when each wave started) is no curve.
func TestUnreadColumnsStillSplitCurves(t *testing.T) {
	doc := "| KV config | Conc | output_tps(job) |\n|---|--:|--:|\n| BF16 | 32 | 3,795 |\n| INT4 | 32 | 3,687 |\n| BF16 | 64 | 5,950 |\n| INT4 | 64 | 6,371 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), "series")
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "INT4"})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 6371.0, s.Points[1].ThroughputTokS)

	csv := "n_proc,n_threads,batch_size,tg_throughput_tps,concurrency\n1,48,1,130.4,1\n1,64,1,130.3,1\n1,48,2,200.1,2\n1,64,2,210.5,2\n"
	_, err = Read("t.csv", []byte(csv), CSV, Meta{Columns: map[string]string{"concurrency": "concurrency"}})
	require.Error(t, err, "n_threads 48 and 64 at one level are two curves")
	require.Contains(t, err.Error(), "series")
	require.Equal(t, []string{"concurrency", "n_threads"}, rankCandidates("concurrency", []string{"n_threads", "concurrency"}))

	waves := "| Klienci | Start | tok/s łącznie |\n|---|---|---|\n| 4 | 09:00 | 76.2 |\n| 4 | 10:05 | 94.8 |\n| 2 | 10:36 | 93.0 |\n| 1 | 10:58 | 85.8 |\n"
	s, err = Read("t.md", []byte(waves), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4, "two waves at 4 clients are repeats of one level, not two curves")
	require.Equal(t, []float64{4, 4, 2, 1}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency, s.Points[3].Concurrency})
	require.True(t, clockColumn(grid{rows: [][]string{{"09:00"}, {"2026-08-28 10:05:13"}}}, 0))
}

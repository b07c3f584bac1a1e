package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from the misses of held-out batch bc (written after its one
// measurement). Each test is synthetic (simulated numbers), written for
// the principle, not copied from the table that showed it.

// A report's sweep printed as the script's JSON list in a fenced block,
// under pipe tables of settings and of one run's metrics, is the page's
// table; an object in an untagged fence (a config) is not read.
func TestFencedJSONListIsThePagesTable(t *testing.T) {
	md := "| field | value |\n|---|---|\n| Engine | vllm |\n| Concurrency | 64 |\n\n" +
		"| metric | value |\n|---|---:|\n| `output_tok_s` | 900.5 |\n| `ttft_p50_ms` | 120.0 |\n\n" +
		"```\n{\"max_num_seqs\": 256}\n```\n\n## Curve\n\n```json\n[\n" +
		"  {\"concurrency\": 1, \"output_tok_s\": 60.0, \"ttft_p50\": 90.0},\n" +
		"  {\"concurrency\": 4, \"output_tok_s\": 220.0, \"ttft_p50\": 95.0},\n" +
		"  {\"concurrency\": 16, \"output_tok_s\": 700.0, \"ttft_p50\": 140.0}\n]\n```\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 16}, concurrencies(s))
	require.Equal(t, []float64{60, 220, 700}, throughputs(s))
	require.Equal(t, "t.md:19", s.Points[0].Source, "the line its object opens")
	_, _, ok := fencedRecordsGrid("t.md", strings.Split("```\n{\"a\": [{\"x\": 1}, {\"x\": 2}]}\n```", "\n"), 0)
	require.False(t, ok, "an object in an untagged fence is as often a config")
}

// A rate named per user that rises severalfold with the users is the
// node's: one stream never runs three times faster beside others than
// alone. A per-user rate that falls stays one user's.
func TestPerUserWordsOverruledByGrowth(t *testing.T) {
	md := "| Concurrent Users | TTFT (ms) | Throughput per user (tok/s) |\n|---|---|---|\n| 1 | 15 | 70 |\n| 32 | 60 | 600 |\n| 64 | 90 | 590 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{70, 600, 590}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), "rises from 70 at 1 Concurrent Users to 600 at 32")
	falling := "| Concurrent Users | TTFT (ms) | Throughput per user (tok/s) |\n|---|---|---|\n| 1 | 15 | 70 |\n| 32 | 60 | 40 |\n| 64 | 90 | 25 |\n"
	_, err = Read("t.md", []byte(falling), Markdown, Meta{})
	require.ErrorContains(t, err, "per-user throughput")
}

// A total beside its per-GPU share, the share rounded coarser than its
// digits (divided before the total was rounded), is the node's rate; a
// rate printed at one level only is no sweep's.
func TestTotalBesidePerGPUShareAndAOneLevelRate(t *testing.T) {
	md := "| conc | TTFT ms | decode tok/s | total tok/s | tok/s/GPU |\n|---|---|---|---|---|\n" +
		"| 1 | 100 | 50.0 | 100.40 | 12.6 |\n| 8 | 400 | — | 623.57 | 78.0 |\n| 32 | 900 | — | 1600.00 | 200.0 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{100.4, 623.57, 1600}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"decode tok/s" holds a number at one level only`)
}

// A chart's title "metric vs load" names the cells its columns leave
// unnamed; "A vs B" between two curves names no metric.
func TestMetricAgainstLoadTitle(t *testing.T) {
	require.Equal(t, "吞吐(tok/s)", metricAgainstLoad("吞吐(tok/s)vs 并发,三个引擎:"))
	require.Equal(t, "Output throughput (tok/s)", metricAgainstLoad("Output throughput (tok/s) vs. concurrency"))
	require.Equal(t, "", metricAgainstLoad("vLLM vs SGLang (tok/s)"))
	require.Equal(t, "", metricAgainstLoad("Latency vs concurrency"), "not the node's rate")
	md := "**Throughput (tok/s) vs concurrency, two builds:**\n\n| Concurrency | build A | build B |\n|---|---|---|\n| 1 | 100 | 110 |\n| 8 | 600 | 700 |\n| 32 | 900 | 1200 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `--series "A"`)
}

// A load column whose cells are times is a latency whatever load word its
// header holds; "首token" (first token) heads a TTFT, "非首token" the
// tokens after it.
func TestTimesAreNoLoad(t *testing.T) {
	require.Equal(t, "ttft", classify("首token inflight").metric)
	require.Equal(t, "tpot", classify("非首token平均耗时（ms）").metric)
	md := "| Concurrency | tok/s | in-flight wait |\n|---|---|---|\n| 1 | 100 | 7 ms |\n| 8 | 600 | 10 ms |\n| 32 | 1500 | 11 ms |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 8, 32}, concurrencies(s))
}

// vLLM's --num-prompts is the load under a heading that names the metric
// of columns named by group; a saturated rate that dips a few percent at
// the top still grows with it.
func TestNumPromptsLoadWithGroupColumns(t *testing.T) {
	md := "#### Output token throughput (tok/s)\n\n| num_prompts | Group 1 | Group 2 |\n|---|---|---|\n" +
		"| 1 | 10.0 | 11.0 |\n| 10 | 90.0 | 95.0 |\n| 50 | 420.0 | 430.0 |\n| 100 | 410.0 | 450.0 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `--series "1"`)
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "1"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 10, 50, 100}, concurrencies(s))
	require.Equal(t, []float64{10, 90, 420, 410}, throughputs(s))
	collapse := "#### Output token throughput (tok/s)\n\n| num_prompts | Group 1 |\n|---|---|\n| 1 | 10.0 |\n| 10 | 90.0 |\n| 50 | 420.0 |\n| 100 | 300.0 |\n"
	_, err = Read("t.md", []byte(collapse), Markdown, Meta{})
	require.Error(t, err, "a fall of a quarter is no scatter: nothing says the prompts were in flight")
}

// A long table whose rows name their metric (a run's duration among
// them), one value column per curve and a column of comparisons ("2.0x
// faster"), pivots to one row per rate and curve.
func TestLongTableWithComparisonColumn(t *testing.T) {
	md := "| Req rate | Metric | Coordinator | Sidecar | Sidecar advantage |\n|---|---|---|---|---|\n" +
		"| 1 | Duration | 90 s | 45 s | 2.0x faster |\n| 1 | Output tok/s | 80 | 160 | 2.0x |\n| 1 | E2E mean | 10 s | 5 s | 2.0x lower |\n" +
		"| 2 | Duration | 100 s | 50 s | 2.0x faster |\n| 2 | Output tok/s | 150 | 300 | 2.0x |\n| 2 | E2E mean | 12 s | 6 s | 2.0x lower |\n" +
		"| 4 | Duration | 150 s | 60 s | 2.5x faster |\n| 4 | Output tok/s | 200 | 500 | 2.5x |\n| 4 | E2E mean | 20 s | 8 s | 2.5x lower |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `--series "Coordinator"`)
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "Sidecar"})
	require.NoError(t, err)
	require.Equal(t, []float64{160, 300, 500}, throughputs(s))
	require.True(t, ratioColumn(grid{header: []string{"x"}, rows: [][]string{{"2.0x faster"}, {"3.4x lower"}}}, 0))
}

// A run's id written as a slug carries its load as one of its parts
// ("gguf-hip-base-c16-ctx8192"), the link around it rendering as its text;
// a two-part name with a hyphen ("long-c8") is a name.
func TestSlugLabelLoads(t *testing.T) {
	require.Equal(t, "gguf hip base c16 ctx8192", slugWords("gguf-hip-base-c16-ctx8192"))
	require.Equal(t, "long-c8", slugWords("long-c8"))
	require.Equal(t, "run-c4", stripMarkup("[`run-c4`](cells/run-c4.json)"))
	md := "| Cell | Aggregate tok/s | TTFT med |\n|---|---|---|\n" +
		"| [`gguf-hip-base-c1-ctx8192`](c/a.json) | 10 | 1 s |\n| [`gguf-hip-base-c4-ctx8192`](c/b.json) | 30 | 2 s |\n| [`gguf-hip-base-c16-ctx8192`](c/c.json) | 60 | 9 s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 16}, concurrencies(s))
	require.Equal(t, []float64{10, 30, 60}, throughputs(s))
}

// From batch bd's misses (measured after the rules above were merged).

// Beside a rate that grows with the load, a candidate that falls at every
// level from one stream on is a stream's rate: the refusal between them
// never offers it, and the rate that grows is read.
func TestFallingRateBesideAGrowingOne(t *testing.T) {
	md := "| Conc | E2E tok/s | Wall (s) | Tokens | Cumulative tok/s |\n|---|---|---|---|---|\n" +
		"| 1 | 30.0 | 26 | 800 | 30.0 |\n| 2 | 26.0 | 47 | 1950 | 41.0 |\n| 3 | 22.0 | 60 | 3300 | 55.0 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{30, 41, 55}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"E2E tok/s" read as a per-stream rate, not the node's: it falls at every level`)
}

// Curves named after a comma ("output tok/s, kern / native") split each
// cell into one value per curve, and the table's other packed columns
// ("TTFT p50 ms" over "51.7 / 64.3") follow the same curves in order.
func TestCurvesNamedAfterAComma(t *testing.T) {
	rest, names, ok := clauseCurvePair("output tok/s, kern / native")
	require.True(t, ok)
	require.Equal(t, "output tok/s", rest)
	require.Equal(t, []string{"kern", "native"}, names)
	_, _, ok = clauseCurvePair("Tokens, in / out")
	require.False(t, ok, "two sides of one request, not two curves")
	md := "| concurrency | output tok/s, kern / native | TTFT p50 ms |\n|---|---|---|\n" +
		"| 1 | 98 / 94 | 51.7 / 64.3 |\n| 8 | 655 / 638 | 374 / 319 |\n| 32 | 1686 / 1798 | 975 / 746 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `--series "kern"`)
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "native"})
	require.NoError(t, err)
	require.Equal(t, []float64{94, 638, 1798}, throughputs(s))
	require.Equal(t, 319.0, *s.Points[1].TTFT.P50)
}

// Labels ending with the levels the text above lists ("batch 1/2/4" over
// "short-1", "short-2", "short-4") carry the load in their last number;
// without the prose the number is no level.
func TestLabelsEndingWithTheLevelsTheProseLists(t *testing.T) {
	table := "| Workload | Engine tok/s |\n|---|---:|\n| short-1024-1 | 90 |\n| short-1024-2 | 160 |\n| short-1024-4 | 280 |\n"
	s, err := Read("t.md", []byte("Workloads: short at 1024 input, batch 1/2/4.\n\n"+table), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4}, concurrencies(s))
	require.Equal(t, []float64{90, 160, 280}, throughputs(s))
	_, err = Read("t.md", []byte(table), Markdown, Meta{})
	require.Error(t, err, "no text names the trailing numbers: a size or a version as often as a load")
}

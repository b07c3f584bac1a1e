package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules built from the corpus's refusals before held-out batch bk was
// measured. Synthetic numbers.

// A benchmark's flag written in a row's label ("--runs 3 --concurrency 4")
// is the row's level; flags that set no count in flight are not.
func TestFlagInLabelSetsLevel(t *testing.T) {
	md := "| Date | Bench | TTFT p50 | Aggregate |\n|---|---|---|---|\n" +
		"| 2026-08-27 | `--runs 3 --concurrency 1` | 0.5 s | 12 tok/s |\n" +
		"| 2026-08-28 | `--runs 3 --concurrency 4` | 0.55 s | 31.5 tok/s |\n" +
		"| 2026-08-29 | `--runs 3 --concurrency 8` | 0.9 s | 50 tok/s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 4, 8}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Equal(t, 31.5, s.Points[1].ThroughputTokS)
	// llama.cpp's -c is a context size and -b a prompt batch: no level.
	for _, label := range []string{"-c 4096", "--batch-size 512", "--max-num-seqs 64", "--rate 8", "-np 4", "--parallel 8"} {
		require.Nil(t, labelFlagLoad.FindStringSubmatch(label), label)
	}
	m := labelFlagRate.FindStringSubmatch("vllm bench serve --request-rate 2.5 --num-prompts 200")
	require.Equal(t, "2.5", m[3])
}

// "Gen/s" is generated tokens a second: a phase is counted in tokens.
func TestPhasePerSecondIsTokenRate(t *testing.T) {
	require.Equal(t, colThroughput, classify("Gen/s").kind)
	require.Equal(t, colThroughput, classify("Output/s").kind)
	require.NotEqual(t, colThroughput, classify("Prompts/s").kind, "prompts a second are requests")
	require.NotEqual(t, colThroughput, classify("Decode (s)").kind, "a decode time")
}

// A legend above a compact table ("Cell = tok/s per user / total tok/s /
// time to first token.") names the parts of every cell of the columns
// named by their series alone; each series' lone total is its node rate.
func TestCellLegendNamesPackedSeries(t *testing.T) {
	md := "### Decode under load\n\nCell = tok/s per user / total tok/s / time to first token.\n\n" +
		"| At once | EngineA | EngineB |\n|---|---|---|\n" +
		"| 1 | 50.0 / 48 / 0.3 s | 40.0 / 39 / 0.5 s |\n" +
		"| 4 | 45.0 / 170 / 0.4 s | 30.0 / 110 / 1.5 s |\n" +
		"| 8 | 40.0 / 300 / 0.6 s | 20.0 / 150 / 6.0 s |\n" +
		"| 16 | 30.0 / 420 / 1.0 s | 10.0 / 155 / 20.0 s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "EngineB"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 110.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 1500.0, *s.Points[1].TTFT.Mean)
	// A legend whose parts name nothing knee knows gives no packing.
	require.Nil(t, legendPacking(grid{above: "Cell = foo / bar\n"}))
	require.Nil(t, legendPacking(grid{above: "Cell = tok/s / TTFT\nCells: TTFT, tok/s\n"}), "two legends: neither is said to be this table's")
}

// Cells holding each run's value ("39.0, 40.2 tok/s") under text stating
// the runs ("two runs") are repeats of their level.
func TestRunsInOneCellAreRepeats(t *testing.T) {
	md := "Decode throughput, two runs:\n\n| Streams | tok/s | TTFT (ms) |\n| ---: | ---: | ---: |\n" +
		"| 2 | 39.0, 40.2 | 30 |\n| 4 | 48.6, 50.3 | 35 |\n| 8 | 81.4, 85.0 | 50 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 6)
	require.Equal(t, 40.2, s.Points[1].ThroughputTokS)
	require.Equal(t, 2.0, s.Points[1].Concurrency)
	// Values of different units are different metrics, not runs.
	require.Nil(t, roundSplit("0.34 s, 65.2 tok/s"))
	require.Equal(t, []string{"39.0 tok/s", "40.2 tok/s"}, roundSplit("39.0, 40.2 tok/s"))
	require.Nil(t, roundSplit("1,234"), "a comma without a space groups thousands")
	// No count of runs stated: the cells are left to the other passes.
	g := grid{header: []string{"Streams", "tok/s"}, rows: [][]string{{"2", "39.0, 44.2"}, {"4", "48.6, 55.3"}}, lines: []int{1, 2}, above: "Decode throughput:"}
	require.Empty(t, splitRoundCells(&g))
	require.Len(t, g.rows, 2)
}

// Beside cells of two runs, a range ("0.74–0.79 s") spans the two runs:
// each run's value is read as their mean.
func TestRangeBesideTwoRunsIsTheirMean(t *testing.T) {
	md := "Aggregate over 512 forced tokens, two runs each:\n\n| conc | aggregate t/s | TTFT |\n| --- | --- | --- |\n" +
		"| 1 | 163.7 / 167.5 | 0.15 s |\n| 4 | 313.0 / 315.1 | 0.46 s |\n| 8 | 301.3 / 320.7 | 0.74–0.79 s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 6)
	require.Equal(t, 320.7, s.Points[5].ThroughputTokS)
	require.InDelta(t, 765.0, *s.Points[5].TTFT.Mean, 1e-9)
	require.InDelta(t, 765.0, *s.Points[4].TTFT.Mean, 1e-9)
	_, ok := runsSpan("0.74–0.79 s", 3)
	require.False(t, ok, "among three runs the middle one may lie anywhere")
}

// One row of another kind written as a phrase under the load column
// ("12 agents at ~25.6k prompt tokens" below c1 … c16) is set aside.
func TestProbeRowBelowLevelsSetAside(t *testing.T) {
	md := "| offered concurrency | aggregate t/s | TTFT |\n| --- | --- | --- |\n" +
		"| c1 | 163.7 | 0.15 s |\n| c4 | 313.0 | 0.46 s |\n| c8 | 301.3 | 0.74 s |\n| c16 | 314.7 | 7.21 s |\n" +
		"| 12 agents at ~25.6k prompt tokens | 97.7 | 42.99 s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 16.0, s.Points[3].Concurrency)
	// Two such phrases are labels of their own, not one probe.
	g := grid{header: []string{"users", "tok/s"}, rows: [][]string{{"1", "5"}, {"2", "9"}, {"8 users on long prompts", "3"}, {"8 users on short prompts", "4"}}, lines: []int{1, 2, 3, 4}}
	require.Empty(t, dropProbeRows(&g, classifyAll(g.header)))
	require.Len(t, g.rows, 4)
}

// A model-parallel degree is an engine setting, never the load; k6's
// "p(95)" is the statistic p95; a latency over each token
// ("Latency (ms/token)") is the time per output token, an inter-token one
// stays ITL.
func TestToolNotationAndSettingWords(t *testing.T) {
	for _, h := range []string{"Tensor parallelism degree", "tensor_parallel", "Pipeline parallel size", "expert parallelism"} {
		require.Equal(t, colIgnore, classify(h).kind, h)
	}
	require.Equal(t, colConcurrency, classify("Virtual Users").kind)
	require.Equal(t, colConcurrency, classify("parallelism").kind, "parallel requests alone are the load")
	g := grid{header: []string{"Latency Request ms p(90)", "http_req_duration p(99.9)", "p(x)"}}
	writeToolNotation(&g)
	require.Equal(t, []string{"Latency Request ms p90", "http_req_duration p99.9", "p(x)"}, g.header)
	c := classify("Latency (ms/token) p95")
	require.Equal(t, "tpot", c.metric)
	require.Equal(t, "p95", c.stat)
	require.Equal(t, "itl", classify("max_inter_token_latency(ms)").metric)
}

// Rules from the misses of held-out batch bk (written after its one
// measurement, each from one table of it, stated as a principle).

// Statistics named in brackets after a latency's headline value are
// columns of their own; a bracket that is a remark is not read so.
func TestBracketedStatisticsAfterValue(t *testing.T) {
	head, stats, vals, ok := inlineStats("**11.80s** (p50 0.74s · p99 77.6s)")
	require.True(t, ok)
	require.Equal(t, "11.80s", head)
	require.Equal(t, []string{"p50", "p99"}, stats)
	require.Equal(t, []string{"0.74s", "77.6s"}, vals)
	_, _, _, ok = inlineStats("48.4ms (~20.7 tok/s decode)")
	require.False(t, ok, "a remark in brackets names no statistic")
	md := "| Metric | conc=2 | conc=4 | conc=8 |\n|---|---|---|---|\n" +
		"| Mean TTFT | **11.80s** (p50 0.74s · p99 77.6s) | **20.85s** (p50 5.98s · p99 106.1s) | **40.82s** (p50 33.1s · p99 163.9s) |\n" +
		"| Output tput | 9.3 tok/s | 9.6 tok/s | 16.7 tok/s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 11800.0, *s.Points[0].TTFT.Mean)
	require.Equal(t, 740.0, *s.Points[0].TTFT.P50)
	require.Equal(t, 163900.0, *s.Points[2].TTFT.P99)
}

// "Input / Output tput/GPU" over "3,417 / 9.3 tok/s": the metric after
// the last part is every part's; a run's settings table above states the
// GPU count ("TP`1`").
func TestSharedMetricAndSettingsGPUs(t *testing.T) {
	names, ok := sharedMetricParts([]string{"Input", "Output tput/GPU"})
	require.True(t, ok)
	require.Equal(t, []string{"Input tput/GPU", "Output tput/GPU"}, names)
	_, ok = sharedMetricParts([]string{"Input", "Output"})
	require.False(t, ok, "no metric to share")
	md := "| Field | Value |\n|---|---|\n| Precision | `fp8` TP`1` |\n\n## Performance\n\n" +
		"| Concurrency | Input / Output tput/GPU | TTFT (ms) |\n|---|---|---|\n| 2 | 3,417 / 9.3 tok/s | 100 |\n| 4 | 3,309 / 19.6 tok/s | 200 |\n| 8 | 2,388 / 36.7 tok/s | 900 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 1, s.GPUs)
	require.Equal(t, 36.7, s.Points[2].ThroughputTokS)
}

// llama.cpp's "np=4" names a level in a wide table's headers; a series
// label "none" (no drafter) is a name, not the group above.
func TestSlotLevelsAndNoneLabel(t *testing.T) {
	md := "### Aggregate throughput (tok/s)\n\n| Drafter | np=1 | np=2 | np=4 |\n|---|---|---|---|\n" +
		"| DFlash | 21.22 | 15.87 | 25.32 |\n| MTP | 22.10 | 16.52 | 26.35 |\n| **none** | 11.11 | **20.14** | **34.14** |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "none"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 34.14, s.Points[2].ThroughputTokS)
	require.True(t, labelGap("—"))
	require.False(t, labelGap("none"))
}

// A wide table's "no_cap" column (no --max-concurrency) is a probe beside
// the levels, set aside; a level-1 column naming one stream's decode rate
// beside aggregates at the other levels is the node's rate there.
func TestUncappedProbeAndOneStreamColumn(t *testing.T) {
	md := "#### Output Throughput (tok/s)\n\n| Framework | 60 | 120 | 180 | no\\_cap |\n| --- | --- | --- | --- | --- |\n" +
		"| A | 6927.36 | 13418.20 | 16946.91 | 23523.06 |\n| B | 6638.04 | 12314.42 | 14993.90 | 16786.79 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "B"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 14993.90, s.Points[2].ThroughputTokS)
	md = "| Model | c1 decode tok/s | c2 agg tok/s | c4 agg tok/s |\n|---|---:|---:|---:|\n" +
		"| m1 | 136 | **271** | **542** |\n| m2 | 150 | **253** | **399** |\n"
	s, err = Read("t.md", []byte(md), Markdown, Meta{Series: "m2"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{150, 253, 399}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
}

// In a table whose rows name their metric, a pass or fail mark checks that
// metric's row, not the run: a run's metrics marked differently are one run.
func TestStatusMarkInMetricRowsKeysNoRun(t *testing.T) {
	md := "| Concurrency | Metric | BF16 | OK |\n| --- | --- | --- | --- |\n" +
		"| 1 | Output tok/s | 156 | ✅ |\n| 1 | TTFT (ms) | 72 | ❌ |\n| 8 | Output tok/s | 869 | ✅ |\n| 8 | TTFT (ms) | 90 | ✅ |\n" +
		"| 32 | Output tok/s | 2083 | ❌ |\n| 32 | TTFT (ms) | 140 | ✅ |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 72.0, *s.Points[0].TTFT.Mean)
	require.Equal(t, 2083.0, s.Points[2].ThroughputTokS)
}

package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A real table (k-cllm…: a llama.cpp backend's batch_timeout_ms sweep) has a
// column per level (并发8 … 并发32), a row per setting, and a last column
// 平均吞吐量 that is each row's mean. Before, every level header read as a
// concurrency column and the refusal named 并发8 as the load, which read the
// row means as throughput.
func TestColumnThatIsNoMeanIsNoSummary(t *testing.T) {
	g := grid{file: "t.md", header: []string{"config", "并发8", "并发16", "平均吞吐量"},
		rows: [][]string{{"a", "100", "200", "150"}, {"b", "100", "300", "150"}}, lines: []int{3, 4}}
	_, _, ok := dropSummaryColumns(g)
	require.False(t, ok, "row b: 150 is not the mean of 100 and 300")
	g.rows[1][3] = "200"
	got, _, ok := dropSummaryColumns(g)
	require.True(t, ok)
	require.Equal(t, []string{`config \ 平均吞吐量`, "并发8", "并发16"}, got.header)
	require.Equal(t, []string{"b", "100", "300"}, got.rows[1])
}

// Built for the rule, not measured: a table whose columns are the levels
// and whose rows are engines, the corner naming the engine, not the metric;
// the sentence that introduces the table names it, at the end of a
// paragraph.
const transposedUnderIntro = `The run used one T4 16 GB. Получены следующие медианные значения output throughput:

| Движок | Batch 1 | Batch 4 | Batch 16 |
|---|---:|---:|---:|
| Alpha | 20.0 | 70.0 | 200.0 |
| Beta | 22.0 | 60.0 | 90.0 |
`

func TestTransposedSeriesRowsTakeTheMetricTheIntroNames(t *testing.T) {
	s, err := Read("t.md", []byte(transposedUnderIntro), Markdown, Meta{Series: "Beta"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 16.0, s.Points[2].Concurrency)
	require.Equal(t, 90.0, s.Points[2].ThroughputTokS)
}

func TestIntroSentenceIsTheLastSentenceBeforeTheColon(t *testing.T) {
	long := "The experiment ran on Kaggle with a single NVIDIA Tesla T4 16 GB card. The median output throughput was:"
	require.Equal(t, "", captionAbove([]string{long[:len(long)-1] + ".", ""}, 2), "no colon: prose")
	require.Equal(t, "The median output throughput was", captionAbove([]string{long, ""}, 2))
	one := "A single long sentence that runs on and on about the setup of the benchmark and what it measured:"
	require.Equal(t, "", captionAbove([]string{one}, 1), "one long sentence names nothing")
	require.Equal(t, "吞吐量", introSentence("测试在一张卡上完成。吞吐量："))
}

// A transposed table of one row per model, the user counts as headers, a
// last column of remarks ("What stopped it") and ✗ where a level did not
// run, its metric in the caption under it: the corner "Model" names the
// rows, not the metric; the remark column is set aside; each model is a
// curve and a ✗ level is no point (issue 26, batch r's transposed users).
// Simulated.
func TestTransposedModelsWithARemarkColumn(t *testing.T) {
	md := "| Model | 1 | 2 | 4 | 8 | What stopped it |\n|---|---:|---:|---:|---:|---|\n" +
		"| alpha-3B | 180 | 330 | 460 | ✗ | KV cache |\n" +
		"| beta-9B | 70 | 120 | 210 | 250 | KV cache at 16 |\n\n" +
		"*Aggregate tokens per second across all users. ✗ = the server will not start.*\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "alpha-3B"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range [][2]float64{{1, 180}, {2, 330}, {4, 460}} {
		require.Equal(t, want[0], s.Points[i].Concurrency)
		require.Equal(t, want[1], s.Points[i].ThroughputTokS)
	}
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: "What stopped it" holds a remark per row, not a level: not read`)

	s, err = Read("t.md", []byte(md), Markdown, Meta{Series: "beta-9B"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 250.0, s.Points[3].ThroughputTokS)
}

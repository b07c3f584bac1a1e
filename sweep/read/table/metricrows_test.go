package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: the metric's name on every row in a column with no header,
// the value under a header naming the machine ("| Tokens per second | 16 |
// 647.78 |", as batch x's Azure table writes it): read as one row per load.
func TestMetricRowsLoneValueColumn(t *testing.T) {
	md := "|  | Batch Size | Box A |\n|---|---|---|\n" +
		"| Tokens per second | 16 | 600 |\n| Tokens per second | 32 | 850 |\n| Tokens per second | 64 | 1100 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range [][2]float64{{16, 600}, {32, 850}, {64, 1100}} {
		require.Equal(t, want[0], s.Points[i].Concurrency)
		require.Equal(t, want[1], s.Points[i].ThroughputTokS)
	}
	require.Equal(t, "t.md:4", s.Points[1].Source)
	require.Contains(t, s.Notes, `t.md:1: the rows name their metric ("Tokens per second" in a column with no header), its value in "Box A": read as one row per run, a column per metric`)
}

// Synthetic: a tidy dump, one row per (shape, concurrency, metric) with
// the mean and spread over repeats: the mean is read, each metric a column;
// the shapes are curves (a setting that tells repeated levels apart).
func TestMetricRowsStatisticsFamily(t *testing.T) {
	g := grid{file: "t.md", headerLine: 1,
		header: []string{"Input", "Concurrency", "Metric", "Mean", "Stddev", "Max"},
		rows: [][]string{
			{"256", "1", "`output_throughput`", "80", "0.1", "81"},
			{"256", "1", "`mean_ttft_ms`", "25", "0.4", "26"},
			{"256", "4", "`output_throughput`", "300", "0.5", "301"},
			{"256", "4", "`mean_ttft_ms`", "60", "0.2", "61"},
		},
		lines: []int{3, 4, 5, 6}}
	p, note, ok := pivotMetricRows(g)
	require.True(t, ok)
	require.Equal(t, []string{"Input", "Concurrency", "output_throughput", "mean_ttft_ms"}, p.header)
	require.Equal(t, [][]string{{"256", "1", "80", "25"}, {"256", "4", "300", "60"}}, p.rows)
	require.Equal(t, []int{3, 5}, p.lines)
	require.Contains(t, note, `"Stddev" and "Max" not read (statistics over the repeats)`)
}

// Synthetic: a metric column beside level columns ("c=1 | c=2 | c=4"), the
// curve's label written once per group of rows: one row per curve and
// level, the label carried down.
func TestMetricRowsLevelColumns(t *testing.T) {
	g := grid{file: "t.md", headerLine: 1,
		header: []string{"Config", "metric", "c=1", "c=2", "c=4"},
		rows: [][]string{
			{"A", "agg t/s", "40", "46", "44"},
			{"", "TTFT ms", "30", "35", "50"},
			{"B", "agg t/s", "45", "52", "68"},
			{"", "TTFT ms", "31", "33", "40"},
		},
		lines: []int{3, 4, 5, 6}}
	p, _, ok := pivotMetricRows(g)
	require.True(t, ok)
	require.Equal(t, []string{"Config", "concurrency", "agg t/s", "TTFT ms"}, p.header)
	require.Equal(t, [][]string{
		{"A", "1", "40", "30"}, {"A", "2", "46", "35"}, {"A", "4", "44", "50"},
		{"B", "1", "45", "31"}, {"B", "2", "52", "33"}, {"B", "4", "68", "40"},
	}, p.rows)
}

// Synthetic: tables that are no long table keep their shape: each metric
// named once (a transposed table), a name column of models, a run naming
// one metric twice with two values. (Two value columns with no statistic
// are curves: metricseries_test.go.)
func TestMetricRowsLeavesOtherTables(t *testing.T) {
	for name, g := range map[string]grid{
		"each metric once (transposed)": {header: []string{"metric", "c=1", "c=8"},
			rows: [][]string{{"tok/s", "1", "2"}, {"TTFT ms", "3", "4"}}},
		"a label column, not metrics": {header: []string{"Model", "Concurrency", "tok/s"},
			rows: [][]string{{"llama", "1", "2"}, {"llama", "8", "4"}}},
		"one metric twice in a run": {header: []string{"", "Batch", "Box A"},
			rows: [][]string{{"tok/s", "1", "2"}, {"tok/s", "1", "4"}}},
	} {
		g.file, g.lines = "t.md", make([]int, len(g.rows))
		_, _, ok := pivotMetricRows(g)
		require.False(t, ok, name)
	}
}

// Synthetic (batch q's arm CSV): a label column whose names a statistic
// word starts ("p2p_on") is no metric column, and an empty trailing column
// is no value.
func TestMetricRowsLeavesLabelsThatLookLikeStatistics(t *testing.T) {
	g := grid{file: "t.csv", header: []string{"arm", "concurrency", "output_tok_s", "tokens_per_joule"},
		rows:  [][]string{{"p2p_on", "1", "60", ""}, {"p2p_on", "2", "107", ""}, {"p2p_off", "1", "55", ""}, {"p2p_off", "2", "95", ""}},
		lines: []int{2, 3, 4, 5}}
	_, _, ok := pivotMetricRows(g)
	require.False(t, ok)
}

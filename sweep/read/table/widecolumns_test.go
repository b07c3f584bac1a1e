package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: the real wide table is batch m's
// inference-bench entry.

func TestLevelMetricHeader(t *testing.T) {
	for h, want := range map[string]levelMetric{
		"c=16 tok/s":        {level: "16", metric: "tok/s"},
		"tok/s @ c=16":      {level: "16", metric: "tok/s"},
		"users 8 TTFT (ms)": {level: "8", metric: "TTFT (ms)"},
		"TTFT p50 (c=4)":    {level: "4", metric: "TTFT p50"},
		"64/GPU tok/s":      {level: "64", metric: "tok/s", perGPU: true},
	} {
		got, ok := levelMetricHeader(h)
		require.True(t, ok, h)
		require.Equal(t, want, got, h)
	}
	for _, h := range []string{"8 GPUs tok/s", "c=16", "tok/s", "Engine", "c=4 notes"} {
		_, ok := levelMetricHeader(h)
		require.False(t, ok, h)
	}
}

func TestMeltLevelColumns(t *testing.T) {
	g := grid{file: "t.md", headerLine: 3,
		header: []string{"Config", "Engine", "c=1 tok/s", "c=1 TTFT ms", "c=8 tok/s", "c=8 TTFT ms"},
		rows:   [][]string{{"FP16", "vLLM", "**80**", "20", "500", "60"}, {"FP16", "SGLang", "61", "25", "420", "70"}},
		lines:  []int{5, 6}}
	m, note, ok := meltLevelColumns(g)
	require.True(t, ok)
	require.Equal(t, []string{"Config", "Engine", "concurrency", "tok/s", "TTFT ms"}, m.header)
	require.Equal(t, [][]string{
		{"FP16", "vLLM", "1", "80", "20"}, {"FP16", "vLLM", "8", "500", "60"},
		{"FP16", "SGLang", "1", "61", "25"}, {"FP16", "SGLang", "8", "420", "70"},
	}, m.rows)
	require.Equal(t, []int{5, 5, 6, 6}, m.lines, "a melted row leads back to its source row")
	require.Equal(t, `t.md:3: the headers name the levels ("c=1 tok/s" …): read as one row per level of each row, the level in a column of its own`, note)
}

func TestMeltLevelColumnsLeavesOtherTables(t *testing.T) {
	for name, g := range map[string]grid{
		"a number column that is no level": {header: []string{"Engine", "GPUs", "c=1 tok/s", "c=8 tok/s"}, rows: [][]string{{"a", "2", "1", "2"}, {"b", "2", "1", "2"}}},
		"one level":                        {header: []string{"Engine", "c=1 tok/s", "c=1 TTFT ms"}, rows: [][]string{{"a", "1", "2"}, {"b", "1", "2"}}},
		"rows with no label":               {header: []string{"c=1 tok/s", "c=8 tok/s"}, rows: [][]string{{"1", "2"}, {"3", "4"}}},
		"one level's metric twice":         {header: []string{"Engine", "c=1 tok/s", "c=1 tok/s", "c=8 tok/s"}, rows: [][]string{{"a", "1", "2", "3"}}},
	} {
		_, _, ok := meltLevelColumns(g)
		require.False(t, ok, name)
	}
}

func TestWideTableReadsOneCurvePerRow(t *testing.T) {
	md := "| Config | Engine | c=1 tok/s | c=16 tok/s | c=64 tok/s |\n|---|---|---|---|---|\n" +
		"| FP16 | vLLM | 80 | 1,094 | 3,102 |\n| FP16 | SGLang | 61 | 829 | 2,141 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "SGLang"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 16, 64}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Equal(t, 2141.0, s.Points[2].ThroughputTokS)
	require.Equal(t, "t.md:4", s.Points[2].Source)
}

package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: the corpus's "TTFT p50 / p99" header
// with its percentiles written in words (sweep/read's perturbation test,
// "p99 → 99th percentile").

func TestAStatPairNamedInWordsIsSplit(t *testing.T) {
	for h, want := range map[string][2]string{
		"TTFT p50 / 99th percentile":     {"TTFT p50", "TTFT 99th percentile"},
		"TTFT median / 99th percentile":  {"TTFT median", "TTFT 99th percentile"},
		"Latency average/max (s)":        {"Latency average (s)", "Latency max (s)"},
		"TTFT 50th / 95th (ms)":          {"TTFT 50th (ms)", "TTFT 95th (ms)"},
		"TTFT p50 / p99 (ms)":            {"TTFT p50 (ms)", "TTFT p99 (ms)"},
		"E2E 90th percentile / p99 (ms)": {"E2E 90th percentile (ms)", "E2E p99 (ms)"},
	} {
		g := grid{header: []string{"Concurrency", h}, rows: [][]string{{"1", "530 / 550"}, {"8", "610 / 900"}}}
		require.Len(t, splitStatPairs(&g), 1, h)
		require.Equal(t, []string{"Concurrency", want[0], want[1]}, g.header, h)
		require.Equal(t, []string{"8", "610", "900"}, g.rows[1], h)
		require.NotEqual(t, classify(want[0]).stat, classify(want[1]).stat, h)
	}
	g := grid{header: []string{"Input / output"}, rows: [][]string{{"1024 / 128"}}}
	require.Empty(t, splitStatPairs(&g), "lengths are no statistics")
}

// Three statistics in one cell, the unit written once after the last
// (simulated; the real shape is batch q's GB300 table, "TTFT p50 / p95 /
// p99" over "0.42 / 3.83 / 7.7 s"): each its own column, never the last
// value read as the only one.
func TestStatListOfThree(t *testing.T) {
	md := "| clients | output tok/s | TTFT p50 / p95 / p99 |\n|---|---|---|\n| 48 | 775 | 0.42 / 3.83 / 7.7 s |\n| 96 | 1803 | 0.67 / 5.36 / 12.2 s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 670.0, *s.Points[1].TTFT.P50)
	require.Equal(t, 5360.0, *s.Points[1].TTFT.P95)
	require.Equal(t, 12200.0, *s.Points[1].TTFT.P99)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: "TTFT p50 / p95 / p99" holds 3 statistics in each cell: read as "TTFT p50", "TTFT p95", "TTFT p99"`)
}

// Synthetic: a Chinese header naming the two statistics of its cells,
// "TTFT 中位/P99 (ms)" (median / P99) over "68.1 / 78.2": read as two
// columns, the P99 as the p99, never refused as a number with a unit
// "/ 78.2".
func TestStatPairNamedInChinese(t *testing.T) {
	md := "| 并发 | output tok/s | TTFT 中位/P99 (ms) |\n|---:|---:|---:|\n| 1 | 244.6 | 68.1 / 78.2 |\n| 8 | 1399.8 | 98.9 / 251.0 |\n| 16 | 2181.9 | 107.1 / 1422.4 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 98.9, *s.Points[1].TTFT.P50)
	require.Equal(t, 1422.4, *s.Points[2].TTFT.P99)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: "TTFT 中位/P99 (ms)" holds two statistics in each cell: read as "ttft median (ms)" and "ttft p99 (ms)"`)

	// Synthetic: the metric read as the roles pass reads it, lower case:
	// "首Token延迟" is the vocabulary's "首token延迟", a TTFT, no latency.
	s, err = Read("t.md", []byte(strings.Replace(md, "TTFT 中位", "首Token延迟 中位", 1)), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 1422.4, *s.Points[2].TTFT.P99)

	// Synthetic: words that name no statistic ("输入/输出", input/output)
	// leave the cell as it was.
	g := grid{header: []string{"并发", "输入/输出"}, rows: [][]string{{"1", "1024 / 128"}}}
	require.Empty(t, splitStatPairs(&g))
}

// Synthetic: "median / peak" of a rate whose unit only the prose states:
// split before the prose's unit is given to the columns that name none, so
// the median is read as the throughput and the peak (an instantaneous
// rate) is not.
func TestStatPairMedianPeakTakesTheProseUnit(t *testing.T) {
	md := "Each level ran 3 rounds; the slowest stream decodes at ~40 tok/s.\n\n| streams | aggregate, median / peak | TTFT p90 |\n|---|---|---|\n| 1 | 33.9 / 36.8 | 0.60 s |\n| 2 | 34.1 / 50.2 | 1.29 s |\n| 4 | 56.0 / 56.5 | 1.89 s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 34.1, s.Points[1].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `read as "aggregate, median" and "aggregate, peak"`)
}

// Synthetic: a "median / max" column (named in Chinese, 中位 / 最大) whose
// author wrote the max only on some rows, and once the median as a range
// of runs: the lone values are the medians, the range is left unread, and
// the column is never refused as a number with a unit "/ 0.33s".
func TestStatPairWithLoneValuesAndARange(t *testing.T) {
	md := "| 并发 | 聚合 tok/s | TTFT 中位 / 最大 |\n|---|---|---|\n| 1 | 26.2 | 0.13s |\n| 2 | 42.0 | 0.12s / 0.33s |\n| 4 | 74.5 | 0.93-1.1s / 1.1s |\n| 8 | 89.7 | 0.42s / **11.8s** |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 130.0, *s.Points[0].TTFT.P50)
	require.Equal(t, 120.0, *s.Points[1].TTFT.P50)
	require.Nil(t, s.Points[2].TTFT.P50)
	require.Equal(t, 420.0, *s.Points[3].TTFT.P50)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `t.md:3: "0.13s" holds one value: read as the ttft median only`)
	require.Contains(t, notes, `t.md:5: "0.93-1.1s / 1.1s" holds a range of values for a statistic: that statistic left unread`)

	// Synthetic: no cell holds two values: the header's pair is not what
	// the cells pack, and the column is left as it is.
	g := grid{header: []string{"Concurrency", "TTFT p50 / max"}, rows: [][]string{{"1", "0.13"}, {"8", "0.42"}}}
	require.Empty(t, splitStatPairs(&g))
}

// Synthetic: the same median / max pair named in Korean, Russian, German
// and Spanish: each splits into the median (read as the p50) and the max,
// as the English "TTFT median / max" does.
func TestStatPairNamedInMoreLanguages(t *testing.T) {
	for _, h := range []string{"TTFT 중앙값 / 최대", "TTFT медиана / максимум", "TTFT медиана / макс", "TTFT Median / Max", "TTFT mediana / máx", "TTFT mediana / máximo"} {
		g := grid{header: []string{"Concurrency", h}, rows: [][]string{{"1", "530 / 550"}, {"8", "610 / 900"}}}
		require.Len(t, splitStatPairs(&g), 1, h)
		require.Equal(t, "p50", classify(g.header[1]).stat, h)
		require.Equal(t, "max", classify(g.header[2]).stat, h)
		require.Equal(t, []string{"8", "610", "900"}, g.rows[1], h)
	}
	for _, h := range []string{"TTFT Mittel / Max", "TTFT 평균/최대", "TTFT среднее / максимум", "TTFT promedio / mín"} {
		g := grid{header: []string{"Concurrency", h}, rows: [][]string{{"1", "530 / 550"}}}
		require.Len(t, splitStatPairs(&g), 1, h)
		require.Equal(t, "mean", classify(g.header[1]).stat, h)
	}
}

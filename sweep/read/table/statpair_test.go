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

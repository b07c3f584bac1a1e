package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: words for one request at a time are a load of 1, a count
// before a concurrency word that count; what follows is the metric.
func TestWordLevel(t *testing.T) {
	for h, want := range map[string][2]string{
		"单请求":             {"1", ""},
		"**单请求**":         {"1", ""},
		"single":          {"1", ""},
		"Single request":  {"1", ""},
		"sequential":      {"1", ""},
		"1 user":          {"1", ""},
		"2x 并发":           {"2", ""},
		"2 并发":            {"2", ""},
		"5x 并发总吞吐":        {"5", "总吞吐"},
		"8 concurrent":    {"8", ""},
		"x2":              {"2", ""},
		"4 users tok/s":   {"4", "tok/s"},
		"单请求吞吐 (tok/s)":   {"1", "吞吐 (tok/s)"},
		"single-user tok": {"1", "tok"},
		// Counts written in words, as prose writes them.
		"Two-request aggregate tps":   {"2", "aggregate tps"},
		"Eight-request aggregate tps": {"8", "aggregate tps"},
		"sixteen users tok/s":         {"16", "tok/s"},
	} {
		level, rest, ok := wordLevel(h)
		require.True(t, ok, h)
		require.Equal(t, want, [2]string{level, rest}, h)
	}
	for _, h := range []string{"Single-stream tok/s", "单流吞吐", "2x faster", "x2 speedup", "Concurrency", "singles", "1.2x", "users", "Two-stage tok/s", "twofold users"} {
		_, _, ok := wordLevel(h)
		require.False(t, ok, h)
	}
}

// Synthetic (batch w's 1Cat table): a row per version, the levels in the
// headers in words ("单请求 | 2x 并发总吞吐 | 5x 并发总吞吐"), the
// single-request column naming no metric: it holds the one the others
// name, and each version is a curve of 1, 2 and 5 in flight.
func TestWordLevelsMeltAWideTable(t *testing.T) {
	md := "| 版本 | 单请求 | 2x 并发总吞吐 | 5x 并发总吞吐 |\n|---|---|---|---|\n" +
		"| **A** | 4.8 tok/s | **24.1 tok/s** | **60.5 tok/s** |\n| **B** | 18.1 tok/s | 40.1 tok/s | 34.2 tok/s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "B"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range [][2]float64{{1, 18.1}, {2, 40.1}, {5, 34.2}} {
		require.Equal(t, want[0], s.Points[i].Concurrency)
		require.Equal(t, want[1], s.Points[i].ThroughputTokS)
	}
	require.Contains(t, s.Notes[0], `"单请求", naming a level alone, holds the "总吞吐" the other levels name`)
}

// Synthetic: a transposed table whose level headers are words ("single |
// 2x 并发 | 5x 并发"), a row per metric.
func TestWordLevelsInATransposedHeader(t *testing.T) {
	md := "| metric | single | 2x 并发 | 5x 并发 |\n|---|---|---|---|\n" +
		"| Output tok/s | 20 | 38 | 80 |\n| TTFT p99 (ms) | 40 | 45 | 90 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 2, 5}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Equal(t, 80.0, s.Points[2].ThroughputTokS)
}

// Synthetic: a column named by a level alone beside columns naming two
// metrics has no one metric to take: not melted.
func TestBareLevelNeedsOneMetric(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Engine", "single", "2x 并发 tok/s", "2x 并发 TTFT ms"},
		rows: [][]string{{"a", "1", "2", "3"}, {"b", "1", "2", "3"}}, lines: []int{3, 4}}
	_, _, ok := meltLevelColumns(g)
	require.False(t, ok)
}

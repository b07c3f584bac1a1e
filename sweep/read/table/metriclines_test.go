package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: a level per line with several metrics on it reads as the
// table it stands for, each item a column named by its words and unit.
func TestLevelLinesWithSeveralMetrics(t *testing.T) {
	doc := "## Results (input 512, output 128)\n\n" +
		"- c=1 → 30.29 tok/s · TTFT p50 40 ms · TPOT 11 ms\n" +
		"- c=8 → 206.32 tok/s · TTFT p50 50 ms · TPOT 12 ms\n" +
		"- c=32 → 1,760.5 tok/s · TTFT p50 900 ms · TPOT 20 ms\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 8, 32}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Equal(t, []float64{30.29, 206.32, 1760.5}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Equal(t, 900.0, *s.Points[2].TTFT.P50)
	require.Contains(t, strings.Join(s.Notes, "\n"), "t.md:3: no table of the page reads as a sweep; the lines its prose writes from this line, a level and its metrics on each")

	// A value before its words names it too ("1.4 s TTFT").
	doc = "concurrency 1: 30 tok/s, 0.2 s TTFT\nconcurrency 4: 100 tok/s, 0.3 s TTFT\nconcurrency 16: 150 tok/s, 2.5 s TTFT\n"
	s, err = Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 2500.0, *s.Points[2].TTFT.Mean)
}

// Simulated: lines that list different items are no one table, and no
// run of three remains.
func TestLevelLinesThatDisagreeAreNoTable(t *testing.T) {
	lines := []string{
		"- c=1 → 30 tok/s · TTFT p50 40 ms",
		"- c=8 → 206 tok/s · TPOT 12 ms",
		"- c=32 → 760 tok/s · TTFT p50 90 ms",
	}
	require.Empty(t, metricLineGrids("t.md", lines, func(int) []string { return nil }))
	// One value per line is lineCurveGrids' shape, not this one's.
	_, ok := readMetricLine("- concurrency 4: 57 tok/s")
	require.False(t, ok)
	// An item without a number ends the line's reading.
	_, ok = readMetricLine("- c=4: 57 tok/s, stable")
	require.False(t, ok)
}

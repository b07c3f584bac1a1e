package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRatioColumnReadsRatiosOnly(t *testing.T) {
	g := grid{header: []string{"engine", "1", "4", "scaling", "advantage", "note"}, rows: [][]string{
		{"a", "10", "20", "×2.00", "+27 %", "ok"},
		{"b", "5", "30", "**6.0x**", "-3%", "2"},
	}}
	require.False(t, ratioColumn(g, 1))
	require.True(t, ratioColumn(g, 3))
	require.True(t, ratioColumn(g, 4))
	require.False(t, ratioColumn(g, 5))
}

// A wide table of levels ending with a scaling column: the ratios are set
// aside and the rows are curves whose unit the caption under the table
// names.
func TestWideTableSetsRatiosAsideAndReadsTheCaptionBelow(t *testing.T) {
	text := "| load | 1 | 4 | 16 | scaling 1→16 |\n|---|---|---|---|---|\n" +
		"| A | 10.0 | 30.0 | 50.0 | ×5.00 |\n\n*output tokens/s, median of 3 runs*\n"
	s, err := readMarkdown("t.md", []byte(text), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.InDelta(t, 50.0, s.Points[2].ThroughputTokS, 1e-9)
	require.InDelta(t, 16.0, s.Points[2].Concurrency, 1e-9)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"scaling 1→16" holds ratios`)
}

func TestCaptionBelowIsItalicAndNamesAMetric(t *testing.T) {
	lines := []string{"| a |", "", "*output tokens/s, median of 3 runs*"}
	require.Equal(t, "output tokens/s, median of 3 runs", captionBelow(lines, 1))
	require.Equal(t, "", captionBelow([]string{"", "*measured on a quiet box*"}, 0))
	require.Equal(t, "", captionBelow([]string{"**output tokens/s**"}, 0))
	require.Equal(t, "", captionBelow([]string{"", "", "*output tokens/s*"}, 0))
	require.Equal(t, "", captionBelow(nil, 0))
}

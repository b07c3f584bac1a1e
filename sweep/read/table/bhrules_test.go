package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from the misses of held-out batch bh (written after its one
// measurement). Synthetic numbers.

// A count of requests that climbs the same ladder for each group of rows
// (1, 4, 8 at one input length, then again at the next) is the load when
// the node's rate grows along it: the requests ran at once.
func TestRequestLadderPerGroupIsTheLoad(t *testing.T) {
	md := "| 请求数 | 输入长度 | tok/s |\n|---:|---:|---:|\n| 1 | 64 | 28.0 |\n| 4 | 64 | 88.0 |\n| 8 | 64 | 143.0 |\n| 1 | 256 | 27.0 |\n| 4 | 256 | 86.0 |\n| 8 | 256 | 137.0 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.Error(t, err)
	require.ElementsMatch(t, []string{"64", "256"}, CurveNames(err))
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "256"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{27, 86, 137}, throughputs(s))
	levels, ok := steppingLevels(grid{rows: [][]string{{"1"}, {"4"}, {"8"}, {"1"}, {"4"}, {"8"}}}, 0)
	require.True(t, ok)
	require.Equal(t, "1, 4, 8 … 8", levels)
	_, ok = steppingLevels(grid{rows: [][]string{{"1"}, {"4"}, {"8"}, {"1"}, {"2"}, {"8"}}}, 0)
	require.False(t, ok, "two different ladders")
	// Run one after another, the requests leave the node's rate flat: no load.
	md = "| Requests | tok/s |\n|---:|---:|\n| 1 | 30.0 |\n| 4 | 31.0 |\n| 16 | 30.5 |\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.Error(t, err)
}

// A --series that names both the page's heading and a curve of the table
// under it picks the curve (found by the corpus property tests on a bg
// entry: the refusal named the flag that then changed nothing).
func TestSeriesNamingHeadingAndCurve(t *testing.T) {
	md := "# Pulse\n\n## Measured\n\n| concurrent clients | stock | pulse |\n|---|---|---|\n| 1 | 26.5 tok/s | 40.7 tok/s |\n| 4 | 72.9 tok/s | 79.6 tok/s |\n| 16 | 73.0 tok/s | 117.7 tok/s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "pulse"})
	require.NoError(t, err)
	require.Equal(t, []float64{40.7, 79.6, 117.7}, throughputs(s))
}

package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a plain line under a table that says what its cells hold is
// its caption; one that names no metric, or says something else, is not.
func TestValuesLineCaption(t *testing.T) {
	for line, want := range map[string]string{
		"value is TPS (token per second)": "TPS (token per second)",
		"Values are output tok/s.":        "output tok/s",
		"all numbers in tokens/s":         "tokens/s",
		"value is what we hoped":          "",
		"the results are similar":         "",
		"TPS grows with the load":         "",
	} {
		require.Equal(t, want, captionBelow([]string{"", line}, 0), line)
	}
}

// Synthetic (batch a's Triton issue): a transposed table of engines whose
// load row names no metric, the line under it saying the cells are TPS:
// each engine is a curve of that throughput.
func TestValuesLineNamesTransposedSeries(t *testing.T) {
	md := "concurrent requests | 1 | 50 | 100\n-- | -- | -- | --\n" +
		"Engine A| 73.36 | 193.30 | 193.81\nEngine B| 64.13| 984.55| 1246.50\n\nvalue is TPS (token per second)\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "Engine B"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 50.0, s.Points[1].Concurrency)
	require.Equal(t, 984.55, s.Points[1].ThroughputTokS)
	_, err = Read("t.md", []byte(md[:len(md)-len("\nvalue is TPS (token per second)\n")]), Markdown, Meta{Series: "Engine B"})
	require.Error(t, err, "without the line nothing names the metric")
}

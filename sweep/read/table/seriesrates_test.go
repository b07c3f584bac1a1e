package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Two series' rates under a group row are no stream and node, even when a
// flat series beside a growing one matches stream × load; a decode rate
// beside the output rate still may be.
func TestSeriesOfOneRate(t *testing.T) {
	require.True(t, seriesOfOneRate("TP+EP=2 Tok/s", "DP=2 Tok/s"))
	require.False(t, seriesOfOneRate("Decode tok/s", "Output tok/s"))
	require.False(t, seriesOfOneRate("Per-user tok/s", "Total tok/s"))
	require.False(t, seriesOfOneRate("tok/s", "Output tok/s"))
	require.False(t, seriesOfOneRate("A tok/s", "A tok/s"))
}

// Synthetic: a series flat at 25 tok/s beside one that grows to 800 at
// 32 in flight (25 × 32): read as two series, not a stream of the other.
func TestFlatSeriesIsNoStreamRate(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Concurrency", "A=2 Tok/s", "B=2 Tok/s"},
		rows:  [][]string{{"1", "24.8", "23.3"}, {"8", "24.5", "220.8"}, {"32", "25.1", "814"}},
		lines: []int{3, 4, 5}}
	_, err := resolveColumns(g, nil, 0, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), "--series")
}

// Abbreviated rate headers ("OTPS", "Thrpt") are token rates.
func TestAbbreviatedRateHeaders(t *testing.T) {
	require.Equal(t, colThroughput, classify("OTPS").kind)
	require.Equal(t, colThroughput, classify("Thrpt (tok/s)").kind)
}

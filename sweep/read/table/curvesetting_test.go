package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: max_concurrency 64 through one curve and 128 through the
// next, beside concurrency 1, 4, 16 in each. The old reader read the
// constant 64 as the load, three times over.
func TestLoadConstantThroughEachCurveIsASetting(t *testing.T) {
	g := grid{file: "t.md", header: []string{"max_concurrency", "concurrency", "Output tok/s"},
		rows: [][]string{{"64", "1", "40"}, {"64", "4", "150"}, {"64", "16", "400"},
			{"128", "1", "42"}, {"128", "4", "155"}, {"128", "16", "420"}},
		lines: []int{3, 4, 5, 6, 7, 8}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colWorkload, r.cols[0].kind)
	require.Equal(t, `one value through each curve while "concurrency" climbs: a setting, a series when it varies`, r.cols[0].why)
	require.Equal(t, colConcurrency, r.cols[1].kind)

	s, err := tableToSweep(g, Meta{Series: "128"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 16.0, s.Points[2].Concurrency)
	require.Equal(t, 420.0, s.Points[2].ThroughputTokS)
}

// Kept: the configured level repeated beside the concurrency measured at
// each repeat (a few per cent apart, no ladder) stays the load.
func TestRepeatsOfAConfiguredLevelStayTheLoad(t *testing.T) {
	g := grid{file: "t.md", header: []string{"max_concurrency", "concurrency", "Output tok/s"},
		rows:  [][]string{{"1", "0.98", "40"}, {"1", "0.99", "41"}, {"4", "3.9", "150"}, {"4", "3.95", "152"}},
		lines: []int{3, 4, 5, 6}}
	require.False(t, constantWithinRuns(g, 0, 1))
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colConcurrency, r.cols[0].kind)
}

package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Two token rates whose headers say nothing of who they belong to: the one
// that, times the concurrency, is the other on every row is per stream.
func TestPerStreamRateToldByThePhysics(t *testing.T) {
	g := grid{file: "t.md", header: []string{"concurrency", "tok/s", "speed (tok/s)"},
		rows:  [][]string{{"1", "40", "40"}, {"4", "37", "150"}, {"16", "30", "470"}},
		lines: []int{3, 4, 5}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colPerUser, r.cols[1].kind)
	require.Equal(t, `a per-stream rate: times the concurrency it is "speed (tok/s)"`, r.cols[1].why)
	require.Equal(t, colThroughput, r.cols[2].kind)
	require.Contains(t, r.notes, `t.md: "tok/s" read as a per-stream rate, not the node's: on every row it is "speed (tok/s)" divided by the concurrency`)
}

// Where neither is the other times the load (an output rate beside a
// total), the physics says nothing and the columns stay candidates.
func TestPerStreamRateNeedsTheProduct(t *testing.T) {
	g := grid{file: "t.md", header: []string{"concurrency", "tok/s", "speed (tok/s)"},
		rows:  [][]string{{"1", "40", "120"}, {"4", "150", "460"}, {"16", "470", "1400"}},
		lines: []int{3, 4, 5}}
	_, err := resolveColumns(g, nil, 0, Meta{})
	require.ErrorContains(t, err, `columns "tok/s" and "speed (tok/s)" both read as throughput`)
}

// Any number of rate columns: each per-stream statistic (falling as the
// node's grows, the node's within a decode rate's shortfall of streams ×
// load) is told from the node's, which is read.
func TestPerStreamRatesOfAnyNumber(t *testing.T) {
	g := grid{file: "t.md", header: []string{"users", "Decode tok/s p50", "Decode tok/s mean", "Output tok/s"},
		rows: [][]string{{"1", "70", "69", "55"}, {"8", "62", "61", "400"}, {"32", "45", "44", "1100"},
			{"64", "33", "32", "1600"}},
		lines: []int{3, 4, 5, 6}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colPerUser, r.cols[1].kind)
	require.Equal(t, colPerUser, r.cols[2].kind)
	require.Equal(t, colThroughput, r.cols[3].kind)
	require.Equal(t, "", r.cols[3].stat)
}

// A rate that grows with the load is never a stream's, even when another
// column times the load is near it: both grow, so the physics says
// nothing and the columns stay candidates.
func TestPerStreamRateMustNotGrow(t *testing.T) {
	pts := streamPoints{{1, 40, 30}, {4, 60, 150}, {16, 80, 700}}
	require.False(t, pts.streamFallsNodeGrows())
	pts = streamPoints{{1, 40, 30}, {4, 38, 110}, {16, 30, 300}}
	require.True(t, pts.streamFallsNodeGrows())
}

// Below half of streams × load the node's rate is no sum of those
// streams: a falling rate and a growing one that far apart stay apart.
func TestPerStreamShortfallBound(t *testing.T) {
	g := grid{file: "t.md", header: []string{"concurrency", "tok/s p50", "tok/s"},
		rows:  [][]string{{"1", "70", "30"}, {"8", "62", "200"}, {"32", "45", "600"}},
		lines: []int{3, 4, 5}}
	require.False(t, streamOf(g, 0, classify("tok/s p50"), classify("tok/s"), 1, 2))
}

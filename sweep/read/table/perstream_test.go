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

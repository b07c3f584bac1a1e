package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: two engines at 1 and 8 in flight, a check column of ✅ and ❌
// beside them: the check is read as no series.
func TestStatusMarksNameNoSeries(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Engine", "Concurrency", "Output tok/s", "SLO"},
		rows:  [][]string{{"a", "1", "100", "✅"}, {"a", "8", "700", "❌ FAIL"}, {"b", "1", "90", "✅"}, {"b", "8", "650", "✅ PASS"}},
		lines: []int{3, 4, 5, 6}}
	require.True(t, statusColumn(g, 3))
	require.False(t, statusColumn(g, 0))
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colIgnore, r.cols[3].kind)
	require.Equal(t, "a pass or fail mark on each row, not a series", r.cols[3].why)
	require.NotContains(t, seriesCandidates(r.cols), 3)
}

package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: one row per client of a single run, clients counted from 0:
// no sweep, so the column is no load.
func TestLoadCountedFromZeroNamesRows(t *testing.T) {
	g := grid{file: "t.md", header: []string{"User", "TTFT P50", "tok/s"},
		rows:  [][]string{{"0", "278ms", "45.5"}, {"1", "321ms", "44.5"}, {"2", "542ms", "43.8"}},
		lines: []int{3, 4, 5}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colIgnore, r.cols[0].kind)
	require.Equal(t, whyZeroBased, r.cols[0].why)
	_, err = tableToSweep(g, Meta{})
	require.ErrorContains(t, err, "no concurrency column")
}

package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// engineGrid is a synthetic table of engines as columns with no unit,
// dash cells where an engine did not run a level, and prose beside it.
func engineGrid(context string) grid {
	return grid{
		file: "t.md", headerLine: 3, context: context,
		header: []string{"c", "alpha", "beta"},
		rows: [][]string{
			{"1", "140.5", "150.1"},
			{"8", "610.0", "1,100.4"},
			{"32", "880.2", "2,700.0"},
			{"64", "—", "2,950.3"},
		},
	}
}

// The prose's token rate names nameless engine columns when its figure
// lies among their cells (issue 26, batch r's runtime columns): each
// column becomes a throughput, a curve of its own.
func TestProseRateNamesEngineColumns(t *testing.T) {
	g := engineGrid("alpha runs with a batch cap of 16. Asymptote ~880 tok/s on the long runs.")
	notes := nameColumnsByHeading(&g)
	require.Equal(t, []string{"c", "alpha tok/s", "beta tok/s"}, g.header)
	require.Equal(t, []string{`t.md:3: columns "alpha", "beta" name no metric: they hold the "tok/s" the prose beside the table states`}, notes)
	cols := classifyAll(g.header)
	require.Equal(t, colThroughput, cols[1].kind)
	require.Equal(t, colThroughput, cols[2].kind)
}

// A token rate outside the cells (a peak of another run) names nothing,
// nor does prose with no rate: the table stays unread as before.
func TestProseRateOutsideTheCellsNamesNothing(t *testing.T) {
	for _, context := range []string{"the peak reached 12,000 tok/s on an H100.", "alpha runs with a batch cap of 16."} {
		g := engineGrid(context)
		require.Nil(t, nameColumnsByHeading(&g), context)
		require.Equal(t, []string{"c", "alpha", "beta"}, g.header)
	}
}

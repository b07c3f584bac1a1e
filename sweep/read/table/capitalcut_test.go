package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a two-column table flattened to single spaces, whose header's
// words cut into a load and a rate three ways that all read the same; the
// capitals name the columns.
const flattenedTwoColumns = `Concurrent users Total output tok/s
1 40.5
2 78.0
4 140.2
8 220.9
`

func TestAgreeingCutsNamedByCapitals(t *testing.T) {
	s, err := Read("t.txt", []byte(flattenedTwoColumns), Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 140.2, s.Points[2].ThroughputTokS)
	require.Contains(t, s.Notes[len(s.Notes)-1], `"Total output tok/s" as throughput`)
}

func TestCapitalCut(t *testing.T) {
	same := [][]string{{"Concurrent", "users Total output tok/s"}, {"Concurrent users", "Total output tok/s"}}
	cols, ok := capitalCut(same)
	require.True(t, ok)
	require.Equal(t, []string{"Concurrent users", "Total output tok/s"}, cols)
	// Synthetic: cuts that read differently (a TTFT, then a throughput)
	// stay refused whatever the capitals say.
	differ := [][]string{{"Users", "TTFT ms"}, {"Users", "Output tok/s"}}
	_, ok = capitalCut(differ)
	require.False(t, ok)
	require.True(t, allStartCapital([]string{"Users", "99th TTFT", "#"}))
	require.False(t, allStartCapital([]string{"Users", "output tok/s"}))
}

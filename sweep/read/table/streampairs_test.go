package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: unitless "all streams" and "per stream" columns whose values
// share the load as a rate does are read in tok/s, one curve per series.
func TestStreamRatePairsAreTokenRates(t *testing.T) {
	md := "| streams | code all streams | code per stream | prose all streams | prose per stream |\n|---|---|---|---|---|\n" +
		"| 1 | 212.5 | 212.5 | 169.1 | 169.1 |\n| 4 | 851.8 | 212.9 | 718.2 | 179.6 |\n| 8 | 1,496.1 | 187.0 | 1,229.9 | 153.7 |\n| 16 | 2,442.5 | 152.7 | 2,085.6 | 130.3 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "prose"})
	require.NoError(t, err)
	require.Equal(t, 2085.6, s.Points[len(s.Points)-1].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"prose all streams" is "prose per stream" × "streams" on every row`)
}

// Synthetic: a size per stream is fixed by the workload, not cut by the
// streams beside it: no rate, so nothing is named.
func TestStreamPairsNeedSharing(t *testing.T) {
	g := grid{header: []string{"streams", "all streams", "per stream"}, rows: [][]string{
		{"c1", "10", "10"}, {"c4", "40", "10"}, {"c8", "80", "10"}}}
	require.Empty(t, nameStreamRatePairs(&g))
	require.Equal(t, "per stream", g.header[2])
	g.rows = [][]string{{"c1", "10", "10"}, {"c4", "36", "9"}, {"c8", "64", "8"}}
	require.Len(t, nameStreamRatePairs(&g), 1)
	require.Equal(t, []string{"streams", "all streams tok/s", "per stream tok/s"}, g.header)
	// A header that names requests or a unit is left alone.
	require.False(t, unitlessWords("per stream req", oneStreamWords, "per"))
	require.False(t, unitlessWords("per stream (ms)", oneStreamWords, "per"))
	require.True(t, unitlessWords("MixedInt4 agg.", allStreamsWords, ""))
}

package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a run's output-token count ("out tok") beside its rate
// ("tok/s"). The count names output and would rank first as a rate; it is
// the tokens produced, so the rate is read.
func TestTokenCountBesideRateIsNoRate(t *testing.T) {
	g := grid{file: "t.md", header: []string{"slots", "TTFT ms", "tok/s", "out tok"},
		rows:  [][]string{{"1", "400", "17.3", "122"}, {"4", "1200", "50.9", "492"}, {"16", "5000", "106.4", "1885"}},
		lines: []int{3, 4, 5}}
	s, err := tableToSweep(g, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 17.3, s.Points[0].ThroughputTokS)
	require.Equal(t, 106.4, s.Points[2].ThroughputTokS)

	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colIgnore, r.cols[3].kind)
	require.Equal(t, `tokens and no time, beside the rate "tok/s": a count or a figure per token, not a rate`, r.cols[3].why)
}

// Kept: a header of tokens alone is the rate when nothing else is, and a
// rate word ("Output tokens throughput") is a rate beside any other.
func TestTokenHeaderAloneStaysTheRate(t *testing.T) {
	g := grid{file: "t.md", header: []string{"users", "out tok"},
		rows:  [][]string{{"1", "40"}, {"4", "150"}},
		lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colThroughput, r.cols[1].kind)

	g = grid{file: "t.md", header: []string{"users", "Output tokens throughput", "Input tok/s"},
		rows:  [][]string{{"1", "40", "400"}, {"4", "150", "1500"}},
		lines: []int{3, 4}}
	r, err = resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colThroughput, r.cols[1].kind)
}

package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: the concurrency requested beside the one that ran (a server
// capped at 10 slots). The requested is the level, the ran one measured.
func TestRequestedBesideRanIsTheLevel(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Requested", "Actually ran", "Output tok/s"},
		rows:  [][]string{{"4", "4", "70"}, {"8", "8", "71"}, {"16", "**10**", "61"}},
		lines: []int{3, 4, 5}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colConcurrency, r.cols[0].kind)
	require.Equal(t, colAchieved, r.cols[1].kind)
	require.Contains(t, r.notes, `t.md: "Requested" read as the concurrency level (the one requested) and "Actually ran" as the concurrency that ran: never above it, below it where the server ran fewer`)
}

// A "ran" column above the requested one is no achieved concurrency of
// it: nothing is read as the load.
func TestRanAboveRequestedIsNoPair(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Target", "Achieved", "Output tok/s"},
		rows:  [][]string{{"4", "4", "70"}, {"8", "12", "71"}},
		lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colIgnore, r.cols[0].kind)
	require.Equal(t, colIgnore, r.cols[1].kind)
}

// Named both ways, the role table tells them apart; the note says which
// is the level.
func TestNamedRequestedAndActualConcurrency(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Requested concurrency", "Actual concurrency", "Output tok/s"},
		rows:  [][]string{{"4", "4", "70"}, {"16", "10", "61"}},
		lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colConcurrency, r.cols[0].kind)
	require.Equal(t, colAchieved, r.cols[1].kind)
	require.Contains(t, r.notes, `t.md: "Requested concurrency" read as the concurrency level (the one requested), "Actual concurrency" as the concurrency that ran`)
}

package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: llama-server's slots swept with the context scaled to 4,096
// tokens per slot. "-c" is a one-letter load by its words, but its values
// are context sizes: the slots are the load.
func TestContextSizesBesideSlotsAreNoLoad(t *testing.T) {
	g := grid{file: "t.md", header: []string{"-np", "-c", "TTFT mean", "aggregate tok/s"},
		rows:  [][]string{{"1", "4,096", "0.2 s", "100"}, {"2", "8,192", "0.3 s", "180"}, {"4", "16,384", "0.5 s", "240"}},
		lines: []int{3, 4, 5}}
	s, err := tableToSweep(g, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 2, 4}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Equal(t, 240.0, s.Points[2].ThroughputTokS)
	require.Contains(t, s.Notes, `t.md: "-c" is not read as the load: its values are context sizes`)
}

// Kept: a concurrency sweep that reaches 4096 from small levels is a load,
// and a column of context sizes alone stays the load (refused or read by
// the rules after, never silently dropped here).
func TestContextSizesNeedEverValueAndAnotherLoad(t *testing.T) {
	g := grid{file: "t.md", header: []string{"batch", "concurrency", "Output tok/s"},
		rows:  [][]string{{"8", "1", "40"}, {"8", "64", "900"}, {"8", "4096", "1500"}},
		lines: []int{3, 4, 5}}
	require.False(t, contextSized(g, 1))

	g = grid{file: "t.md", header: []string{"concurrency", "Output tok/s"},
		rows:  [][]string{{"2048", "40"}, {"4096", "900"}},
		lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colConcurrency, r.cols[0].kind)
	require.True(t, contextSized(g, 0))
}

package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a warm-up row before three levels, its load cell naming it.
func TestWarmupRowIsSetAside(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Concurrency", "Output tok/s"},
		rows: [][]string{{"**Warm-up**", "50"}, {"1", "100"}, {"8", "700"}, {"16", "900"}}, lines: []int{3, 4, 5, 6}}
	notes := dropWarmupRows(&g)
	require.Equal(t, [][]string{{"1", "100"}, {"8", "700"}, {"16", "900"}}, g.rows)
	require.Equal(t, []int{4, 5, 6}, g.lines)
	require.Equal(t, []string{`t.md:3: "Warm-up" is a warm-up, not a level: set aside`}, notes)
}

// "warm-up time (s)" as a value is no warm-up row; "预热" and "warmup
// (discarded)" are.
func TestWarmupCells(t *testing.T) {
	require.True(t, warmupCell.MatchString("预热"))
	require.True(t, warmupCell.MatchString("warmup (discarded)"))
	require.False(t, warmupCell.MatchString("warm-up time (s)"))
	require.False(t, warmupCell.MatchString("8"))
}

package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic, after batch n's Korean page: the console output in a fence is
// the sweep; the pipe table below it is of changes between levels ("1 →
// 2"), no sweep, so the console table is read, with a note. A page whose
// pipe table is a sweep keeps that table's reading (or refusal).
func TestConsoleTableInAFenceBesideAPipeTableOfChanges(t *testing.T) {
	console := "### Run\n\n```\n conc   TTFT p50 (ms)   tok/s\n-------------------------------\n    1            1396     1.7\n    2            1692     2.9\n    4            2863     3.5\n```\n\n"
	changes := "| 동시성 | 처리량 배수 | TPOT |\n|---|---|---|\n| 1 → 2 | ×1.71 | 0.484 → 0.550 (+14%) |\n| 2 → 4 | ×1.21 | 0.550 → 0.890 (+62%) |\n"
	s, err := Read("t.md", []byte(console+changes), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1.7, 2.9, 3.5}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Contains(t, strings.Join(s.Notes, "\n"), "t.md: no pipe table of the page is a sweep (a load column of levels beside a throughput): its console table read")

	g := markdownTables("t.md", []byte(changes))[0]
	require.True(t, levelChanges(g))
	require.False(t, sweepLike(g))

	// Two console sweeps (a baseline, then a saturation run): which is
	// the page's is no choice to make here, and the pipe table's refusal
	// stands.
	_, ok, _ := fencedConsoleSweep("t.md", []byte(console+console+changes), markdownTables("t.md", []byte(changes)), Meta{})
	require.False(t, ok)

	sweepPipe := "| Concurrency | Output tok/s | TTFT p50 (ms) |\n|---|---|---|\n| 1 | 1.7 | ~1396 |\n| 2 | 2.9 | 1692 |\n"
	_, ok, _ = fencedConsoleSweep("t.md", []byte(console+sweepPipe), markdownTables("t.md", []byte(sweepPipe)), Meta{})
	require.False(t, ok)
}

package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: two rounds of each level written in one cell, the text under
// the table naming them. Each value is a row of its level (which sweep/read
// numbers as repeats 0 and 1).
func TestRoundCellsAreRepeats(t *testing.T) {
	md := "| streams | aggregate tok/s | per stream |\n|---:|---:|---:|\n" +
		"| 4 | 80.0 / 82.0 | 20.0 / 20.5 |\n| 16 | 250.0 / 246.0 | 15.6 / 15.4 |\n| **32** | **301.0 / 299.5** | 9.4 / 9.4 |\n" +
		"\nContext 256, two rounds, pinned clocks.\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 6)
	var got []float64
	for _, p := range s.Points {
		got = append(got, p.ThroughputTokS)
	}
	require.Equal(t, []float64{80, 82, 250, 246, 301, 299.5}, got)
	require.Contains(t, s.Notes, `t.md: the cells of "aggregate tok/s", "per stream" hold 2 runs each (the text names them): read as 2 repeats of each level`)
}

// Simulated: the same cells with nothing naming the runs are runs only
// while every pair lies within a few percent; wider, they stay refused by
// name: "a / b" is as often before / after or two series.
func TestUnnamedRoundCellsNeedTightScatter(t *testing.T) {
	md := "| streams | aggregate tok/s |\n|---:|---:|\n| 4 | 80.0 / 82.0 |\n| 16 | 250.0 / 246.0 |\n| 32 | 301.0 / 299.5 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 6)
	require.Contains(t, s.Notes, `t.md: the cells of "aggregate tok/s" hold 2 runs each (within 5% of each other on every row): read as 2 repeats of each level`)

	wide := strings.Replace(md, "80.0 / 82.0", "80.0 / 88.0", 1)
	_, err = Read("t.md", []byte(wide), Markdown, Meta{})
	require.ErrorContains(t, err, `"80.0 / 88.0" is not a number`)

	listed := grid{file: "t.md", header: []string{"streams", "tok/s base / tuned"}, rows: [][]string{{"4", "80.0 / 82.0"}, {"16", "250.0 / 246.0"}}, lines: []int{3, 4}}
	require.Empty(t, splitRoundCells(&listed), "a header that lists the parts names them")
	require.Len(t, listed.rows, 2)
}

// Simulated: the text names two runs, but a slash column's values lie far
// apart (a p50 / p99): no run-to-run scatter, so no cell is split.
func TestRoundCellsBeyondScatterAreNotRuns(t *testing.T) {
	md := "| concurrency | tok/s | TTFT ms |\n|---:|---:|---:|\n| 4 | 80.0 / 82.0 | 40 / 95 |\n| 16 | 250.0 / 246.0 | 60 / 180 |\n" +
		"\nMedian of two runs.\n"
	g := grid{file: "t.md", header: []string{"concurrency", "tok/s", "TTFT ms"}, rows: [][]string{{"4", "80.0 / 82.0", "40 / 95"}, {"16", "250.0 / 246.0", "60 / 180"}}, lines: []int{3, 4}, context: "Median of two runs."}
	require.Empty(t, splitRoundCells(&g))
	require.Len(t, g.rows, 2)
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.Error(t, err)
}

// Simulated: a count written as done/total ("114/114") or equal input and
// output lengths ("1024/1024") agree on every row: no runs, left whole.
func TestEqualSlashPartsAreNoRuns(t *testing.T) {
	g := grid{file: "t.md", header: []string{"rate", "tok/s", "Success"}, rows: [][]string{{"1", "730.78", "114/114"}, {"2", "1078.02", "168/168"}}, lines: []int{3, 4}, context: "two runs"}
	require.Empty(t, splitRoundCells(&g))
	require.Equal(t, "114/114", g.rows[0][2])
}

// Simulated: two runs named, and a TTFT column whose header lists its
// parts (p50 / p95) close together: the TTFT cells are statistics, split
// by their header's reader; the rate cells are the runs.
func TestListedPartsAreNoRuns(t *testing.T) {
	md := "| concurrency | tok/s | TTFT p50 / p95 (ms) |\n|---:|---:|---:|\n| 4 | 80.0 / 82.0 | 40 / 44 |\n| 16 | 250.0 / 246.0 | 60 / 66 |\n" +
		"\nTwo runs per level.\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 40.0, *s.Points[1].TTFT.P50)
	require.Equal(t, 44.0, *s.Points[1].TTFT.P95)
}

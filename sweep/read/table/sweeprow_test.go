package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic tables (no recorded data): a key-value table whose one row
// packs a sweep, the load's levels in the label and the rates in the value.
func TestSweepRowReadAsItsPoints(t *testing.T) {
	body := "| Section | Result |\n|---|---|\n" +
		"| Single stream | 30.0 tok/s decode, TTFT 200 ms |\n" +
		"| Users 1/2/4 | 30.0 / 55.5 / 90.25 tok/s aggregate |\n" +
		"| Prefill | 1.5K tok/s |\n"
	s, err := readMarkdown("t.md", []byte(body), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range [][2]float64{{1, 30}, {2, 55.5}, {4, 90.25}} {
		require.Equal(t, want[0], s.Points[i].Concurrency)
		require.Equal(t, want[1], s.Points[i].ThroughputTokS)
	}
	require.Contains(t, s.Notes[0], `the row "Users 1/2/4" packs a sweep of 3 levels`)
}

// Not a sweep: the label names no load, the counts differ, the value's
// words name no rate, two rows pack sweeps (two curves), or the table has
// more than a label and a value.
func TestSweepRowNeedsOnePackedLoadRow(t *testing.T) {
	for _, g := range []*grid{
		{header: []string{"k", "v"}, rows: [][]string{{"Context 4/8/16", "30 / 20 / 10 tok/s"}}, lines: []int{3}},
		{header: []string{"k", "v"}, rows: [][]string{{"Concurrency 1/2/4", "30 / 20 tok/s"}}, lines: []int{3}},
		{header: []string{"k", "v"}, rows: [][]string{{"Concurrency 1/2/4", "30 / 20 / 10 GB"}}, lines: []int{3}},
		{header: []string{"k", "v"}, rows: [][]string{{"Concurrency 1/2", "30 / 50 tok/s"}, {"Users 1/2", "31 / 52 tok/s"}}, lines: []int{3, 4}},
		{header: []string{"k", "v", "w"}, rows: [][]string{{"Concurrency 1/2", "30 / 50 tok/s", "x"}}, lines: []int{3}},
	} {
		rows := len(g.rows)
		require.Nil(t, unpackSweepRow(g), g.rows[0][0])
		require.Len(t, g.rows, rows)
	}
}

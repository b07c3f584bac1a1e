package table

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: "Request Rate" beside a set concurrency, with rate × E2E the
// concurrency on every row, is the rate the closed loop served: the
// concurrency stays the level.
func TestServedRateByLittlesLaw(t *testing.T) {
	md := "| Concurrency | Total Throughput (tok/s) | Request Rate | E2E Latency (p50) |\n|---|---|---|---|\n" +
		"| 1 | 65.1 tok/s | 0.50 | 1.70 s |\n| 2 | 126.1 tok/s | 0.98 | 2.05 s |\n" +
		"| 4 | 187.4 tok/s | 1.45 | 3.14 s |\n| 8 | 352.7 tok/s | 2.74 | 2.94 s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 8.0, s.Points[3].Concurrency)
	require.Nil(t, s.Points[3].RequestedRate)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Request Rate" read as the served request rate, not an offered one`)
}

// Synthetic: an offered rate beside a measured concurrency (fractions)
// obeys Little's law too, because the server kept up: it stays offered.
func TestOfferedRateBesideMeasuredConcurrencyStays(t *testing.T) {
	md := "| Rate | Concurrency | Output tok/s | Latency (s) |\n|---|---|---|---|\n" +
		"| 2.71 | 2.25 | 347.2 | 0.83 |\n| 4.01 | 3.61 | 517.4 | 0.89 |\n| 5.30 | 5.16 | 683.2 | 0.97 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.NotNil(t, s.Points[0].RequestedRate)
	require.Equal(t, 2.71, *s.Points[0].RequestedRate)
}

// Synthetic: beside the decode side's output rate of a disaggregated
// pair, the end-to-end output rate is the node's, read first.
func TestEndToEndRateBeforeOneStage(t *testing.T) {
	require.Equal(t, []string{"PD e2e output tok/s", "D output tok/s"}, rankCandidates("throughput", []string{"D output tok/s", "PD e2e output tok/s"}))
	require.Equal(t, []string{"system output tok/s", "decode output tok/s"}, rankCandidates("throughput", []string{"decode output tok/s", "system output tok/s"}))
}

// Synthetic: "8 users" cells in the second load column (after a constant
// "batch_size_requested") are levels, and "c=16" cells count as distinct
// levels beside a constant column, which is then no load.
func TestCountedCellsInALaterLoadColumn(t *testing.T) {
	for _, cell := range []string{"%d users", "c=%d"} {
		csv := "batch_size_requested,concurrency,generated_tokens_per_sec\n"
		for i, c := range []int{1, 2, 4, 8} {
			csv += "1," + strings.Replace(cell, "%d", strconv.Itoa(c), 1) + "," + []string{"99.7", "192.0", "357.5", "602.7"}[i] + "\n"
		}
		s, err := Read("t.csv", []byte(csv), CSV, Meta{})
		require.NoError(t, err, cell)
		require.Len(t, s.Points, 4, cell)
		require.Equal(t, 8.0, s.Points[3].Concurrency, cell)
		require.Equal(t, 602.7, s.Points[3].ThroughputTokS, cell)
	}
}

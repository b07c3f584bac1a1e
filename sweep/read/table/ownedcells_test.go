package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: a console table whose header names two
// statistics over cells of two values ("93 / 169"), read twice as a paste's
// tables are (sweep/read's perturbation test, "as console columns", read
// the throughput from the E2E column on the second reading).

func TestAGridReadTwiceReadsTheSame(t *testing.T) {
	g := grid{file: "t.txt", lines: []int{3, 4, 5}, header: []string{"Concurrency", "TTFT p50 / p95 (ms)", "E2E p95 (ms)", "Output tok/s"}, rows: [][]string{
		{"1", "93 / 169", "1125", "46"},
		{"8", "105 / 211", "1702", "248"},
		{"32", "609 / 906", "3481", "399"},
	}}
	for range 2 {
		s, err := tableToSweep(g, Meta{})
		require.NoError(t, err)
		require.Equal(t, 399.0, s.Points[2].ThroughputTokS)
		require.Equal(t, 609.0, *s.Points[2].TTFT.P50)
	}
	require.Equal(t, []string{"1", "93 / 169", "1125", "46"}, g.rows[0], "the caller's grid stays as parsed")
}

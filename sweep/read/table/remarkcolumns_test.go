package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated table; the real shape is batch q's GB300 router table, whose
// "knee" and "status" columns hold a remark per row beside the "arm"
// column of two curves.
func TestRemarkColumnsNameNoCurve(t *testing.T) {
	md := "| arm | clients | output tok/s | TTFT p50 (ms) | knee | status |\n|---|---|---|---|---|---|\n" +
		"| agg KV | 48 | 775 | 420 | stationary | complete 09:18 UTC |\n| agg KV | 96 | 1803 | 670 | stationary | complete 10:46 UTC |\n| agg KV | 192 | 2323 | 1560 | POST-KNEE (growing) | complete 12:29 UTC |\n" +
		"| agg RR | 48 | 752 | 790 | stationary | complete 10:42 UTC |\n| agg RR | 96 | 1611 | 810 | stationary | complete 12:11 UTC |\n| agg RR | 192 | 1713 | 10870 | at the throughput knee | complete 13:53 UTC |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `the table holds 2 series by "arm": agg KV (3 rows), agg RR (3 rows)`)

	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "agg RR"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 1713.0, s.Points[2].ThroughputTokS)

	// A column whose values all recur names curves, never remarks (the
	// engine, the same on every row, names none).
	two := "| engine | quant | concurrency | tok/s | TTFT p50 (ms) |\n|---|---|---|---|---|\n" +
		"| A | fp8 | 1 | 50 | 40 |\n| A | fp8 | 4 | 180 | 60 |\n| A | int4 | 1 | 60 | 35 |\n| A | int4 | 4 | 210 | 55 |\n"
	_, err = Read("t.md", []byte(two), Markdown, Meta{})
	require.ErrorContains(t, err, `by "quant": fp8 (2 rows), int4 (2 rows)`)
}

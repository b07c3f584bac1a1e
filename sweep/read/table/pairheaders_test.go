package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Pair cells of a per-stream and an aggregate rate (synthetic tables): the
// header names both parts, in brackets or as a slash list with the unit in
// the cells; each column becomes two, and the physics tells which is the
// node's rate.
func TestPairCellsOfPerStreamAndAggregateRates(t *testing.T) {
	for _, md := range []string{
		`| Concurrency | tok/s (per-stream / aggregate) | TTFT p50 (ms) |
|---|---|---|
| 1 | 79.1 / 78.8 | 40 |
| 2 | 70.3 / 137.0 | 45 |
| 4 | 77.5 / 299.3 | 52 |
| 8 | 73.9 / 556.2 | 70 |
`,
		`| 并发 | 单流 / 聚合 | TTFT p50 (ms) |
|---|---|---|
| 1 | 79.1 / 78.8 t/s | 40 |
| 2 | 70.3 / 137.0 t/s | 45 |
| 4 | 77.5 / 299.3 t/s | 52 |
| 8 | 73.9 / **556.2 t/s** | 70 |
`,
		// Synthetic: the parts named without spaces around the slash, a
		// bare "per" opposite the sum, and the parts before the unit.
		"| Concurrency | tok/s (agg/per-stream) |\n|---|---|\n| 1 | 78.8 / 79.1 |\n| 2 | 137.0 / 70.3 |\n| 4 | 299.3 / 77.5 |\n| 8 | 556.2 / 73.9 |\n",
		"| Concurrency | tok/s (AGG / per) |\n|---|---|\n| 1 | 78.8 / 79.1 |\n| 2 | 137.0 / 70.3 |\n| 4 | 299.3 / 77.5 |\n| 8 | 556.2 / 73.9 |\n",
		"| Concurrency | Throughput agg / per-stream (tok/s) |\n|---|---|\n| 1 | 78.8 / 79.1 |\n| 2 | 137.0 / 70.3 |\n| 4 | 299.3 / 77.5 |\n| 8 | 556.2 / 73.9 |\n",
	} {
		s, err := Read("t.md", []byte(md), Markdown, Meta{})
		require.NoError(t, err, md)
		require.Len(t, s.Points, 4, md)
		require.Equal(t, []float64{78.8, 137.0, 299.3, 556.2}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS, s.Points[3].ThroughputTokS})
		require.Contains(t, strings.Join(s.Notes, "\n"), "hold 2 values each")
	}
}

func TestPairPartNames(t *testing.T) {
	g := synthetic([]string{"c", "FP8 单流 / 聚合"}, "", []string{"1", "79.1 / 78.8 t/s"}, []string{"2", "—（仅 4 槽）"})
	names, ok := pairPartNames(g, 1, "FP8 单流 / 聚合")
	require.True(t, ok)
	require.Equal(t, []string{"FP8 单流 t/s", "FP8 聚合 t/s"}, names)

	// Synthetic: each form the header matches is one reading; the unit's
	// slash ("tok" and "s") names no parts, which the caller checks.
	require.Equal(t, [][]string{{"agg tok/s", "per-stream tok/s"}, {"tok (agg/per)", "s (agg/per)"}}, rolePairNames("tok/s (agg/per)"))
	require.Equal(t, [][]string{{"tok Throughput agg / per-stream", "s Throughput agg / per-stream"}, {"Throughput agg (tok/s)", "Throughput per-stream (tok/s)"}}, rolePairNames("Throughput agg / per-stream (tok/s)"))
}

// The physics of pair cells (synthetic tables): node ≈ per-stream × load
// decides which part is the node's, whatever order the header names them in.
func TestPairCellsPhysicsOverHeaderOrder(t *testing.T) {
	rows := "| 1 | 78.8 / 79.1 | 40 |\n| 2 | 137.0 / 70.3 | 45 |\n| 4 | 299.3 / 77.5 | 52 |\n| 8 | 556.2 / 73.9 | 70 |\n"
	want := []float64{78.8, 137.0, 299.3, 556.2}
	for _, h := range []string{"tok/s (aggregate / per-stream)", "tok/s (per-stream / aggregate)"} {
		s, err := Read("t.md", []byte("| Concurrency | "+h+" | TTFT p50 (ms) |\n|---|---|---|\n"+rows), Markdown, Meta{})
		require.NoError(t, err, h)
		require.Equal(t, want, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS, s.Points[3].ThroughputTokS}, h)
		if h == "tok/s (per-stream / aggregate)" {
			require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: "per-stream tok/s" read as the node's rate and "aggregate tok/s" as a per-stream rate, though the header's words say the other way round: on every row "per-stream tok/s" is "aggregate tok/s" times the concurrency`)
		}
	}

	// Rates that fit neither way (the aggregate far below streams × load):
	// the words stand.
	odd := "| Concurrency | tok/s (per-stream / aggregate) |\n|---|---|\n| 1 | 79.1 / 78.8 |\n| 2 | 70.3 / 90.0 |\n| 4 | 77.5 / 120.3 |\n| 8 | 73.9 / 150.2 |\n"
	s, err := Read("t.md", []byte(odd), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 150.2, s.Points[3].ThroughputTokS)
	require.NotContains(t, strings.Join(s.Notes, "\n"), "the other way round")

	// One level: no physics, the words stand.
	one := "| Concurrency | tok/s (per-stream / aggregate) |\n|---|---|\n| 1 | 79.1 / 78.8 |\n"
	s, err = Read("t.md", []byte(one), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 78.8, s.Points[0].ThroughputTokS)
}

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
}

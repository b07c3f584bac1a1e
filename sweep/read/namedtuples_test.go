package read

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// A real table (k-diy-k8s-rtx4070…: vLLM on an RTX 4070 laptop) heads its
// load column "Concurrency / output len" and writes "1 / 200": one level and
// its output length. Before, each such row was read as two levels (1 and
// 200, 16 and 200, 32 and 1500), doubling every throughput.
func TestHeaderNamingTheLoadAndASettingSplitsItsCells(t *testing.T) {
	file := fixtures.Path(filepath.Join("corpus", "k-diy-k8s-rtx4070-laptop-qwen25-3b-vllm-conc-slash-outlen-cells", "table.md"))
	s, err := Load([]string{file}, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range []struct{ n, x float64 }{{1, 36}, {16, 512}, {32, 670}} {
		require.Equal(t, want.n, s.Points[i].Concurrency)
		require.Equal(t, want.x, s.Points[i].ThroughputTokS)
	}
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Concurrency / output len" names 2 quantities and each cell holds one value of each: read as "Concurrency", "output len"`)
}

// Only a header that names one load among other things splits: two levels
// under a plain load header stay two levels, and "tok/s" is not a name.
func TestSplitNamedTuplesNeedsOneLoadName(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Concurrency", "Throughput (tok/s)"}, rows: [][]string{{"1 / 16", "295 / 2491"}}, lines: []int{3}}
	require.Empty(t, splitNamedTuples(&g))
	require.Equal(t, []string{"Concurrency", "Throughput (tok/s)"}, g.header)

	g = grid{file: "t.md", header: []string{"users / prompt tokens", "tok/s"}, rows: [][]string{{"4 / 512", "88"}, {"8 / 512", "150"}}, lines: []int{3, 4}}
	require.Len(t, splitNamedTuples(&g), 1)
	require.Equal(t, []string{"users", "prompt tokens", "tok/s"}, g.header)
	require.Equal(t, [][]string{{"4", "512", "88"}, {"8", "512", "150"}}, g.rows)

	g = grid{file: "t.md", header: []string{"N / completions", "c"}, rows: [][]string{{"2 / 2", "1"}}, lines: []int{3}}
	require.Empty(t, splitNamedTuples(&g), "a one-letter N may be a count")

	g = grid{file: "t.md", header: []string{"TTFT / TPOT", "c"}, rows: [][]string{{"40 / 12", "1"}}, lines: []int{3}}
	require.Len(t, splitNamedTuples(&g), 1, "two metrics over two values: one column each")
	require.Equal(t, []string{"TTFT", "TPOT", "c"}, g.header)

	g = grid{file: "t.md", header: []string{"TTFT / TTFT", "c"}, rows: [][]string{{"40 / 12", "1"}}, lines: []int{3}}
	require.Empty(t, splitNamedTuples(&g), "two names of one value")
}

// A real table (k-kimi-k3…: vLLM on B300, two workloads) packs three metrics
// of a series into each cell under "**1K/1K** 吞吐 / TTFT / ITL": each is a
// column of that series, and the series are then two curves. Before, no
// throughput column was found.
func TestHeaderNamingAMetricTupleOfASeries(t *testing.T) {
	require.Equal(t, []string{"1K/1K 吞吐", "1K/1K TTFT", "1K/1K ITL"}, mustNames(t, []string{"1K/1K 吞吐", "TTFT", "ITL"}))
	file := fixtures.Path(filepath.Join("corpus", "k-kimi-k3-b300-tp8-vllm-1k-vs-8k-slash-packed-cells-zh", "table.md"))
	s, err := Load([]string{file}, Options{Meta: Meta{Series: "8K/1K"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 478.0, s.Points[0].ThroughputTokS)
	require.Equal(t, 1390.0, *s.Points[0].TTFT.Mean)
	require.Equal(t, 82.0, s.Points[3].ThroughputTokS)
}

func mustNames(t *testing.T, parts []string) []string {
	names, ok := metricTupleNames(parts)
	require.True(t, ok)
	return names
}

package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A real table (k-diy-k8s-rtx4070…: vLLM on an RTX 4070 laptop) heads its
// load column "Concurrency / output len" and writes "1 / 200": one level and
// its output length. Before, each such row was read as two levels (1 and
// 200, 16 and 200, 32 and 1500), doubling every throughput.
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

func mustNames(t *testing.T, parts []string) []string {
	names, ok := metricTupleNames(parts)
	require.True(t, ok)
	return names
}

func TestMetricTupleNamesTakeTheSeriesOfTheFirst(t *testing.T) {
	require.Equal(t, []string{"1K/1K 吞吐", "1K/1K TTFT", "1K/1K ITL"}, mustNames(t, []string{"1K/1K 吞吐", "TTFT", "ITL"}))
}

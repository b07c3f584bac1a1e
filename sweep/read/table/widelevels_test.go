package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A real table (k-cllm…: a llama.cpp backend's batch_timeout_ms sweep) has a
// column per level (并发8 … 并发32), a row per setting, and a last column
// 平均吞吐量 that is each row's mean. Before, every level header read as a
// concurrency column and the refusal named 并发8 as the load, which read the
// row means as throughput.
func TestColumnThatIsNoMeanIsNoSummary(t *testing.T) {
	g := grid{file: "t.md", header: []string{"config", "并发8", "并发16", "平均吞吐量"},
		rows: [][]string{{"a", "100", "200", "150"}, {"b", "100", "300", "150"}}, lines: []int{3, 4}}
	_, _, ok := dropSummaryColumns(g)
	require.False(t, ok, "row b: 150 is not the mean of 100 and 300")
	g.rows[1][3] = "200"
	got, _, ok := dropSummaryColumns(g)
	require.True(t, ok)
	require.Equal(t, []string{`config \ 平均吞吐量`, "并发8", "并发16"}, got.header)
	require.Equal(t, []string{"b", "100", "300"}, got.rows[1])
}

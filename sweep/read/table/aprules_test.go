package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules written while batch ap was being collected, from refusals the
// corpus still held. Each test is synthetic, written for its rule.

// Load words written as one word ("batchsize", "BatchSize",
// "maxConcurrency") are the load words written apart.
func TestJoinedLoadWordsAreLoads(t *testing.T) {
	for _, h := range []string{"batchsize", "BatchSize", "maxConcurrency", "concurrencyLevel", "numUsers"} {
		require.Equal(t, colConcurrency, classify(h).kind, h)
	}
	md := "Results (unit: tokens/s):\n\n|batchsize|fp16|int4|\n|--|--|--|\n|1|150|98|\n|64|3100|3969|\n|256|5200|8457|\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "int4"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 8457.0, s.Points[2].ThroughputTokS)
}

// A heading's first clause names the metric when a bar or a dash sets the
// workload after it.
func TestHeadingsFirstClauseNamesTheRate(t *testing.T) {
	require.Equal(t, "Llama Throughput (tokens/s)", firstClauseMetric("Llama Throughput (tokens/s) | input length=1024, output length=128"))
	require.Equal(t, "", firstClauseMetric("Latency (ms) | input length=1024"), "only a rate with its unit")
	require.Equal(t, "", firstClauseMetric("Throughput (tokens/s)"), "no separator")
}

// A section's title naming the token rate names the cells of a table under
// a sub-heading that names none.
func TestOuterHeadingNamesUnnamedCells(t *testing.T) {
	md := "## Throughput (tokens/s) | input=1024\n\n#### A10, fp16\n\n" +
		"| batch_size | 2 | 4 | 8 | 16 |\n|---|---|---|---|---|\n| Engine A | 40.3 | 77.1 | 139.0 | 232.7 |\n| Engine B | 41.4 | 65.3 | 91.9 | 114.6 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "Engine A"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 232.7, s.Points[3].ThroughputTokS)
	// A heading naming latency on the way up ends the search: nothing
	// names the cells as a rate.
	md = "## Throughput (tokens/s)\n\n### TTFT (ms)\n\n#### A10\n\n" +
		"| batch_size | 2 | 4 | 8 | 16 |\n|---|---|---|---|---|\n| Engine A | 40.3 | 77.1 | 139.0 | 232.7 |\n| Engine B | 41.4 | 65.3 | 91.9 | 114.6 |\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{Series: "Engine A"})
	require.Error(t, err)
}

// A unit declared in brackets in a caption is the metric the cells hold.
func TestDeclaredUnitNamesTheCells(t *testing.T) {
	require.Equal(t, "tokens/s", declaredMetric("Results (unit: tokens/s)"))
	require.Equal(t, "Tokens/s", declaredMetric("在A100上测试，结果如下(单位：Tokens/s)"))
	require.Equal(t, "", declaredMetric("Results (units: GB)"))
}

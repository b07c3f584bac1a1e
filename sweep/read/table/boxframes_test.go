package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: the real nested box with wrapped cells
// is batch m's optimum-neuron guidellm 0.1 entry.
const nestedBox = "╭─ Report ──────────────────────────────────────────────╮\n" +
	"│ ╭─ Benchmark Report 1 ────────────────────────────────╮ │\n" +
	"│ │ Performance by Benchmark │ │\n" +
	"│ │ ┏━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━┓ │ │\n" +
	"│ │ ┃ Benchmark ┃ TTFT [50%, 90%, ┃ Output Token Throughput ┃ │ │\n" +
	"│ │ ┃ ┃ 99%] (ms) ┃ ┃ │ │\n" +
	"│ │ ┡━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━┩ │ │\n" +
	"│ │ │ concurrent@4 │ 100.5, 180.2, │ 300.0 tokens/sec │ │ │\n" +
	"│ │ │ │ 250.0 │ │ │ │\n" +
	"│ │ │ concurrent@16 │ 400.5, 900.0, │ 950.0 tokens/sec │ │ │\n" +
	"│ │ │ │ 1500.0 │ │ │ │\n" +
	"│ │ └─────────────┴────────────────────┴──────────────────┘ │ │\n" +
	"│ ╰─────────────────────────────────────────────────────╯ │\n" +
	"╰───────────────────────────────────────────────────────╯\n"

func TestNestedBoxWithWrappedCells(t *testing.T) {
	gs := alignedTables("t.txt", []byte(nestedBox))
	require.Len(t, gs, 1)
	g := gs[0]
	require.Equal(t, []string{"Benchmark", "TTFT [50%, 90%, 99%] (ms)", "Output Token Throughput"}, g.header)
	require.Equal(t, [][]string{
		{"concurrent@4", "100.5, 180.2, 250.0", "300.0 tokens/sec"},
		{"concurrent@16", "400.5, 900.0, 1500.0", "950.0 tokens/sec"},
	}, g.rows, "a wrapped line ends the cells above it")
	require.Equal(t, []int{8, 10}, g.lines)
	require.Contains(t, g.title, "Performance by Benchmark", "the panel's title line is a title, not a header")
}

func TestStripBoxFramesKeepsATablesOwnBorder(t *testing.T) {
	block := []alignedLine{{"┌───┬───┐", 1}, {"│ a │ b │", 2}, {"├───┼───┤", 3}, {"│ 1 │ 2 │", 4}, {"└───┴───┘", 5}}
	require.Equal(t, block, stripBoxFrames(block))
	framed := []alignedLine{{"│ │ Title │ │", 1}, {"│ │ │ a │ b │ │ │", 2}, {"│ ╰───╯ │", 3}}
	require.Equal(t, []alignedLine{{"Title", 1}, {"│ a │ b │", 2}, {"╰───╯", 3}}, stripBoxFrames(framed))
}

func TestContinuationLines(t *testing.T) {
	require.True(t, continues([]string{"sync", "1, 2,", "3"}, []string{"", "4", ""}))
	require.False(t, continues([]string{"vLLM", "1", "30"}, []string{"", "4", "110"}), "a label written once per group: a full row")
	require.False(t, continues([]string{"sync", "1", ""}, []string{"", "", "5"}), "a cell under a blank cell starts nothing above")
	require.False(t, continues([]string{"sync", "1", "3"}, []string{"async", "4", ""}), "a named row is a row")
}

func TestPercentileNames(t *testing.T) {
	names, ok := percentileNames("Inter Token Latency [1%, 50%, 90% 95%, 99%] (ms)")
	require.True(t, ok)
	require.Equal(t, []string{"Inter Token Latency p1 (ms)", "Inter Token Latency p50 (ms)", "Inter Token Latency p90 (ms)", "Inter Token Latency p95 (ms)", "Inter Token Latency p99 (ms)"}, names)
	_, ok = percentileNames("Success (%)")
	require.False(t, ok)
}

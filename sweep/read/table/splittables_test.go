package table

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// The tables here are built for the rule, not measured: each pins one
// branch of the join. Real split tables are in the corpus (g-… entries).

func TestHeadingLevel(t *testing.T) {
	for _, tc := range []struct {
		heading, name, level string
		ok                   bool
	}{
		{"Concurrency User 4", "Concurrency User", "4", true},
		{"Batch size = 32", "Batch size", "32", true},
		{"**并发 16**", "并发", "16", true},
		{"Llama 3 8B", "", "", false},         // two numbers
		{"Throughput (tok/s)", "", "", false}, // no number
		{"H100 results", "", "", false},       // a number that names no load
	} {
		name, level, ok := headingLevel([]string{"Top", tc.heading})
		require.Equal(t, tc.ok, ok, tc.heading)
		require.Equal(t, tc.name, name, tc.heading)
		require.Equal(t, tc.level, level, tc.heading)
	}
}

func TestSaysNothing(t *testing.T) {
	for h, want := range map[string]bool{"vLLM": true, "TensorRT-LLM": true, "KV TOPS": true, "vLLM V0 Avg Lat(s)": false, "Throughput": false, "Speedup": false, "Power (W)": false} {
		require.Equal(t, want, saysNothing(classify(h)), h)
	}
}

func TestSplitTablesWiderThanTheBoundAreNotJoined(t *testing.T) {
	// Two tables of one load column whose join would be maxJoinedCols+1
	// wide: each table is read on its own, in bounded time (the throughput
	// table alone, its columns named by its heading), never the join.
	var b []byte
	for _, metric := range []string{"Throughput (tok/s)", "TTFT (ms)"} {
		b = append(b, "### "+metric+"\n\n| Concurrency"...)
		for i := 0; i < maxJoinedCols/2; i++ {
			b = append(b, fmt.Sprintf(" | e%d", i)...)
		}
		b = append(b, " |\n|---"...)
		for i := 0; i < maxJoinedCols/2; i++ {
			b = append(b, "|---"...)
		}
		b = append(b, "|\n| 1"...)
		for i := 0; i < maxJoinedCols/2; i++ {
			b = append(b, " | 5"...)
		}
		b = append(b, " |\n\n"...)
	}
	s, err := Read("wide.md", b, Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
	require.Nil(t, s.Points[0].TTFT.Mean, "the TTFT table is not joined")
	require.Nil(t, s.Points[0].TTFT.P50)
	for _, n := range s.Notes {
		require.NotContains(t, n, "read as one sweep")
	}
}

package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Row names that hold a metric and a level read as one row per level.
func TestRowNamesHoldTheLevel(t *testing.T) {
	p, ok := parseRowLevel("Concurrent throughput (2 users)")
	require.True(t, ok)
	require.Equal(t, rowLevel{metric: "throughput", level: "2", word: "users"}, p)
	p, ok = parseRowLevel("**TTFT p99 @ c=16**")
	require.True(t, ok)
	require.Equal(t, rowLevel{metric: "TTFT p99", level: "16", word: "c"}, p)
	p, ok = parseRowLevel("Output tok/s at 8 concurrent")
	require.True(t, ok)
	require.Equal(t, "8", p.level)
	_, ok = parseRowLevel("Decode tok/s")
	require.False(t, ok)
	_, ok = parseRowLevel("Llama 3.1 (8 GPUs)") // a count of GPUs is no load, and a model no metric
	require.False(t, ok)

	md := "| Metric | vLLM | SGLang | Speedup |\n|---|---:|---:|---:|\n" +
		"| TTFT | 20.6 ms | 158.6 ms | 7.70x |\n" +
		"| Output tok/s @ c=1 | 165.2 | 58.7 | 2.81x |\n| TTFT p99 @ c=1 | 31 ms | 180 ms | 5.8x |\n" +
		"| Output tok/s @ c=8 | 980.5 | 420.1 | 2.33x |\n| TTFT p99 @ c=8 | 95 ms | 410 ms | 4.3x |\n" +
		"| Output tok/s @ c=32 | 2210.0 | 1502.3 | 1.47x |\n| TTFT p99 @ c=32 | 380 ms | 1900 ms | 5.0x |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "SGLang"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 32.0, s.Points[2].Concurrency)
	require.Equal(t, 1502.3, s.Points[2].ThroughputTokS)
	require.Equal(t, 1900.0, *s.Points[2].TTFT.P99)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `t.md:1: the rows name their metric and level ("Output tok/s @ c=1"): read as one row per level, a column per metric and run; rows naming no level not read: "TTFT"; "Speedup" not read (ratios between the runs)`)
}

package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a latency-only batch sweep whose text states ignore_eos and
// whose Output column gives each row's length: the node's output rate is
// B × O ÷ L.
func TestBatchLatencyWithStrictOutputGivesTheRate(t *testing.T) {
	text := "Run with `--ignore-eos` (every request generates its full output).\n\n" +
		"| Batch Size | Input | Output | Latency (sec) |\n|---|---|---|---|\n" +
		"| 1 | 128 | 1024 | 10.0 |\n| 8 | 128 | 1024 | 12.5 |\n| 32 | 128 | 1024 | 20.0 |\n"
	s, err := readMarkdown("t.md", []byte(text), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.InDelta(t, 102.4, s.Points[0].ThroughputTokS, 1e-9)
	require.InDelta(t, 8*1024/12.5, s.Points[1].ThroughputTokS, 1e-9)
	require.InDelta(t, 32*1024/20.0, s.Points[2].ThroughputTokS, 1e-9)
	require.Contains(t, strings.Join(s.Notes, "\n"), "Little's law in tokens")
}

// Synthetic: the same table with no word that the output was strict is
// refused, naming what B × O ÷ L lacks; with no output length at all, the
// refusal names the length.
func TestBatchLatencyWithoutStrictOutputIsRefused(t *testing.T) {
	text := "| Batch Size | Input | Output | Latency (sec) |\n|---|---|---|---|\n" +
		"| 1 | 128 | 1024 | 10.0 |\n| 8 | 128 | 1024 | 12.5 |\n| 32 | 128 | 1024 | 20.0 |\n"
	_, err := readMarkdown("t.md", []byte(text), Meta{})
	require.ErrorContains(t, err, "nothing states that every request generated all its output tokens (ignore_eos")
	bare := "| Batch Size | Latency (sec) |\n|---|---|\n| 1 | 10.0 |\n| 8 | 12.5 |\n| 32 | 20.0 |\n"
	_, err = readMarkdown("t.md", []byte(bare), Meta{})
	require.ErrorContains(t, err, "nothing states the output tokens per request")
}

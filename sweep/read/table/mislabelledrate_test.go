package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a docs table whose output token rate carries the request
// rate's unit, beside the request rate itself: the words say tokens, the
// values are many per request, so the column is read as tok/s, noted.
func TestOutputTokenRateUnderARequestUnitReadsAsTokens(t *testing.T) {
	text := "| Concurrency | Output Token Throughput (requests/sec) | Request Throughput (requests/sec) | TTFT (ms) |\n|---|---|---|---|\n" +
		"| 1 | 40.5 | 0.31 | 120 |\n| 8 | 250.1 | 1.95 | 180 |\n| 32 | 610.7 | 4.80 | 420 |\n"
	s, err := readMarkdown("t.md", []byte(text), Meta{})
	require.NoError(t, err)
	require.InDelta(t, 250.1, s.Points[1].ThroughputTokS, 1e-9)
	require.Contains(t, strings.Join(s.Notes, "\n"), "names output tokens but writes \"requests/sec\"")
}

// Synthetic: where the column named tokens is below the request rate on a
// row (fewer tokens than requests: not a token count), or no request rate
// stands beside it, its unit is not rewritten and the table is refused as
// before.
func TestMislabelledTokenRateNeedsTheRequestRateBelowIt(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Concurrency", "Output Token Throughput (requests/sec)", "Request Throughput (requests/sec)"},
		rows: [][]string{{"1", "0.2", "0.31"}, {"8", "250.1", "1.95"}}, lines: []int{3, 4}}
	require.Empty(t, readMislabelledTokenRates(&g))
	alone := grid{file: "t.md", header: []string{"Concurrency", "Output Token Throughput (requests/sec)"},
		rows: [][]string{{"1", "40.5"}, {"8", "250.1"}}, lines: []int{3, 4}}
	require.Empty(t, readMislabelledTokenRates(&alone))
	require.Equal(t, "Output Token Throughput (requests/sec)", alone.header[1])
}

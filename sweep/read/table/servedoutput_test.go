package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: guidellm's "Out Tok/sec" mean beside "Tot Tok/sec" mean, its
// metadata stating output_tokens=100. Out is the served req/s × 100 on every
// row at 4 and 8 streams: the node's output rate, not one stream's average,
// so the total beside it is not read as the sum over streams.
func TestMeanThatIsRateTimesLengthIsTheNodeRate(t *testing.T) {
	text := "data='prompt_tokens=200,output_tokens=100'\n\n" +
		"Benchmark   | Per Second | Concurrency | Out Tok/sec mean | Tot Tok/sec mean | TTFT (ms) mean\n" +
		"----------- | ---------- | ----------- | ---------------- | ---------------- | --------------\n" +
		"constant@1  | 1.00       | 4.10        | 100.5            | 480.2            | 200.1\n" +
		"constant@2  | 1.90       | 8.20        | 189.0            | 930.4            | 250.3\n" +
		"constant@3  | 2.50       | 12.80       | 251.0            | 1210.9           | 400.8\n"
	s, err := Read("t.txt", []byte(text), Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.InDelta(t, 189.0, s.Points[1].ThroughputTokS, 1e-9)
	require.Contains(t, strings.Join(s.Notes, "\n"), "the 100 output tokens per request the text states")
}

// Synthetic: the same table with no output length stated keeps the words'
// reading (the total is the sum over streams): nothing ties the mean to the
// request rate.
func TestMeanBesideTotalWithoutLengthKeepsTheWords(t *testing.T) {
	text := "Benchmark   | Per Second | Concurrency | Out Tok/sec mean | Tot Tok/sec mean | TTFT (ms) mean\n" +
		"----------- | ---------- | ----------- | ---------------- | ---------------- | --------------\n" +
		"constant@1  | 1.00       | 4.10        | 25.5             | 100.2            | 200.1\n" +
		"constant@2  | 1.90       | 8.20        | 23.0             | 189.4            | 250.3\n" +
		"constant@3  | 2.50       | 12.80       | 19.6             | 251.0            | 400.8\n"
	s, err := Read("t.txt", []byte(text), Aligned, Meta{})
	require.NoError(t, err)
	require.InDelta(t, 189.4, s.Points[1].ThroughputTokS, 1e-9)
}

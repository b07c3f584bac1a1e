package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: no req/s, so Little's law is silent; 8 streams of 128 output
// tokens in 2.6 (s) serve about 394 tok/s, and the table says 380: the
// latency is in seconds.
func TestTokensInFlightSaysSeconds(t *testing.T) {
	g := grid{file: "t.csv", header: []string{"concurrency", "Output tok/s", "output length", "latency"},
		rows:  [][]string{{"1", "60", "128", "2.1"}, {"8", "380", "128", "2.6"}, {"32", "900", "128", "4.4"}},
		lines: []int{2, 3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, "s", r.cols[3].unit.name)
	require.Equal(t, fromTokens, r.cols[3].unitFrom)
	require.Contains(t, r.notes, `t.csv: "latency" read in s: "Output tok/s" × its value ÷ ("concurrency" × "output length") is near one on every row, as C streams of N tokens each in L seconds serve C × N ÷ L tok/s (in ms it would be a thousandth)`)
}

// FMBench's headers: a mean completion token count (no "length") is the
// tokens per request, and a client's gaps between requests (the ratio at
// 0.4) stay inside the band.
func TestTokensInFlightCompletionCount(t *testing.T) {
	g := grid{file: "t.csv", header: []string{"concurrency", "completion_token_count_mean", "completion_token_throughput", "latency_mean"},
		rows:  [][]string{{"1", "13", "20", "0.63"}, {"4", "31", "33", "1.38"}, {"8", "88", "91", "3.54"}},
		lines: []int{2, 3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, "s", r.cols[3].unit.name)
	require.Equal(t, fromTokens, r.cols[3].unitFrom)
}

// One length for both sides ("Input Output Length", 128 in and 128 out)
// beside a throughput of both: the ratio is two, inside the band.
func TestTokensInFlightSharedLength(t *testing.T) {
	g := grid{file: "t.csv", header: []string{"Input Output Length", "Batch Size", "Latency", "Throughput"},
		rows:  [][]string{{"128", "1", "0.76", "335"}, {"128", "16", "0.91", "4512"}, {"128", "64", "1.44", "11400"}},
		lines: []int{2, 3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, "s", r.cols[2].unit.name)
}

// In ms the identity holds (2100 ms for 128 tokens at 60 tok/s): the
// column keeps the ms benchmark clients print. Where it holds in neither
// unit (a latency of 30 beside 2 s worth of tokens), nothing is decided
// and the implausible ms are refused with the flag, as before.
func TestTokensInFlightKeepsOrRefuses(t *testing.T) {
	g := grid{file: "t.csv", header: []string{"concurrency", "Output tok/s", "output length", "latency"},
		rows:  [][]string{{"1", "60", "128", "2100"}, {"8", "380", "128", "2600"}},
		lines: []int{2, 3}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, "ms", r.cols[3].unit.name)
	require.False(t, r.cols[3].stated)

	g.rows = [][]string{{"1", "60", "128", "30"}, {"8", "380", "128", "40"}}
	_, err = resolveColumns(g, nil, 0, Meta{})
	require.ErrorContains(t, err, `--unit "latency=s"`)
}

// A throughput column of tokens, not a count per request, names no
// output length; "input length" alone names none either.
func TestOutputTokensHeader(t *testing.T) {
	r := &resolved{cols: classifyAll([]string{"prompt_token_count_mean", "completion_token_throughput", "input length"})}
	require.Equal(t, -1, r.outputTokensColumn())
	r = &resolved{cols: classifyAll([]string{"input length", "completion_token_count_mean"})}
	require.Equal(t, 1, r.outputTokensColumn())
}

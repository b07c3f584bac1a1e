package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: two token rates that the words cannot tell apart; the one
// that is req/s × the output length (256 tokens) is the output rate, the
// other (input + output, 1024 + 256 per request) is not.
func TestOutputRateByTokensPerRequest(t *testing.T) {
	g := grid{file: "t.md", header: []string{"concurrency", "output tokens", "req/s", "tok/s", "throughput (tok/s)"},
		rows:  [][]string{{"1", "256", "0.5", "640", "127"}, {"8", "256", "3.0", "3850", "760"}},
		lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colOtherTokRate, r.cols[3].kind)
	require.Equal(t, colThroughput, r.cols[4].kind)
	require.Contains(t, r.notes, `t.md: "throughput (tok/s)" read as the output throughput: on every row it is "req/s" × "output tokens" (the output tokens per request), which "tok/s" is not`)
}

// When both fit (input and output of one length) the physics cannot tell
// them apart, and the refusal names them.
func TestOutputRateByLengthNeedsOneFit(t *testing.T) {
	g := grid{file: "t.md", header: []string{"concurrency", "output tokens", "req/s", "tok/s", "throughput (tok/s)"},
		rows:  [][]string{{"1", "256", "0.5", "120", "127"}, {"8", "256", "3.0", "700", "760"}},
		lines: []int{3, 4}}
	_, err := resolveColumns(g, nil, 0, Meta{})
	require.ErrorContains(t, err, "both read as throughput")
}

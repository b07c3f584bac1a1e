package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// What notebooks and benchmark clients print around a sweep (this
// session's rules, built from corpus refusals before batch be was
// measured). Synthetic numbers.

// A DataFrame wider than the console, printed by pandas in blocks of
// columns (each header but the last ending with a backslash, each block
// repeating the row index), is one table: the load in the first block and
// the throughput in the second are read side by side. A dump that opens
// with a bracketed cell label is no JSON list.
func TestPandasWrappedFrameIsOneTable(t *testing.T) {
	txt := "[notebook code cell 3, output (text/plain)]\n" +
		"   num_prompts  successful_requests  benchmark_duration_s  \\\n" +
		"0            1                    1                  4.00   \n" +
		"1            4                    4                  4.40   \n" +
		"2           16                   16                  5.10   \n" +
		"3           64                   64                  9.80   \n" +
		"\n" +
		"   output_token_throughput_tok_s  mean_ttft_ms  \n" +
		"0                          15.00         200.0  \n" +
		"1                          55.00         230.0  \n" +
		"2                         190.00         400.0  \n" +
		"3                         380.00        2100.0  \n"
	require.True(t, Looks(Aligned, "nb.txt", []byte(txt)))
	s, err := Read("nb.txt", []byte(txt), Aligned, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 16, 64}, concurrencies(s))
	require.Equal(t, []float64{15, 55, 190, 380}, throughputs(s))
	require.Equal(t, 2100.0, *s.Points[3].TTFT.Mean)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"num_prompts" read as the concurrency`)

	require.True(t, opensJSONList(`[{"a": 1}]`))
	require.True(t, opensJSONList("[\n  1, 2]"))
	require.True(t, opensJSONList("[true]"))
	require.False(t, opensJSONList("[notebook code cell 3]"))
}

// Blocks whose indexes differ are two frames, not one wrapped frame.
func TestPandasBlocksWithOtherIndexesStayApart(t *testing.T) {
	lines := strings.Split("   a  b  \\\n0  1  2\n1  3  4\n\n   c  d\n0  5  6\n2  7  8\n", "\n")
	require.Equal(t, lines, joinPandasWraps(lines))
	wrapped := strings.Split("   a  b  \\\n0  1  2\n1  3  4\n\n   c  d\n0  5  6\n1  7  8\n", "\n")
	got := joinPandasWraps(wrapped)
	require.Equal(t, "a  b      c  d", strings.TrimSpace(got[0]))
	require.Equal(t, "", got[4], "the later block's lines are blanked, every line keeps its number")
	require.Len(t, got, len(wrapped))
}

// A load is set at every level: of two columns read as the load, the one
// missing a value at some row was measured during the run. A latency the
// client saw is read before the server's own measure of it.
func TestCompleteLoadAndClientSideLatency(t *testing.T) {
	md := "| num_concurrent_requests | representative_batch_size | output tok/s | server_ttft_s_mean | client_ttft_s_mean |\n|---|---|---|---|---|\n" +
		"| 1 | 1.0 | 50 | 0.20 | 0.25 |\n| 2 | NaN | 95 | 0.21 | 0.27 |\n| 4 | 4.0 | 170 | 0.24 | 0.31 |\n| 8 | 8.0 | 280 | 0.40 | 0.52 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4, 8}, concurrencies(s))
	require.Equal(t, 250.0, *s.Points[0].TTFT.Mean, "the client's TTFT, in ms")
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `"representative_batch_size" (a measurement, not the load`)
	require.Contains(t, notes, `"server_ttft_s_mean" (the server's own measure`)

	both := "| num_concurrent_requests | representative_batch_size | output tok/s |\n|---|---|---|\n" +
		"| 1 | 1 | 50 |\n| 2 | 1 | 95 |\n| 4 | 3 | 170 |\n| 8 | 6 | 280 |\n"
	_, err = Read("t.md", []byte(both), Markdown, Meta{})
	require.ErrorContains(t, err, "representative_batch_size", "two complete candidates stay a question")
}

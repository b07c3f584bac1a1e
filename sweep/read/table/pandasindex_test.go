package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// pandas frames printed with their key's name on a line of its own
// (set_index, a groupby's result). Synthetic numbers.

func TestFrameWithNamedKey(t *testing.T) {
	doc := "Results\n\n" +
		"             output_tok_s  ttft_p99_ms\n" +
		"concurrency                           \n" +
		"1                    42.2        120.0\n" +
		"2                    80.1        130.5\n" +
		"4                   150.3        160.2\n" +
		"8                   240.8        400.9\n"
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{42.2, 80.1, 150.3, 240.8}, throughputs(s))
	require.Equal(t, 400.9, *s.Points[3].TTFT.P99)
}

// Statistics under their measures (agg(["mean", "median", "std"])): pandas
// parts the columns by one space where a name fills its column, and
// right-aligns each measure's name with its first statistic.
func TestFrameOfStatisticsPerMeasure(t *testing.T) {
	doc := "            output_tok_s             ttft_ms           \n" +
		"                    mean median  std    mean median  std\n" +
		"concurrency                                              \n" +
		"1                   42.2   42.1  0.3   120.1  119.0  2.0\n" +
		"2                   80.2   80.4  1.0   130.4  130.0  3.1\n" +
		"4                  150.0  150.3  1.0   160.2  161.0  4.2\n" +
		"8                  240.1  240.8  0.6   400.1  399.0  5.0\n"
	g := alignedTables("t.txt", []byte(doc))
	require.Len(t, g, 1, "the second header line is no table of its own")
	require.Equal(t, []string{"concurrency", "output_tok_s mean", "output_tok_s median", "output_tok_s std", "ttft_ms mean", "ttft_ms median", "ttft_ms std"}, g[0].header)
	require.Equal(t, []string{"4", "150.0", "150.3", "1.0", "160.2", "161.0", "4.2"}, g[0].rows[2])
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{42.2, 80.2, 150.0, 240.1}, throughputs(s), "the mean of the family")
	require.Equal(t, 161.0, *s.Points[2].TTFT.P50)
}

// A header whose names do not end where the values do is no frame: the
// line under it is read as any console table's row.
func TestFrameNeedsRightAlignedNames(t *testing.T) {
	lines := []alignedLine{{"   concurrency   tok/s", 1}, {"run", 2}, {"1      42.2", 3}}
	_, ok := frameAt(lines, 0)
	require.False(t, ok)
	f, ok := frameAt([]alignedLine{{"      tok/s", 1}, {"conc", 2}, {"1      42.2", 3}}, 0)
	require.True(t, ok)
	require.Equal(t, "conc", f.head[0].text)
	require.Equal(t, "tok/s", f.head[1].text)
	require.Equal(t, 2, f.lines, "the names and the key's line")
}

// A total token rate that falls at every level as the load grows is one
// request's: the refusal names no flag that would read it as the node's
// (found by the corpus property tests on a frame of per-request rates).
func TestFallingTotalIsNoSuggestedThroughput(t *testing.T) {
	md := "| concurrency | generated_tps | total_tps |\n|---|---|---|\n| 1 | 42.2 | 167.1 |\n| 2 | 24.2 | 101.4 |\n| 4 | 13.0 | 56.5 |\n| 8 | 7.1 | 30.8 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"total_tps" is input + output tokens, not output, and one stream's: it falls at every level as "concurrency" grows`)
	require.NotContains(t, err.Error(), "--column throughput")
	md = "| concurrency | generated_tps | total_tps |\n|---|---|---|\n| 1 | 42.2 | 167.1 |\n| 2 | 24.2 | 202.9 |\n| 4 | 13.0 | 230.4 |\n| 8 | 7.1 | 245.8 |\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `say so with --column throughput="total_tps"`)
}

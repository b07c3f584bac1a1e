package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: level headers written number first ("1 Concurrency") over a
// row numbered by its GPU count turn: the row is a configuration.
func TestLevelsInWordsOverNumberedRows(t *testing.T) {
	doc := "### Output Token Throughput (tok/s)\n\n|GPU Quantity|1 Concurrency|2 Concurrency|6 Concurrency|8 Concurrency|\n|---|---|---|---|---|\n|4|28.7|53|114.5|162.3|\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 53.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 2.0, s.Points[1].Concurrency)
	require.False(t, levelsInWords([]string{"x", "1", "2", "4"}), "bare numbers over numbered rows are a crosstab")
}

// Synthetic: Japanese per-stream words, 約 marking rounded cells, and the
// server's parallelism beside the requests actually in flight, all set
// levels: the actual requests are the load, the server's cap the series.
func TestServerCapBesideActualRequests(t *testing.T) {
	doc := "| 最大並列数 | 実際の同時本数 | 合計 tok/s | 1 リクエスト tok/s |\n|---|---|---|---|\n" +
		"| 8 | 8 | 約199 | 34.7 |\n| 16 | 8 | 約156 | 25 |\n| 16 | 16 | 約177 | 13.6 |\n| 32 | 8 | 約48 | 6.5 |\n| 32 | 32 | 約86 | 2.9 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "16"})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, []float64{8, 16}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency})
	require.Equal(t, []float64{156, 177}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS})
	v, approx := trimApprox("約199")
	require.True(t, approx)
	require.Equal(t, "199", v)
}

// Synthetic: the arms FP16, AWQ and QUICK beside "Speedup-FP16" and
// "Speedup-AWQ": the refusal names QUICK first, the arm the ratios measure.
func TestRatioNamesTheBaselines(t *testing.T) {
	doc := "| Batch Size | FP16 (tok/s) | AWQ (tok/s) | QUICK (tok/s) | Speedup-FP16 | Speedup-AWQ |\n|---|---|---|---|---|---|\n" +
		"| 1 | 52.8 | 154.0 | 137.3 | 160% | -11% |\n| 64 | 2985.6 | 4465.9 | 4539.8 | 52% | 2% |\n| 256 | 3100.2 | 5156.9 | 7316.9 | 136% | 42% |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `pick one with --series "QUICK"`)
}

// Synthetic: columns whose headers read as a measured concurrency but that
// exceed the level the client kept ("client mean pure" 12.7 at one
// request) are no counts of requests in flight, and are not read so.
func TestAchievedAboveLevelNotRead(t *testing.T) {
	doc := "| C | server agg tok/s | per-stream (agg/C) | client mean pure |\n|---:|---:|---:|---:|\n" +
		"| 1 | 50.2 | 50.2 | 12.7 |\n| 2 | 95.0 | 47.5 | 12.1 |\n| 4 | 170.4 | 42.6 | 11.0 |\n| 8 | 260.0 | 32.5 | 9.4 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 260.0, s.Points[3].ThroughputTokS)
	require.Nil(t, s.Points[3].AchievedConcurrency)
}

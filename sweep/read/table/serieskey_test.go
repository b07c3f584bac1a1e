package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic CSV (no recorded data): a "runtime" column of engine names is
// the series, not a duration, and a measured length ("out_tokens_p50")
// that changes row to row within a curve is never part of a series key.
func TestSeriesKeyEngineNotMeasuredLength(t *testing.T) {
	body := "runtime,concurrency,out_tokens_p50,throughput_tok_s\n" +
		"enginea,1,65.0,10\nenginea,4,64.5,30\nenginea,8,65.0,50\n" +
		"engineb,1,66.0,12\nengineb,4,65.0,33\nengineb,8,64.0,41\n"
	_, err := readCSV("t.csv", []byte(body), Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `the table holds 2 series by "runtime": enginea (3 rows), engineb (3 rows)`)
	s, err := readCSV("t.csv", []byte(body), Meta{Series: "engineb"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{12, 33, 41}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
}

func TestWordsColumnAndMeasuredStatistic(t *testing.T) {
	g := grid{header: []string{"runtime"}, rows: [][]string{{"vllm"}, {"ollama"}, {""}}}
	require.True(t, wordsColumn(g, 0))
	g.rows[1][0] = "12.5"
	require.False(t, wordsColumn(g, 0), "a number is a duration's value")
	g.rows[1][0] = "vllm-0.6"
	require.False(t, wordsColumn(g, 0))
	require.True(t, measuredStatistic("output_tokens_p50"))
	require.True(t, measuredStatistic("Mean output len"))
	require.False(t, measuredStatistic("max_tokens"))
	require.False(t, measuredStatistic("prompt_tokens"))
}

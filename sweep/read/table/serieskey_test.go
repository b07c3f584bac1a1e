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

// Synthetic: a pick that leaves two engines' rows at one level (the
// engine column was not in the key) is refused, never merged as repeats.
func TestMixedLabelsRefused(t *testing.T) {
	g := grid{file: "t.csv", header: []string{"engine", "concurrency", "tok/s"}, headerLine: 1,
		rows: [][]string{{"a", "1", "10"}, {"b", "1", "12"}, {"a", "4", "30"}, {"b", "4", "33"}}}
	cols := []column{{kind: colSeriesLabel, header: "engine"}, {kind: colConcurrency, header: "concurrency"}, {kind: colThroughput, header: "tok/s"}}
	err := mixedLabels(g, cols, []int{0}, nil, 1, "x")
	require.EqualError(t, err, `t.csv:1: --series: --series "x" leaves rows of one level that differ in "engine" (a, b): they are several curves, and knee never merges them`)
	require.NoError(t, mixedLabels(g, cols, []int{0}, []int{0}, 1, "x"), "the engine is in the key")
	g.rows = g.rows[:1]
	require.NoError(t, mixedLabels(g, cols, []int{0}, nil, 1, "x"), "no level repeats")
}

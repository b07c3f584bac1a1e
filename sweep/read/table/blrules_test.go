package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from held-out batch bl's misses. Every table here is synthetic,
// written for the shape.

// A bare "throughput" that × the tokens per request is the token rate on
// every row is the request rate; and an empty "first_error" column is no
// candidate for failures beside "failed".
func TestBareThroughputThatTimesTokensIsTheTokenRateIsRequests(t *testing.T) {
	doc := "concurrency,requests,success,failed,wall_time,throughput,tokens_per_second,avg_completion_tokens,p50_ttft,first_error\n" +
		"1,20,20,0,106.8,0.1872,23.96,128,0.062,\n" +
		"2,20,20,0,53.77,0.3720,47.61,128,0.127,\n" +
		"4,20,20,0,29.94,0.6681,85.51,128,0.136,\n"
	s, err := Read("t.csv", []byte(doc), CSV, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{23.96, 47.61, 85.51}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Contains(t, strings.Join(s.Notes, "\n"), `"throughput" states no unit, and "tokens_per_second" is it × "avg_completion_tokens" on every row`)

	// Where one row disagrees, nothing is renamed.
	g := grid{file: "t.csv", header: []string{"concurrency", "throughput", "tokens_per_second", "avg_completion_tokens"},
		rows: [][]string{{"1", "0.19", "24", "128"}, {"2", "0.37", "90", "128"}}}
	require.Nil(t, bareRequestRate(&g))
}

// "single" counts streams unless a device noun follows it.
func TestSingleDeviceIsNoSingleStream(t *testing.T) {
	require.True(t, singleStreamWord(wordset{"single", "stream", "tok", "s"}))
	require.True(t, singleStreamWord(wordset{"tok", "s", "single"}))
	require.False(t, singleStreamWord(wordset{"tp", "1", "single", "spark", "nextn"}))
	require.False(t, singleStreamWord(wordset{"single", "gpu", "tok", "s"}))
}

// A label's "(agg)" remark names no curve, unless it is what tells two
// rows of one level apart.
func TestAggregateRemarkInALabelNamesNoCurve(t *testing.T) {
	require.Equal(t, []string{"tg128", "tg128", "tg128"}, dropAggRemarks([]string{"tg128", "tg128 (agg)", "tg128 (agg)"}, []string{"1", "4", "8"}))
	kept := []string{"tg128", "tg128 (agg)"}
	require.Equal(t, kept, dropAggRemarks(kept, []string{"4", "4"}))
}

// Swedish, Norwegian, Danish and Dutch headers read as their English words.
func TestNordicAndDutchHeaders(t *testing.T) {
	doc := "| användare | första token | tok/s per användare | tok/s totalt |\n| --- | --- | --- | --- |\n" +
		"| 1 | 1,3 s | 118 | 86 |\n| 2 | 2,4 s | 87 | 109 |\n| 4 | 4,6 s | 58 | 140 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{86, 109, 140}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Equal(t, 4600.0, *s.Points[2].TTFT.Mean)

	doc = "| gebruikers | doorvoer (tok/s) |\n|---|---|\n| 1 | 30 |\n| 4 | 100 |\n| 16 | 150 |\n"
	s, err = Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 16.0, s.Points[2].Concurrency)
}

// More ways a text states the output length, and a bare req/s beside an
// offered rate is the served one.
func TestOutputLengthPhrasesAndServedRateBesideOffered(t *testing.T) {
	for _, above := range []string{"- **Output:** 32 tokens/request\n\n", "Each request: the output length is 32.\n\n"} {
		n, _ := statedOutputLength(grid{above: above})
		require.Equal(t, 32, n, above)
	}
	cols := classifyAll([]string{"offered rate (req/s)", "req/s", "TTFT (ms)"})
	i, ok := servedRateColumn(cols)
	require.True(t, ok)
	require.Equal(t, 1, i)
}

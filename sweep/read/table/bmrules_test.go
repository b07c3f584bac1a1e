package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules built from the corpus's refusals before held-out batch bm. Every
// table here is synthetic, written for the shape.

// Levels written as the requests sent at once, in English or Korean, head
// the columns of a wide table whose title names the node's rate.
func TestRequestsAtOnceNameWideLevels(t *testing.T) {
	for _, words := range [][3]string{{"1 request", "2 requests", "4 requests"}, {"1 요청", "2 요청", "4 요청"}, {"1명", "2명", "4명"}} {
		doc := "#### Concurrent throughput (aggregate tok/s)\n\n| Model | " + strings.Join(words[:], " | ") + " |\n|---|---|---|---|\n| a | 45.1 | 434.2 | 483.3 |\n"
		s, err := Read("t.md", []byte(doc), Markdown, Meta{})
		require.NoError(t, err, words[0])
		require.Len(t, s.Points, 3, words[0])
		require.Equal(t, 4.0, s.Points[2].Concurrency, words[0])
		require.Equal(t, 483.3, s.Points[2].ThroughputTokS, words[0])
	}
	// "4 requests/s" is a rate, not a level.
	_, _, ok := wordLevel("4 requests/s")
	require.False(t, ok)
}

// llama.cpp's tools name text generation "tg": tg/s is the generated
// tokens per second, and "pp" (the prompt size) labels a wide table's row
// as a text column would.
func TestTextGenerationRateAndPromptSizeRows(t *testing.T) {
	require.Equal(t, colThroughput, classify("tg/s").kind)
	require.Equal(t, colThroughput, classify("c1 tg/s").kind)
	require.True(t, settingHeader("pp"))
	require.True(t, settingHeader("Input len"))
	require.False(t, settingHeader("tok/s"))
	doc := "| pp | c1 tg/s | c2 tg/s | c4 tg/s | c1 TTFT | c2 TTFT | c4 TTFT |\n|---|---|---|---|---|---|---|\n" +
		"| 512 | 40.0 | 70.0 | 90.0 | 500 ms | 900 ms | 1500 ms |\n| 2048 | 39.0 | 60.0 | 70.0 | 1000 ms | 1800 ms | 3500 ms |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "2048"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 70.0, s.Points[2].ThroughputTokS)
	require.Equal(t, 3500.0, *s.Points[2].TTFT.Mean)
	require.Contains(t, strings.Join(s.Notes, "\n"), `series "2048" read (--series, by "pp")`)
}

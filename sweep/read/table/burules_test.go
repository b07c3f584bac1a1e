package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules built while held-out batch bu was collected, from corpus tables
// refused before it (none from bu). Every table here is synthetic, written
// for the shape.

// Prose states the output tokens each request got in many ways: "generates
// 50 tokens", "64 new tokens each", "with 220-token answers", and in other
// languages ("128 tokens de salida", "Ausgabe-Tokens: 128"). Any of them
// ties a req/s-only table to the node's output rate, as "max_tokens: 50"
// does; two different lengths tie it to none.
func TestOutputLengthInProse(t *testing.T) {
	table := "| Concurrent Users | req/s | latency (s) |\n|---|---|---|\n| 1 | 0.9 | 1.1 |\n| 4 | 3.2 | 1.25 |\n| 16 | 9.6 | 1.66 |\n| 64 | 12.8 | 5.0 |\n"
	for _, said := range []string{
		"Each request sends a prompt of 1000 tokens and generates 50 tokens.",
		"Sonnet prompt distribution, 50 new tokens each.",
		"Measured with 50-token answers.",
		"Cada petición pide 50 tokens de salida.",
		"Ausgabe-Tokens: 50 je Anfrage.",
	} {
		s, err := Read("t.md", []byte(said+"\n\n"+table), Markdown, Meta{})
		require.NoError(t, err, said)
		require.Equal(t, []float64{45, 160, 480, 640}, throughputs(s), said)
		require.Contains(t, strings.Join(s.Notes, "\n"), "× 50 (the output length the text states", said)
	}
	_, err := Read("t.md", []byte("Requests generate 50 tokens, or 64 new tokens on long prompts.\n\n"+table), Markdown, Meta{})
	require.ErrorContains(t, err, "nothing states the output tokens per request")
	_, err = Read("t.md", []byte(table), Markdown, Meta{})
	require.ErrorContains(t, err, "nothing states the output tokens per request")
}

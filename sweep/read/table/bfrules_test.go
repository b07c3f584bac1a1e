package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from the misses of held-out batch bf (written after its one
// measurement). Synthetic numbers.

// A count written per user ("turns/user", "requests per user") is what
// each user did, not how many users there were; the load is then found
// where it is written (here in the run labels, "c=8").
func TestCountPerUserIsNoLoad(t *testing.T) {
	require.Equal(t, colIgnore, classify("Measured turns/user").kind)
	require.Equal(t, colIgnore, classify("turns per user").kind)
	require.Equal(t, "concurrency", classify("users").key())
	md := "| Run | Measured turns/user | Total gen tok/s |\n|---|---:|---:|\n| c=2 | 2 | 400 |\n| c=8 | 2 | 1400 |\n| c=32 | 2 | 3600 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{2, 8, 32}, concurrencies(s))
	require.Equal(t, []float64{400, 1400, 3600}, throughputs(s))
}

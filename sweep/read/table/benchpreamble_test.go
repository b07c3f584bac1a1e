package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A token count over the run is no request length, and a tool's settings
// line above a block is told from a command line.
func TestTotalTokensAreNoRequestLengthNorAPreamble(t *testing.T) {
	require.Equal(t, colIgnore, classify("Total input tokens").kind)
	require.Equal(t, colIgnore, classify("Total generated tokens").kind)
	require.True(t, preambleSetting("Maximum request concurrency: 32"))
	require.True(t, preambleSetting("Traffic request rate: inf"))
	require.False(t, preambleSetting("Running: python benchmark_serving.py --request-rate 10"))
}

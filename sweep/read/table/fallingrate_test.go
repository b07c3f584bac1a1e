package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated tables; the real shape is batch l's T4 table of one
// "Tokens/Second (Average)" column falling from 1 user to 10.
func TestSoleRateFallingFromOneStreamIsAStreams(t *testing.T) {
	md := "| Users | Tokens/Second (Average) |\n|---|---|\n| 1 | ~55.75 tokens/sec |\n| 2 | ~52.94 tokens/sec |\n| 5 | ~41.07 tokens/sec |\n| 10 | ~19.54 tokens/sec |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"Tokens/Second (Average)" is a per-stream rate: it falls at every level from one stream on, which the node's rate does not, and the table has no rate of the whole node`)

	// A node rate that dips once and recovers is the node's, and so is one
	// the header says is the aggregate.
	for _, md := range []string{
		"| Users | tok/s |\n|---|---|\n| 1 | 50.8 |\n| 2 | 36.9 |\n| 4 | 54.6 |\n| 8 | 75.2 |\n",
		"| Users | aggregate tok/s |\n|---|---|\n| 1 | 50 |\n| 2 | 45 |\n| 4 | 40 |\n| 8 | 30 |\n",
		// Falling over a load that starts high: a server past its knee.
		"| Users | tok/s |\n|---|---|\n| 64 | 900 |\n| 128 | 850 |\n| 256 | 700 |\n",
	} {
		s, err := Read("t.md", []byte(md), Markdown, Meta{})
		require.NoError(t, err, md)
		require.Greater(t, s.Points[0].ThroughputTokS, 0.0)
	}
}

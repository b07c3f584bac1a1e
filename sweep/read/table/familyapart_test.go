package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The tables here are built for the rule, not measured.

func TestStatisticWords(t *testing.T) {
	require.Equal(t, "p50", classify("TTFT ms Mdn").stat, "Mdn is the median")
	require.Equal(t, "measured", classify("Requests Concurrency Mdn").flavor, "a concurrency summarised over the run is measured")
	require.Equal(t, "achieved", classify("Requests Per Sec Mean").flavor, "a request rate summarised over the run is achieved")
	require.Equal(t, "configured", classify("max concurrency").flavor)
	for _, h := range []string{"Stream Iter Per Req Mdn", "Output Tok Per Req p95"} {
		c := classify(h)
		require.Equal(t, colIgnore, c.kind, h)
		require.Equal(t, "a count per request, not a rate", c.why, h)
	}
	require.Equal(t, colPerUser, classify("Output tok/s per request").kind, "a token rate per request is one stream's speed")
}

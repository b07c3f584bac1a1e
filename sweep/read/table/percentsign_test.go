package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a latency's percentile written with the percent sign is that
// percentile; a percentage with no latency word stays a percentage.
func TestPercentSignPercentile(t *testing.T) {
	for h, key := range map[string]string{"TTFT 99% (ms)": "ttft_p99", "TTFT 99%ile (ms)": "ttft_p99", "Latency P95% (ms)": "e2e_p95"} {
		require.Equal(t, key, classify(h).key(), h)
	}
	require.Equal(t, colRatio, classify("Success %").kind)
}

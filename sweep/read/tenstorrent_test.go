package read

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured (the real table is corpus entry
// h-tenstorrent-llama31-8b-mesh-batch-prefixed-cells).

func TestBatchLevelWrittenAsATestID(t *testing.T) {
	const table = `| batch | TTFT (ms) | tok/s/u | tok/s |
|---|---|---|---|
| batch-1 | 39.9 | 70.3 | 70.3 |
| batch-32 | 12.8 | 56.1 | 1794.0 |
`
	s, err := File(writeTemp(t, "tt.md", table), Options{})
	require.NoError(t, err, "tok/s/u is per user, so tok/s is the one throughput")
	require.Equal(t, 32.0, s.Points[1].Concurrency)
	require.Equal(t, 1794.0, s.Points[1].ThroughputTokS)
}

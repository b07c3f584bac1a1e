package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated, in the shape Hugging Face inference-benchmarker prints: its
// parameter box, then straight under it (no blank line) its results box,
// one row per profile (warmup, constant@R), every cell with its unit.
const boxUnderBox = `┌───────────┬───────┐
│ Parameter │ Value │
├───────────┼───────┤
│ Max VUs   │ 800   │
│ Duration  │ 120   │
└───────────┴───────┘
┌─────────────────────┬─────────────┬───────────────────┬────────────┬────────────────────┐
│ Benchmark           │ QPS         │ E2E Latency (avg) │ TTFT (avg) │ Throughput         │
├─────────────────────┼─────────────┼───────────────────┼────────────┼────────────────────┤
│ warmup              │ 0.50 req/s  │ 1.30 sec          │ 20.00 ms   │ 100.00 tokens/sec  │
│ constant@1.00req/s  │ 0.99 req/s  │ 1.35 sec          │ 19.00 ms   │ 180.00 tokens/sec  │
│ constant@10.00req/s │ 9.80 req/s  │ 1.60 sec          │ 23.00 ms   │ 1800.00 tokens/sec │
│ constant@40.00req/s │ 30.00 req/s │ 9.00 sec          │ 900.00 ms  │ 5400.00 tokens/sec │
└─────────────────────┴─────────────┴───────────────────┴────────────┴────────────────────┘
`

// A box's bottom border ends its table: the results box under the
// parameter box is a table of its own, read with its profiles' rates.
func TestBoxUnderBoxIsATableOfItsOwn(t *testing.T) {
	gs := alignedTables("t.txt", []byte(boxUnderBox))
	require.Len(t, gs, 2)
	require.Equal(t, "Parameter", gs[0].header[0])
	require.Equal(t, "Benchmark", gs[1].header[0])
	require.True(t, looksAligned([]byte(boxUnderBox)))

	s, err := readAligned("t.txt", []byte(boxUnderBox), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 40.0, *s.Points[2].RequestedRate)
	require.Equal(t, 5400.0, s.Points[2].ThroughputTokS)
	require.Equal(t, 900.0, *s.Points[2].TTFT.Mean)

	require.True(t, closesBox("└──┴──┘"))
	require.False(t, closesBox("+----+----+"))
	require.False(t, closesBox("├──┼──┤"))
}

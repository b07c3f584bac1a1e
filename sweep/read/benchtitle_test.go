package read

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// vllm bench serve blocks whose banner a harness titled per level
// (corpus entry l-gke-32xb200-vllm-kimi-k26-raw-blocks-custom-titles:
// "Serving Benchmark Result (30K - Conc 8)"). Before, no format sniffed
// them: "is none of the formats knee reads".
func TestBenchBlocksWithTitledBanners(t *testing.T) {
	file := fixtures.Path(filepath.Join("corpus", "l-gke-32xb200-vllm-kimi-k26-raw-blocks-custom-titles", "table.txt"))
	s, err := Load([]string{file}, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 6)
	for i, want := range []struct{ c, x, ttft float64 }{{8, 515.90, 2856.71}, {64, 1254.28, 13813.84}, {256, 1660.98, 52843.63}} {
		p := s.Points[[]int{0, 3, 5}[i]]
		require.Equal(t, want.c, p.Concurrency)
		require.Equal(t, want.x, p.ThroughputTokS)
		require.Equal(t, want.ttft, *p.TTFT.Mean)
	}
}

// Built for the rule, not measured: two titled blocks at one level are two
// runs of different setups, told apart by their titles, never averaged.
func TestTitledBlocksOfOneLevelAreNoRepeats(t *testing.T) {
	const blocks = `============ Serving Benchmark Result (30K - Conc 8) ============
Maximum request concurrency:             8
Output token throughput (tok/s):         500.00
Mean TTFT (ms):                          2800.00
==================================================
============ Serving Benchmark Result (8K - Conc 8) ============
Maximum request concurrency:             8
Output token throughput (tok/s):         900.00
Mean TTFT (ms):                          700.00
==================================================
`
	_, err := File(writeTemp(t, "bench.txt", blocks), Options{})
	require.ErrorContains(t, err, `by "Result title": 30K - Conc 8 (1 rows), 8K - Conc 8 (1 rows)`)
	require.ErrorContains(t, err, "never merges them as repeats")
}

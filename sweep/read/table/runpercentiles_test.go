package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: AIPerf-style run tables, one per level under its command: the
// TTFT row's p99 and p50 columns are statistics over the run's requests
// and are read beside its avg; the rate's "N/A" cells are not.
func TestRunTablePercentiles(t *testing.T) {
	g := grid{header: []string{"Metric", "avg", "min", "max", "p99", "p50"}, rows: [][]string{
		{"Time to First Token (ms)", "18.26", "11.22", "106.32", "68.82", "16.62"},
		{"Request Latency (ms)", "980", "800", "1500", "1400", "950"},
		{"Output Token Throughput (tokens/sec)", "130.5", "N/A", "N/A", "N/A", "N/A"},
	}}
	r, ok := foldRunTable(g, nil)
	require.True(t, ok)
	require.Equal(t, "68.82", r.values["p99 Time to First Token (ms)"])
	require.Equal(t, "16.62", r.values["p50 Time to First Token (ms)"])
	require.Equal(t, "1400", r.values["p99 Request Latency (ms)"])
	_, has := r.values["p99 Output Token Throughput (tokens/sec)"]
	require.False(t, has)
}

package read

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Rows of one concurrency that differ in a request length ran different
// workloads: they are series to pick by name, never repeats to average,
// even when each length occurs once (the shape of tt-inference-server's
// report: ISL 128, 1024, 2048 … every row at concurrency 1).
func TestRequestLengthsAtOneLevelAreSeriesNotRepeats(t *testing.T) {
	body := "| ISL | OSL | Concurrency | TTFT (ms) | Tput Decode (TPS) |\n|---|---|---|---|---|\n" +
		"| 128 | 128 | 1 | 41.1 | 32.4 |\n| 1024 | 128 | 1 | 129.2 | 32.3 |\n| 4096 | 128 | 1 | 505.1 | 32.1 |\n"
	_, err := Data("w.md", []byte(body), Options{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `the table holds 3 series by "ISL": 128 (1 rows), 1024 (1 rows), 4096 (1 rows)`)
	require.Contains(t, err.Error(), `never merges them as repeats`)
	s, err := Data("w.md", []byte(body), Options{Meta: Meta{Series: "1024"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
	require.Equal(t, 32.3, s.Points[0].ThroughputTokS)
	require.Equal(t, 129.2, *s.Points[0].TTFT.Mean)

	// One request length for every row is the workload, not a series: the
	// sweep reads as before.
	same := "| ISL | OSL | Concurrency | TTFT (ms) | Tput Decode (TPS) |\n|---|---|---|---|---|\n" +
		"| 128 | 128 | 1 | 41.1 | 32.4 |\n| 128 | 128 | 32 | 2384.8 | 1156.7 |\n"
	s, err = Data("s.md", []byte(same), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 1156.7, s.Points[1].ThroughputTokS)
}

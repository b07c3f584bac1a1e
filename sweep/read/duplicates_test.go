package read

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// vLLM prints "Median TTFT (ms)" and "P50 TTFT (ms)" with one value when
// --metric-percentiles names 50: read once, and said so; two columns that
// differ in any row are still refused by name.
func TestSameValuesPrintedTwiceAreReadOnce(t *testing.T) {
	block := "============ Serving Benchmark Result ============\n" +
		"Successful requests:                     300\nMaximum request concurrency:             25\n" +
		"Benchmark duration (s):                  1210.53\nOutput token throughput (tok/s):         124.17\n" +
		"---------------Time to First Token----------------\n" +
		"Mean TTFT (ms):                          1281.70\nMedian TTFT (ms):                        1129.54\n" +
		"P50 TTFT (ms):                           1129.54\nP99 TTFT (ms):                           5184.42\n" +
		"-----Time per Output Token (excl. 1st token)------\n" +
		"Mean TPOT (ms):                          194.45\nMedian TPOT (ms):                        196.56\n" +
		"P50 TPOT (ms):                           196.56\n" +
		"----------------End-to-end Latency----------------\n" +
		"Mean E2EL (ms):                          97480.07\nMedian E2EL (ms):                        95190.94\n" +
		"P50 E2EL (ms):                           95190.94\n" +
		"==================================================\n"
	s, err := Data("j.txt", []byte(block), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
	p := s.Points[0]
	require.Equal(t, 25.0, p.Concurrency)
	require.Equal(t, 1129.54, *p.TTFT.P50)
	require.Equal(t, 5184.42, *p.TTFT.P99)
	require.Equal(t, 196.56, *p.ITL.P50)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `"P50 TTFT (ms)" (the same values as "Median TTFT (ms)", printed twice)`)

	// One row where they differ: two candidates, refused by name.
	table := "| c | Output tok/s | Median TTFT (ms) | P50 TTFT (ms) |\n|---|---|---|---|\n| 1 | 100 | 50 | 50 |\n| 2 | 190 | 60 | 61 |\n"
	_, err = Data("t.md", []byte(table), Options{})
	require.ErrorContains(t, err, `both read as ttft_p50`)
}

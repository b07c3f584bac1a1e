package read

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A batch size the engine formed, counted during the run, beside the
// configured concurrency is a measurement, not a second load: the
// configured column is the level, the formed batch is noted as measured.
func TestBatchTheEngineFormedIsMeasured(t *testing.T) {
	body := "| Concurrency | Output tok/s | TTFT p50 | TPOT p50 | Batch the engine formed |\n|---|---|---|---|---|\n" +
		"| 1 | 172.5 | 30.1 ms | 4.22 ms | 1.0 |\n| 32 | 1,992.8 | 113.2 ms | 11.51 ms | 31.47 |\n| 256 | 2,855.9 | 267.2 ms | 61.85 ms | 243.31 |\n"
	s, err := Data("b.md", []byte(body), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 256.0, s.Points[2].Concurrency)
	require.Equal(t, 2855.9, s.Points[2].ThroughputTokS)
	require.Equal(t, 267.2, *s.Points[2].TTFT.P50)
	require.Contains(t, strings.Join(s.Notes, "\n"), "Batch the engine formed")

	// A formed batch alone is no configured level: refused, naming the flag.
	body = "| Batch the engine formed | Output tok/s |\n|---|---|\n| 1.0 | 172.5 |\n| 31.47 | 1992.8 |\n"
	_, err = Data("c.md", []byte(body), Options{})
	require.ErrorContains(t, err, `--column concurrency="Batch the engine formed"`)
}

// "Peak concurrent requests" is the most in flight at one instant (26 at a
// configured 16 in a vLLM block): read as the concurrency achieved it would
// hide a client that fell short, so it is not read, and said so.
func TestPeakConcurrentRequestsIsNotTheConcurrencyHeld(t *testing.T) {
	block := "============ Serving Benchmark Result ============\n" +
		"Backend: sglang\nTraffic request rate: inf\nMax request concurrency: 1\nSuccessful requests: 10\n" +
		"Benchmark duration (s): 4.45\nRequest throughput (req/s): 2.25\nOutput token throughput (tok/s): 625.26\n" +
		"Peak output token throughput (tok/s): 635.00\nPeak concurrent requests: 4\nConcurrency: 1.00\n" +
		"----------------End-to-End Latency----------------\nMean E2E Latency (ms): 443.32\nMedian E2E Latency (ms): 493.29\n" +
		"---------------Time to First Token----------------\nMean TTFT (ms): 21.59\nMedian TTFT (ms): 20.89\nP99 TTFT (ms): 24.81\n" +
		"==================================================\n"
	s, err := Data("sglang.txt", []byte(block), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
	p := s.Points[0]
	require.Equal(t, 1.0, p.Concurrency)
	require.NotNil(t, p.AchievedConcurrency)
	require.Equal(t, 1.0, *p.AchievedConcurrency, "SGLang's Concurrency: 1.00 is the concurrency held, not the peak 4")
	require.Equal(t, 625.26, p.ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Peak concurrent requests" (a peak over the run, not the load or the concurrency held)`)
}

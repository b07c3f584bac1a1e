package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// trtllm-bench's sections, simulated: "Total Latency (ms)" is the run's
// wall time (200 requests at 4 req/s: 50 000 ms), the per-request latency
// is the average beside it.
func trtSection(conc, rps, tokS, totalMS, avgMS string) string {
	return "===========================================================\n= REQUEST DETAILS\n" +
		"===========================================================\nNumber of requests:             200\n" +
		"Number of concurrent requests:  " + conc + "\n" +
		"===========================================================\n= PERFORMANCE OVERVIEW\n" +
		"===========================================================\n" +
		"Request Throughput (req/sec):                     " + rps + "\n" +
		"Total Output Throughput (tokens/sec):             " + tokS + "\n" +
		"Total Latency (ms):                               " + totalMS + "\n" +
		"Average request latency (ms):                     " + avgMS + "\n"
}

func TestRunDurationIsNoRequestLatency(t *testing.T) {
	data := trtSection("3.9", "2.0", "200.0", "100000.0", "1950.0") + trtSection("7.8", "4.0", "400.0", "50000.0", "1950.0") + trtSection("15.5", "5.0", "500.0", "40000.0", "3100.0")
	s, err := readBenchText("t.txt", []byte(data), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{3.9, 7.8, 15.5}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Equal(t, 3100.0, *s.Points[2].E2E.Mean)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Total Latency (ms)" (the run's duration (requests ÷ request rate), not a request's latency)`)
}

// A latency that is not requests ÷ rate in every row stays a latency.
func TestRequestLatencyNearTheRunsLengthStays(t *testing.T) {
	data := trtSection("3.9", "2.0", "200.0", "100000.0", "1950.0") + trtSection("7.8", "4.0", "400.0", "30000.0", "1950.0")
	_, err := readBenchText("t.txt", []byte(data), Meta{})
	require.ErrorContains(t, err, `"Total Latency (ms)" and "Average request latency (ms)" both read as e2e_mean`, "two request latencies: a choice, with no judge here")
}

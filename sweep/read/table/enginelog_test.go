package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// vllmStats is a vLLM v1 engine stats line as its server logs it.
func vllmStats(running, waiting, kv string) string {
	return "INFO 05-30 20:39:40 [loggers.py:116] Engine 000: Avg prompt throughput: 12000.0 tokens/s, Avg generation throughput: 2300.5 tokens/s, Running: " +
		running + " reqs, Waiting: " + waiting + " reqs, GPU KV cache usage: " + kv + "%, Prefix cache hit rate: 0.0%\n"
}

// Engine log lines beside a block are queue evidence for its level (issue
// 26 item 3), recorded as the point's engine metrics and noted. Synthetic:
// at 32 the engine ran everything, at 256 it ran 128 with requests waiting.
func TestEngineLogLinesAreTheLevelsQueueEvidence(t *testing.T) {
	data := vllmStats("32", "0", "20.1") + vllmStats("32", "0", "22.4") + vllmStats("31", "0", "23.0") +
		"Maximum request concurrency: 32\n" + strings.Replace(benchBlock("inf", "1000.0", "50.0"), "Maximum request concurrency: None\n", "", 1) +
		vllmStats("128", "120", "95.0") + vllmStats("128", "128", "96.5") + vllmStats("127", "101", "97.0") + vllmStats("60", "0", "70.0") +
		"Maximum request concurrency: 256\n" + strings.Replace(benchBlock("inf", "2400.0", "900.0"), "Maximum request concurrency: None\n", "", 1)
	s, err := readBenchText("t.txt", []byte(data), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	low, high := s.Points[0].Engine, s.Points[1].Engine
	require.NotNil(t, low)
	require.Equal(t, "vllm", low.Engine)
	require.Equal(t, 3, low.Samples)
	require.Equal(t, 32.0, *low.RunningMax)
	require.Equal(t, 0.0, *low.WaitingMax)
	require.Equal(t, 0, *low.QueuedSamples)
	require.InDelta(t, 0.23, *low.KVUsageMax, 1e-12)

	require.Equal(t, 4, high.Samples)
	require.Equal(t, 4, *high.BusySamples)
	require.Equal(t, 128.0, *high.RunningMax)
	require.Equal(t, 128.0, *high.WaitingMax)
	require.Equal(t, 3, *high.QueuedSamples, "three samples ran within 5% of 128 with a queue behind")
	require.InDelta(t, 87.25, *high.WaitingMean, 1e-9)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, "4 vllm log lines above the block are its level's queue evidence: running 110.75 on average (at most 128), waiting 87.25 (at most 128); requests queued behind a full engine in 3 of 4")
}

func TestEngineSampleReadsEachEnginesLine(t *testing.T) {
	s, ok := engineSample("INFO 01-02 03:04:05 metrics.py:351] Avg prompt throughput: 0.0 tokens/s, Avg generation throughput: 2093.5 tokens/s, Running: 64 reqs, Swapped: 0 reqs, Pending: 12 reqs, GPU KV cache usage: 17.3%, CPU KV cache usage: 0.0%.")
	require.True(t, ok)
	require.Equal(t, 64.0, *s.Running)
	require.Equal(t, 12.0, *s.Waiting)
	require.InDelta(t, 0.173, *s.KVUsage, 1e-12)

	s, ok = engineSample("[2025-01-01 00:00:00 TP0] Decode batch. #running-req: 96, #token: 30000, token usage: 0.35, cuda graph: True, gen throughput (token/s): 2500.00, #queue-req: 7")
	require.True(t, ok)
	require.Equal(t, "sglang", s.Engine)
	require.Equal(t, 96.0, *s.Running)
	require.Equal(t, 7.0, *s.Waiting)
	require.Equal(t, 0.35, *s.KVUsage)

	_, ok = engineSample("Running: python benchmark_serving.py --max-concurrency 8")
	require.False(t, ok, "a job log's command line is no engine sample")
}

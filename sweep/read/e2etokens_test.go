package read

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// A rate sweep that prints no end-to-end latency (a real TensorRT-LLM run
// on an RTX 3090, d-triton…) still places each stage by Little's law: its
// requests' time is TTFT + TPOT × (output tok/s ÷ served req/s − 1). Before,
// it was refused for want of an E2E column.
func TestE2EFromTokensPlacesARateSweep(t *testing.T) {
	file := fixtures.Path(filepath.Join("corpus", "d-triton-trtllm09-rtx3090-llama3-8b-rate-zh", "table.md"))
	s, err := Load([]string{file}, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	p := s.Points[0]
	require.Equal(t, 1.0, *p.RequestedRate)
	require.Equal(t, 186.09, p.ThroughputTokS)
	want := 0.95 * (103.37 + *p.ITL.P50*(186.09/0.95-1)) / 1000
	require.InDelta(t, want, p.Concurrency, 1e-9)
	require.InDelta(t, 4.5, p.Concurrency, 0.05)
	require.True(t, p.Derived)
	require.Nil(t, p.E2E.Mean, "the derived time places the stage; it is no measured E2E")
	require.Contains(t, strings.Join(s.Notes, "\n"), "no end-to-end latency column: each stage's is derived as TTFT + TPOT × (output tok/s ÷ served req/s − 1)")
}

// Synthetic: an older `vllm bench serve` result at a request rate prints
// TTFT, TPOT and the token totals but no E2E: its mean E2E is mean TTFT +
// mean TPOT × (mean output tokens − 1), and Little's law places the run at
// the served rate × that time, noted; it is no measured E2E.
func TestVLLMResultWithoutE2EPlacedByItsTokens(t *testing.T) {
	data := []byte(`{"backend": "vllm", "model_id": "m", "num_prompts": 100, "request_rate": 4.0, "completed": 100,
"duration": 25.0, "total_input_tokens": 50000, "total_output_tokens": 20100, "request_throughput": 4.0,
"output_throughput": 804.0, "mean_ttft_ms": 50.0, "median_ttft_ms": 48.0, "p99_ttft_ms": 90.0,
"mean_tpot_ms": 10.0, "median_tpot_ms": 10.0, "p99_tpot_ms": 12.0}`)
	s, err := readVLLMFile("r.json", data, Options{})
	require.NoError(t, err)
	p := s.Points[0]
	require.True(t, p.Derived)
	require.InDelta(t, 4.0*(50.0+10.0*(201-1))/1000, p.Concurrency, 1e-9)
	require.Nil(t, p.E2E.Mean)
	require.Contains(t, strings.Join(s.Notes, "\n"), "mean TTFT + mean TPOT × (mean output tokens − 1)")
}

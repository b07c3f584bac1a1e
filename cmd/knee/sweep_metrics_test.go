package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep/store"
)

// Without --metrics, knee sweep finds the endpoint's own /metrics (the
// simulated server exports vLLM's), samples it during every level, keeps
// the samples in each level folder and the summary in the points, and
// knee find names the limit: the batch cap of 8 once 16 requests are sent.
func TestSweepSamplesEngineMetricsByDefault(t *testing.T) {
	srv := simserver.New(simserver.Config{GPUs: 1, BatchPerGPU: 8, StepBase: 2 * time.Millisecond, StepPerSeq: 100 * time.Microsecond,
		KVBlocksPerGPU: 1000, TimeScale: 2, Seed: 1})
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := runKneeCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "4,16",
		"--min-requests", "64", "--requests-per-concurrency", "2", "--input-tokens", "16", "--output-tokens", "16",
		"--stop-past-knee=false", "--out", dir)
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, "engine metrics: sampling "+url+"/metrics every second (vllm)")
	s, err := store.Load(dir)
	require.NoError(t, err)
	for _, p := range s.Points {
		require.NotNil(t, p.Engine)
		require.Equal(t, 16000.0, *p.Engine.KVCapacityTokens)
	}
	raws, _ := filepath.Glob(filepath.Join(dir, "levels", "*", "metrics.json"))
	require.Len(t, raws, 2)
	b, err := os.ReadFile(raws[0])
	require.NoError(t, err)
	require.Contains(t, string(b), `"sources": [`)

	code, out, errs := runKneeCLI(t, "find", dir)
	require.Contains(t, []int{0, 3}, code, errs)
	require.Contains(t, out, "physical bound 500/GPU: the KV cache holds 16,000 tokens = 500 requests of 32 tokens")
	require.Contains(t, out, "limit at 4/GPU: ")
	require.Contains(t, out, "limit at 16/GPU: ")

	// --kv-bound: the engine's own figure is the bound find shows.
	kv := filepath.Join(t.TempDir(), "kv")
	code, _, errs = runKneeCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "2,4",
		"--min-requests", "16", "--input-tokens", "16", "--output-tokens", "8", "--kv-bound", "96", "--stop-past-knee=false", "--out", kv)
	require.Equal(t, 0, code, errs)
	_, out, errs = runKneeCLI(t, "find", kv)
	require.Contains(t, out, "physical bound 96/GPU: the engine's own figure: 96 requests at once", errs)
	code, _, errs = runKneeCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "2",
		"--kv-bound", "-1", "--out", filepath.Join(t.TempDir(), "kv2"))
	require.Equal(t, 2, code, errs)
	require.Contains(t, errs, "--kv-bound")

	// --metrics none turns it off; an endpoint without /metrics is said.
	code, _, errs = runKneeCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "2",
		"--min-requests", "8", "--input-tokens", "16", "--output-tokens", "4", "--metrics", "none", "--out", filepath.Join(t.TempDir(), "r2"))
	require.Equal(t, 0, code, errs)
	require.NotContains(t, errs, "engine metrics")
	code, _, errs = runKneeCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "2",
		"--metrics", "ftp://x", "--out", filepath.Join(t.TempDir(), "r3"))
	require.Equal(t, 2, code, errs)
	require.Contains(t, errs, "--metrics")
}

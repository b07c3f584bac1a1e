package main

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/metrics"
	"github.com/kneetool/knee/sweep/run"
	"github.com/kneetool/knee/sweep/store"
)

// The engine-metrics flow across layers, wired as knee sweep wires it
// (sweep_metrics.go): the built-in harness under metrics.Wrap sweeps the
// simulated server, and knee find names each level's limit against the
// simulator's truth.

// sweepAttributed runs a short ladder against a simulated server with its
// /metrics sampled (every 100 ms, so that sub-second levels get samples)
// and returns what knee find says.
func sweepAttributed(t *testing.T, cfg simserver.Config, perGPU []int, outTokens int) (*knee.Result, *sweep.Sweep) {
	t.Helper()
	srv := simserver.New(cfg)
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	plan := sweep.Plan{ID: "limit", PerGPU: perGPU, GPUs: cfg.GPUs, Model: "sim", Endpoint: url, API: "completion",
		InputTokens: 32, OutputTokens: outTokens, MinRequests: 48, RequestsPerConcurrency: 3, Harness: "builtin", Runner: "local"}
	st, err := store.Create(t.TempDir()+"/run", plan)
	require.NoError(t, err)
	t.Cleanup(st.Close)
	exec := metrics.Wrap(builtin.New(builtin.Options{Seed: 1}), metrics.NewHTTPSource(url+"/metrics"),
		metrics.Options{Interval: 100 * time.Millisecond})
	out, err := run.Run(context.Background(), exec, st, run.Options{})
	require.NoError(t, err)
	for _, p := range out.Sweep.Points {
		require.NotNil(t, p.Engine, "every level carries its engine metrics")
		require.Equal(t, "vllm", p.Engine.Engine)
	}
	// The builtin harness marks a level client_bound when its threads
	// waited for a CPU: on this shared 2-core machine other processes
	// cause that at random, and the client rule comes first. These tests
	// check the engine rules against the simulator's truth, so they clear
	// it (TestLimitRules checks the client rule).
	for i := range out.Sweep.Points {
		out.Sweep.Points[i].ClientBound = false
	}
	res, err := knee.Find(out.Sweep, knee.DefaultOptions())
	require.NoError(t, err)
	return res, out.Sweep
}

func limitKinds(r *knee.Result) map[float64]knee.LimitKind {
	out := map[float64]knee.LimitKind{}
	for _, p := range r.Points {
		out[p.PerGPU] = p.Limit.Kind
	}
	return out
}

func attributionServer() simserver.Config {
	return simserver.Config{Model: "sim", GPUs: 1, StepBase: 2 * time.Millisecond, StepPerSeq: 100 * time.Microsecond,
		KVBlocksPerGPU: 1000, TimeScale: 2}
}

// The simulator's truth: a sequence cap of 8 with a roomy KV cache binds
// from 16/GPU up; find names the batch cap there, and nothing at 4/GPU.
func TestAttributionSequenceCap(t *testing.T) {
	cfg := attributionServer()
	cfg.BatchPerGPU = 8
	res, s := sweepAttributed(t, cfg, []int{4, 16, 32}, 8)
	k := limitKinds(res)
	require.Equal(t, knee.LimitNone, k[4], res.Points[0].Limit.Detail)
	require.Equal(t, knee.LimitBatchCap, k[16], res.Points[1].Limit.Detail)
	require.Equal(t, knee.LimitBatchCap, k[32], res.Points[2].Limit.Detail)
	require.Equal(t, 8.0, *s.Points[2].Engine.RunningMax, "the engine runs exactly its cap")
	// Queue evidence (knee/queue.go): above the cap the engine runs 8
	// with requests waiting in most busy samples, so 16 and 32 are past
	// the knee whatever their elasticity says, and the cap is the onset.
	for _, i := range []int{1, 2} {
		require.Contains(t, res.Points[i].Reasons, knee.ReasonQueueing, res.Points[i].Details)
		require.Equal(t, knee.VerdictPastKnee, res.Points[i].Verdict)
		require.Greater(t, 2**s.Points[i].Engine.QueuedSamples, *s.Points[i].Engine.BusySamples)
	}
	require.NotContains(t, res.Points[0].Reasons, knee.ReasonQueueing)
	require.NotNil(t, res.QueueOnset)
	require.Equal(t, 8.0, res.QueueOnset.PerGPU)
	require.Equal(t, "engine", res.QueueOnset.From)
	// The physical bound: 1,000 blocks × 16 tokens over 40-token requests.
	require.NotNil(t, res.Bound)
	require.InDelta(t, 400, res.Bound.PerGPU, 1)
	require.Contains(t, res.Bound.Detail, "far below it")
}

// A KV cache of 24 blocks (8 requests of 32 + 24 tokens when they start,
// fewer as they grow) under a batch cap of 64: the cache fills, requests
// wait and are preempted, and find names the KV cache.
func TestAttributionKVCache(t *testing.T) {
	cfg := attributionServer()
	cfg.BatchPerGPU = 64
	cfg.KVBlocksPerGPU = 24
	res, s := sweepAttributed(t, cfg, []int{2, 16, 32}, 24)
	k := limitKinds(res)
	require.Equal(t, knee.LimitNone, k[2], res.Points[0].Limit.Detail)
	require.Equal(t, knee.LimitKVCache, k[16], res.Points[1].Limit.Detail)
	require.Equal(t, knee.LimitKVCache, k[32], res.Points[2].Limit.Detail)
	require.GreaterOrEqual(t, *s.Points[2].Engine.KVUsageMax, 0.95)
	require.Greater(t, *s.Points[2].Engine.Preemptions, 0.0, "growing sequences preempt each other")
	// 24 blocks × 16 tokens = 384 tokens over 56-token requests ≈ 6.9 requests.
	require.NotNil(t, res.Bound)
	require.InDelta(t, 384.0/56, res.Bound.PerGPU, 0.1)
}

// A front-end that passes 8 requests at a time to an engine with room for
// 64: the engine runs 8 and queues none while the client holds 16 or 32.
func TestAttributionFrontend(t *testing.T) {
	cfg := attributionServer()
	cfg.BatchPerGPU = 64
	cfg.FrontendMax = 8
	res, s := sweepAttributed(t, cfg, []int{4, 16, 32}, 8)
	k := limitKinds(res)
	require.Equal(t, knee.LimitNone, k[4], res.Points[0].Limit.Detail)
	require.Equal(t, knee.LimitFrontend, k[16], res.Points[1].Limit.Detail)
	require.Equal(t, knee.LimitFrontend, k[32], res.Points[2].Limit.Detail)
	require.Equal(t, 0.0, *s.Points[2].Engine.WaitingMax)
}

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
)

// The flow across layers, wired as the commands wire it (the layers test
// keeps each layer's own tests inside it): the built-in harness sweeps the
// simulated server and knee.Find judges what it measured.

// TestKneeFindBracketsTheSimulatedTrueKnee sweeps a simulated server whose
// true knee is known from its parameters (32/GPU: batch capacity and thrash
// threshold; nearly linear growth below, a 4× front-end slowdown above)
// with the built-in harness over five levels, and checks that knee.Find
// puts the knee where the model says and judges the levels accordingly.
// An 80 ms prefill keeps sub-knee TTFT well above the scheduling noise of
// a busy 2-core host, so a TTFT rise means queueing, not noise.
func TestKneeFindBracketsTheSimulatedTrueKnee(t *testing.T) {
	if raceEnabled {
		t.Skip("compares timings with the model: meaningless under the race detector")
	}
	cfg := simserver.Config{GPUs: 1, BatchPerGPU: 32, StepBase: 20 * time.Millisecond, StepPerSeq: 20 * time.Microsecond,
		PrefillPerToken: 20 * time.Millisecond, ThrashAbovePerGPU: 32, ThrashFactor: 4, ThrashMax: 4, TimeScale: 0.5, Seed: 5}
	require.Equal(t, 32.0, cfg.TrueKneeFor(8, 8))
	srv := simserver.New(cfg)
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	p := sweep.Plan{ID: "knee-it", PerGPU: []int{4, 8, 16, 32, 64}, GPUs: 1, Model: "sim", Endpoint: url, API: "completion",
		InputTokens: 8, OutputTokens: 8, MinRequests: 32, RequestsPerConcurrency: 4, Harness: builtin.Name, Runner: "local"}
	require.NoError(t, p.Validate())

	ex := builtin.New(builtin.Options{Timeout: 30 * time.Second})
	s := &sweep.Sweep{Version: sweep.SchemaVersion, GPUs: 1, Model: "sim", Harness: builtin.Name, Notes: []string{"simulated server"}}
	for _, lvl := range p.Levels() {
		res, err := ex.RunLevel(context.Background(), p, lvl)
		require.NoError(t, err)
		pt := res.Points[0]
		pt.Simulated = true
		if pt.ClientBound && *pt.ClientCPU < 0.9 && *pt.AchievedConcurrency >= 0.9*pt.Concurrency {
			// Only other processes' load (run-queue wait) flagged it: this
			// test is about where the knee is; the flag is tested elsewhere.
			t.Logf("level %d/GPU: host busy, client-bound flag cleared for the knee check", lvl.PerGPU)
			pt.ClientBound = false
		}
		t.Logf("%3d/GPU: %6.0f tok/s (model %6.0f), TTFT p50 %6.1f ms", lvl.PerGPU, pt.ThroughputTokS,
			cfg.ModelThroughput(float64(lvl.PerGPU), 8, 8), *pt.TTFT.P50)
		s.Points = append(s.Points, pt)
	}

	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	t.Logf("knee: %s %s", r.Knee.Status, r.Knee.Detail)
	require.NotNil(t, r.Knee.LowPerGPU, "%+v", r.Knee)
	require.NotNil(t, r.Knee.HighPerGPU, "%+v", r.Knee)
	require.LessOrEqual(t, *r.Knee.LowPerGPU, cfg.TrueKnee(), "%+v", r.Knee)
	require.GreaterOrEqual(t, *r.Knee.HighPerGPU, cfg.TrueKnee(), "%+v", r.Knee)
	require.Less(t, *r.Knee.HighPerGPU, 64.0+1e-9, "%+v", r.Knee)
	byLevel := map[float64]knee.Verdict{}
	for _, pr := range r.Points {
		byLevel[pr.PerGPU] = pr.Verdict
	}
	require.Equal(t, knee.VerdictPastKnee, byLevel[64], "%+v", r.Points)
	require.Equal(t, knee.VerdictSubKnee, byLevel[8], "%+v", r.Points)
}

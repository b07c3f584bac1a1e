package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep/store"
)

// knee sweep --telemetry pointed at the simulated server's DCGM series
// gives every level tokens_per_joule, gpu_power_w and (with a price)
// usd_per_mtok within 5% of the simulator's closed form (simulated, not
// measured): P(b) = min(700, 100 + 4·b) W per GPU, X(c) from the queueing
// model, usd = price × GPUs ÷ 3600 ÷ X × 10⁶.
func TestSweepTelemetryMatchesSimulatorClosedForm(t *testing.T) {
	cfg := simserver.Config{GPUs: 2, BatchPerGPU: 8, StepBase: 2 * time.Millisecond, StepPerSeq: 250 * time.Microsecond,
		TimeScale: 1, Seed: 1, PowerIdleW: 100, PowerPerSeqW: 40, PowerLimitW: 350}
	srv := simserver.New(cfg)
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := runKneeCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "2", "--per-gpu", "2,8",
		"--requests-per-concurrency", "24", "--input-tokens", "8", "--output-tokens", "32", "--metrics", "none",
		"--telemetry", url+"/metrics", "--gpu-hour-price", "2.5", "--stop-past-knee=false", "--out", dir)
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, "gpu telemetry: sampling "+url+"/metrics every second (2 GPUs)")
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	for _, p := range s.Points {
		c := *p.PerGPU
		require.NotNil(t, p.GPU, "level %g", c)
		require.Equal(t, "counter", p.GPU.EnergyFrom)
		require.Len(t, p.GPU.GPUs, 2)
		wantP := cfg.ModelPowerW(c, 8, 32)
		wantTPJ := cfg.ModelTokensPerJoule(c, 8, 32)
		t.Logf("per_gpu %g: power %.1f W (model %.1f), tokens/J %.4f (model %.4f), X %.1f tok/s (model %.1f)",
			c, *p.GPUPowerW, wantP, *p.TokensPerJoule, wantTPJ, p.ThroughputTokS, cfg.ModelThroughput(c, 8, 32))
		require.InEpsilon(t, wantP, *p.GPUPowerW, 0.05, "gpu_power_w at %g/GPU", c)
		require.InEpsilon(t, wantTPJ, *p.TokensPerJoule, 0.05, "tokens_per_joule at %g/GPU", c)
		require.InEpsilon(t, 2.5*2/3600/p.ThroughputTokS*1e6, *p.USDPerMTok, 1e-9)
		require.NotNil(t, p.JoulesPerRequest)
		require.Equal(t, 350.0, *p.GPU.GPUs[0].PowerLimitW)
	}
	// find: the telemetry columns, and the power cap at 8/GPU, where the
	// model asks 100 + 40·8 = 420 W of a 350 W limit.
	code, out, errs := runKneeCLI(t, "find", dir)
	require.Contains(t, []int{0, 3}, code, errs)
	require.Contains(t, out, "GPU W")
	require.Contains(t, out, "tok/J")
	require.Contains(t, out, "$/Mtok")
	require.Regexp(t, `limit at 8/GPU: .*; power cap: 350 W of 350 W, clocks throttled`, out)
	require.NotRegexp(t, `limit at 2/GPU: .*power cap`, out)
	code, out, errs = runKneeCLI(t, "diff", dir, dir)
	require.Contains(t, []int{0, 1}, code, errs)
	require.Contains(t, out, "tok/J")
	require.Contains(t, out, "$/Mtok")
	// Recorded in the results folder, read back by import.
	code, out, errs = runKneeCLI(t, "import", dir, "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"tokens_per_joule"`)
	require.Contains(t, out, `"energy_from": "counter"`)
	code, out, errs = runKneeCLI(t, "compare", dir, "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"tokens_per_joule"`)

	raws, _ := filepath.Glob(filepath.Join(dir, "levels", "*", "telemetry.json"))
	require.Len(t, raws, 2)
	b, err := os.ReadFile(raws[0])
	require.NoError(t, err)
	var rec struct {
		Samples []struct {
			GPUs []map[string]any `json:"gpus"`
		} `json:"samples"`
	}
	require.NoError(t, json.Unmarshal(b, &rec))
	require.GreaterOrEqual(t, len(rec.Samples), 2)
	require.Equal(t, "GPU-simulated-0000", rec.Samples[0].GPUs[0]["uuid"])
}

// A missing exporter is a note, never a lost level; --telemetry off and a
// bad URL or price are handled before any level runs.
func TestSweepTelemetryMissingExporterIsANote(t *testing.T) {
	srv := simserver.New(simserver.Config{GPUs: 1, BatchPerGPU: 8, StepBase: time.Millisecond, Seed: 1})
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	base := []string{"sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "2", "--min-requests", "8",
		"--input-tokens", "8", "--output-tokens", "4", "--metrics", "none"}
	dir := filepath.Join(t.TempDir(), "dead")
	code, _, errs := runKneeCLI(t, append(base, "--telemetry", "http://user:secret@127.0.0.1:1/metrics", "--out", dir)...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, "gpu telemetry: metrics http://user:xxxxx@127.0.0.1:1/metrics: ")
	require.Contains(t, errs, "sampling anyway, levels without samples carry no telemetry")
	require.NotContains(t, errs, "secret")
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
	require.Nil(t, s.Points[0].GPU)
	require.Nil(t, s.Points[0].TokensPerJoule)

	off := filepath.Join(t.TempDir(), "off")
	code, _, errs = runKneeCLI(t, append(base, "--telemetry", "off", "--gpu-hour-price", "4", "--out", off)...)
	require.Equal(t, 0, code, errs)
	require.NotContains(t, errs, "gpu telemetry")
	s, err = store.Load(off)
	require.NoError(t, err)
	require.Nil(t, s.Points[0].GPU)
	require.InDelta(t, 4.0/3600/s.Points[0].ThroughputTokS*1e6, *s.Points[0].USDPerMTok, 1e-9, "a price alone prices the level")
	code, _, errs = runKneeCLI(t, append(base, "--telemetry", "ftp://x", "--out", filepath.Join(t.TempDir(), "bad"))...)
	require.Equal(t, 2, code, errs)
	require.Contains(t, errs, "--telemetry")
	code, _, errs = runKneeCLI(t, append(base, "--gpu-hour-price", "-2", "--out", filepath.Join(t.TempDir(), "bad2"))...)
	require.Equal(t, 2, code, errs)
	require.Contains(t, errs, "--gpu-hour-price")
}

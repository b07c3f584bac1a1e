package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/sweep/store"
)

// standinHarness builds the stand-in Python harness (see
// internal/drivers/runner/local/testdata/standin: it replays real recorded output).
func standinHarness(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "inference-perf")
	out, err := exec.Command("go", "build", "-o", bin, "../../internal/drivers/runner/local/testdata/standin").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

// childArgs is how the SIGINT test runs knee in a child process: the test
// binary re-runs itself with this variable set and calls execute, the same
// function main calls, so no separate build of knee is needed.
const childArgs = "KNEE_SWEEP_TEST_CHILD_ARGS"

// A real Ctrl-C: SIGINT to a running `knee sweep` process. The level in
// flight is abandoned, every finished level is on disk, and --resume
// measures exactly the levels that are missing.
func TestSweepSIGINTKeepsFinishedLevelsAndResumeCompletesTheLadder(t *testing.T) {
	if args := os.Getenv(childArgs); args != "" {
		os.Exit(execute(strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
	}
	url := sweepTestServer(t)
	dir := filepath.Join(t.TempDir(), "run")
	var errb bytes.Buffer
	args := sweepTestArgs(url, dir, "--stop-past-knee=false", "--per-gpu", "2,4,8,16", "--min-requests", "200")
	cmd := exec.Command(os.Args[0], "-test.run=^TestSweepSIGINTKeepsFinishedLevelsAndResumeCompletesTheLadder$")
	cmd.Env = append(os.Environ(), childArgs+"="+strings.Join(args, "\x1f"))
	cmd.Stderr = &errb
	require.NoError(t, cmd.Start())
	deadline := time.Now().Add(60 * time.Second)
	for {
		if s, err := store.Load(dir); err == nil && len(s.Points) >= 1 {
			break
		}
		require.True(t, time.Now().Before(deadline), "no level finished: %s", errb.String())
		time.Sleep(10 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("knee sweep did not stop after SIGINT: %s", errb.String())
	case err := <-done:
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee)
		require.Equal(t, 130, ee.ExitCode(), errb.String()) // 128 + SIGINT, as a shell reports it
	}
	require.Contains(t, errb.String(), "interrupted")
	require.Contains(t, errb.String(), "continue with: knee sweep --resume "+dir)
	s, err := store.Load(dir)
	require.NoError(t, err)
	kept := len(s.Points)
	require.GreaterOrEqual(t, kept, 1)

	code, _, errs := sweepCLI(t, "sweep", "--resume", dir)
	require.Equal(t, 0, code, errs)
	s, err = store.Load(dir)
	require.NoError(t, err)
	var levels []float64
	for _, p := range s.Points {
		levels = append(levels, *p.PerGPU)
	}
	require.Equal(t, []float64{2, 4, 8, 16}, levels)
}

// `knee sweep --harness inference-perf` end to end through the CLI, with
// the stand-in executable replaying the recorded v0.6.1 run (the real tool
// cannot be installed here): one process per level, the recorded stage
// numbers in sweep.json, the completion API chosen for inference-perf.
func TestSweepWithInferencePerfStandInThroughTheCLI(t *testing.T) {
	standin := standinHarness(t)
	t.Setenv("KNEE_REPLAY", fixtures.Path("inference-perf/simserver-v0.6.1-concurrent-sweep/stdout.log"))
	dir := filepath.Join(t.TempDir(), "run")
	code, out, errs := sweepCLI(t, "sweep", "--harness", "inference-perf", "--harness-bin", standin, "--endpoint", "http://127.0.0.1:18000",
		"--model", "sim-llm", "--gpus", "1", "--per-gpu", "16,64,128,256", "--min-requests", "32", "--requests-per-concurrency", "4",
		"--stop-past-knee=false", "--out", dir, "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"harness": "inference-perf"`)
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.InDelta(t, 4000, s.Points[3].ThroughputTokS, 1000, "recorded saturation near 4060 tok/s (SOURCES.md)")
	p, err := store.ReadPlan(dir)
	require.NoError(t, err)
	require.Equal(t, "completion", p.API)
	require.FileExists(t, filepath.Join(dir, "levels", "003-256", "config.yaml"))
}

// The issue's command on the local runner, through the CLI: `knee sweep
// --harness inference-perf --rate … --arrivals poisson --input-dist
// uniform:64-512` hands inference-perf one config with a poisson stage per
// rate and the distribution, and reads its report back as one rate level
// per rate. The
// stand-in replays real stages of the KubeCon demo report, so the rates
// are ones it offered (31.4 and 61.79 req/s).
func TestSweepRateLadderWithAWorkloadOnInferencePerf(t *testing.T) {
	standin := standinHarness(t)
	t.Setenv("KNEE_REPLAY_RATES", fixtures.Path("inference-perf/kubecon-na-2025-vllm"))
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, "sweep", "--harness", "inference-perf", "--harness-bin", standin, "--endpoint", "http://127.0.0.1:18000",
		"--model", "sim-llm", "--gpus", "1", "--api", "completion", "--rate", "31.4,61.79", "--arrivals", "poisson", "--rate-duration", "60s",
		"--input-dist", "uniform:64-512", "--out", dir)
	require.Equal(t, 0, code, errs)
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	rates := []float64{*s.Points[0].RequestedRate, *s.Points[1].RequestedRate}
	require.ElementsMatch(t, []float64{31.4, 61.79}, rates)
	cfg, err := os.ReadFile(filepath.Join(dir, "levels", "001-61.79rps", "config.yaml"))
	require.NoError(t, err)
	// One inference-perf run: a poisson stage per rate, read back per stage.
	require.Contains(t, string(cfg), "type: poisson\n    stages:\n        - rate: 31.4\n          duration: 60\n        - rate: 61.79\n          duration: 60\n")
	require.Contains(t, string(cfg), "input_distribution:\n        type: uniform\n        mean: 288\n        min: 64\n        max: 512\n")
}

// The workload recorded in plan.json and sweep.json is the same whatever
// the harness: the built-in client against the test server and
// inference-perf (the stand-in) record the identical workload for the
// same flags, so diff and merges compare them.
func TestRecordedWorkloadIsTheSameOnEveryHarness(t *testing.T) {
	standin := standinHarness(t)
	t.Setenv("KNEE_REPLAY", fixtures.Path("inference-perf/simserver-v0.6.1-concurrent-sweep/stdout.log"))
	work := []string{"--input-dist", "uniform:64-512", "--output-dist", "normal:128,16,192", "--ignore-eos=false", "--api", "completion"}
	ipDir := filepath.Join(t.TempDir(), "ip")
	code, _, errs := sweepCLI(t, append([]string{"sweep", "--harness", "inference-perf", "--harness-bin", standin, "--endpoint", "http://127.0.0.1:18000",
		"--model", "sim-llm", "--gpus", "1", "--per-gpu", "16", "--min-requests", "32", "--requests-per-concurrency", "4", "--out", ipDir}, work...)...)
	require.Equal(t, 0, code, errs)
	url := sweepTestServer(t)
	biDir := filepath.Join(t.TempDir(), "builtin")
	code, _, errs = sweepCLI(t, append([]string{"sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "2",
		"--min-requests", "8", "--request-timeout", "10s", "--out", biDir}, work...)...)
	require.Equal(t, 0, code, errs)
	ip, err := store.Load(ipDir)
	require.NoError(t, err)
	bi, err := store.Load(biDir)
	require.NoError(t, err)
	require.NotNil(t, ip.Workload)
	require.Equal(t, bi.Workload, ip.Workload)
	ipPlan, err := store.ReadPlan(ipDir)
	require.NoError(t, err)
	biPlan, err := store.ReadPlan(biDir)
	require.NoError(t, err)
	require.Equal(t, biPlan.Workload, ipPlan.Workload)
	require.Equal(t, "inference-perf", ipPlan.Harness)
}

// The issue's exact command: `knee sweep --harness inference-perf --rate
// 2,4 --arrivals poisson --input-dist uniform:64-512` hands inference-perf
// one config with poisson stages at 2 and 4 req/s (--min-requests 1000 at
// each rate: 500 s and 250 s) and the distribution. No real report at 2
// and 4 req/s exists to replay, so the stand-in fails the run after it was
// handed the config, which each level folder keeps; the read-back at rates
// a real report offered is TestSweepRateLadderWithAWorkloadOnInferencePerf.
func TestSweepIssueCommandHandsInferencePerfPoissonStages(t *testing.T) {
	standin := standinHarness(t)
	t.Setenv("KNEE_REPLAY_RATES", fixtures.Path("inference-perf/kubecon-na-2025-vllm"))
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, "sweep", "--harness", "inference-perf", "--rate", "2,4", "--arrivals", "poisson", "--input-dist", "uniform:64-512",
		"--harness-bin", standin, "--endpoint", "http://127.0.0.1:18000", "--model", "sim-llm", "--gpus", "1", "--api", "completion", "--out", dir)
	require.Equal(t, 1, code, errs)
	require.Contains(t, errs, "no recorded stage offered 2 req/s")
	for _, lvl := range []string{"000-2rps", "001-4rps"} {
		cfg, err := os.ReadFile(filepath.Join(dir, "levels", lvl, "config.yaml"))
		require.NoError(t, err)
		require.Contains(t, string(cfg), "load:\n    type: poisson\n    stages:\n        - rate: 2\n          duration: 500\n        - rate: 4\n          duration: 250\n")
		require.Contains(t, string(cfg), "data:\n    type: random\n    input_distribution:\n        type: uniform\n        mean: 288\n        min: 64\n        max: 512\n")
	}
}

// With engine metrics sampled (the simulated server serves /metrics), a
// sample window is one level's: each rate runs as its own inference-perf
// process of one stage, and knee says so.
func TestSweepRateLadderOnInferencePerfWithEngineMetricsRunsARunPerRate(t *testing.T) {
	standin := standinHarness(t)
	t.Setenv("KNEE_REPLAY_RATES", fixtures.Path("inference-perf/kubecon-na-2025-vllm"))
	url := sweepTestServer(t)
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, "sweep", "--harness", "inference-perf", "--harness-bin", standin, "--endpoint", url,
		"--model", "sim-llm", "--gpus", "1", "--api", "completion", "--rate", "31.4,61.79", "--rate-duration", "60s", "--out", dir)
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, "engine metrics: sampled per level, so inference-perf runs one process per level")
	for _, lvl := range []string{"000-31.4rps", "001-61.79rps"} {
		cfg, err := os.ReadFile(filepath.Join(dir, "levels", lvl, "config.yaml"))
		require.NoError(t, err)
		require.Equal(t, 1, strings.Count(string(cfg), "- rate: "), lvl)
	}
}

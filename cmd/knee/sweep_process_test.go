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

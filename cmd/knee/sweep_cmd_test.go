package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// sweepTestServer is a real simulated server on 127.0.0.1, small enough that a
// level takes well under a second: 1 GPU, batch 8.
func sweepTestServer(t *testing.T, faults ...simserver.Fault) string {
	t.Helper()
	srv := simserver.New(simserver.Config{GPUs: 1, BatchPerGPU: 8, StepBase: 2 * time.Millisecond, StepPerSeq: 100 * time.Microsecond,
		PrefillPerToken: 10 * time.Microsecond, Seed: 1, Faults: faults})
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	return url
}

func sweepTestArgs(url, dir string, extra ...string) []string {
	return append([]string{"sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "2,4,8",
		"--min-requests", "24", "--requests-per-concurrency", "2", "--input-tokens", "16", "--output-tokens", "8",
		"--request-timeout", "10s", "--out", dir}, extra...)
}

func sweepCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runKneeCLI(t, args...)
}

func TestSweepCommandWritesAResultsFolderThatAnalysisReads(t *testing.T) {
	url := sweepTestServer(t)
	dir := filepath.Join(t.TempDir(), "run")
	code, out, errs := sweepCLI(t, sweepTestArgs(url, dir, "--stop-past-knee=false")...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "tok/s")
	require.Contains(t, errs, "results: ")
	require.Contains(t, errs, "finished: the sweep: 3 level(s) measured, 0 already done\n")
	require.NotContains(t, errs, "finished: sweep finished", "the event kind is not repeated in its message")

	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Equal(t, "builtin", s.Harness)
	require.Equal(t, 1, s.GPUs)
	require.Len(t, s.Points, 3)
	for i, pg := range []float64{2, 4, 8} {
		p := s.Points[i]
		require.Equal(t, pg, *p.PerGPU)
		require.Equal(t, 24, *p.Requests, "max(24, 2×%g)", pg)
		require.Equal(t, 0, *p.Failures)
		require.Greater(t, p.ThroughputTokS, 0.0)
		require.FileExists(t, filepath.Join(dir, store.LevelDir(sweepLevel(i, int(pg))), "summary.json"))
	}

	// Every analysis command accepts the folder.
	code, out, errs = sweepCLI(t, "import", dir, "-o", "json")
	require.Equal(t, 0, code, errs)
	var imported struct {
		Points []json.RawMessage `json:"points"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &imported))
	require.Len(t, imported.Points, 3)
}

func TestSweepResumeRefusesAFolderFromAnotherPlan(t *testing.T) {
	url := sweepTestServer(t)
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, sweepTestArgs(url, dir, "--per-gpu", "2")...)
	require.Equal(t, 0, code, errs)

	code, _, errs = sweepCLI(t, "sweep", "--resume", dir, "--per-gpu", "2,4")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "per_gpu: this folder was made by another plan: per_gpu is 2 there but 2,4 now")

	code, _, errs = sweepCLI(t, "sweep", "--resume", dir, "--output-tokens", "64")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "output_tokens")

	// Restating nothing resumes: all levels are done, nothing runs.
	code, _, errs = sweepCLI(t, "sweep", "--resume", dir)
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, "1 of 1 levels already measured")

	code, _, errs = sweepCLI(t, sweepTestArgs(url, dir)...)
	require.Equal(t, 2, code)
	require.Contains(t, errs, "already holds a knee sweep; continue it with --resume")
}

func TestSweepCtrlCThenResumeMeasuresEveryLevelOnce(t *testing.T) {
	url := sweepTestServer(t)
	dir := filepath.Join(t.TempDir(), "run")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { // Ctrl-C as soon as the first level is on disk
		for ctx.Err() == nil {
			if s, err := store.Load(dir); err == nil && len(s.Points) >= 1 {
				cancel()
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	var out, errb bytes.Buffer
	root := newRootCmd(&out, &errb)
	root.SetArgs(sweepTestArgs(url, dir, "--stop-past-knee=false"))
	err := root.ExecuteContext(ctx)
	require.ErrorIs(t, err, context.Canceled)
	require.Contains(t, err.Error(), "continue with: knee sweep --resume "+dir)
	s, lerr := store.Load(dir)
	require.NoError(t, lerr)
	kept := len(s.Points)
	require.GreaterOrEqual(t, kept, 1)
	require.Less(t, kept, 3)

	code, _, errs := sweepCLI(t, "sweep", "--resume", dir, "--stop-past-knee=false")
	require.Equal(t, 0, code, errs)
	s, lerr = store.Load(dir)
	require.NoError(t, lerr)
	require.Len(t, s.Points, 3)
	var levels []float64
	for _, p := range s.Points {
		levels = append(levels, *p.PerGPU)
		require.Equal(t, 0, p.Repeat, "no level measured twice")
	}
	require.Equal(t, []float64{2, 4, 8}, levels)
	ev, rerr := os.ReadFile(filepath.Join(dir, store.EventsFile))
	require.NoError(t, rerr)
	require.Contains(t, string(ev), "stopped interrupted")
	require.Contains(t, string(ev), "resumed")
}

func TestSweepUnreachableEndpointFailsTheLevelWithAClearMessage(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	url := "http://" + l.Addr().String()
	require.NoError(t, l.Close()) // nothing listens there now

	// Issue 31 item 8: the endpoint is checked before the first level, so
	// no level is spent on it, with or without --keep-going; the folder is
	// kept for --resume once the server is up.
	for _, extra := range [][]string{nil, {"--keep-going"}} {
		dir := filepath.Join(t.TempDir(), "run")
		code, _, errs := sweepCLI(t, sweepTestArgs(url, dir, extra...)...)
		require.Equal(t, 1, code)
		require.Contains(t, errs, "knee: endpoint "+url+" does not answer (checked before the first level): dial tcp ")
		require.Contains(t, errs, "--resume "+dir)
		require.NotContains(t, errs, "level 0:")
		require.NoFileExists(t, filepath.Join(dir, "levels", "000-2", store.PointFile))
	}
}

func TestSweepRecords503BurstsAsFailuresByLabel(t *testing.T) {
	url := sweepTestServer(t, simserver.Fault{Kind: simserver.FaultStatus, Status: 503, Every: 10, Burst: 2})
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, sweepTestArgs(url, dir, "--per-gpu", "2,4")...)
	require.Equal(t, 0, code, errs)
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	for _, p := range s.Points {
		require.Greater(t, p.FailureLabels["http_503"], 0)
		require.Equal(t, *p.Failures, p.FailureLabels["http_503"])
	}
}

func TestSweepFlagErrorsExitTwo(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "--endpoint", "http://127.0.0.1:1", "--gpus", "1"}, "give the ladder"},
		// A typo in --runner or --harness is named before the missing ladder.
		{[]string{"sweep", "--runner", "foo"}, `--runner: must be local or kube, got "foo"`},
		{[]string{"sweep", "--harness", "locust"}, `--harness: must be builtin, inference-perf or aiperf, got "locust"`},
		{[]string{"sweep", "--endpoint", "http://127.0.0.1:1", "--gpus", "1", "--per-gpu", "128,64"}, "levels must increase"},
		{[]string{"sweep", "--endpoint", "http://127.0.0.1:1", "--gpus", "1", "--ladder", "16:8:x2"}, "--ladder"},
		{[]string{"sweep", "--endpoint", "http://127.0.0.1:1", "--gpus", "1", "--per-gpu", "8", "--ladder", "8:16:x2"}, "not both"},
		{[]string{"sweep", "--endpoint", "http://127.0.0.1:1", "--per-gpu", "8"}, "--gpus"},
		{[]string{"sweep", "--gpus", "1", "--per-gpu", "8"}, "--endpoint"},
		{[]string{"sweep", "--endpoint", "ftp://x", "--gpus", "1", "--per-gpu", "8"}, "--endpoint"},
		{[]string{"sweep", "--endpoint", "http://127.0.0.1:1", "--gpus", "1", "--per-gpu", "8", "--harness", "locust"}, "--harness"},
		{[]string{"sweep", "--endpoint", "http://127.0.0.1:1", "--gpus", "1", "--per-gpu", "8", "--harness", "inference-perf",
			"--api", "completion", "--model", "m", "--harness-bin", "/nonexistent/inference-perf"}, "--harness builtin"},
		{[]string{"sweep", "--resume", "/nonexistent/folder"}, "not a knee results folder"},
		{[]string{"sweep", "--endpoint", "http://127.0.0.1:1", "--gpus", "1", "--per-gpu", "8", "-o", "yaml"}, "-o yaml"},
	} {
		code, _, errs := sweepCLI(t, tc.args...)
		require.Equal(t, 2, code, "%v: %s", tc.args, errs)
		require.Contains(t, errs, tc.want, tc.args)
	}
}

func sweepLevel(i, perGPU int) sweep.Level { return sweep.Level{Index: i, PerGPU: perGPU} }

func TestSweepRefusesAnUnrunnableHarnessPlanBeforeCreatingAFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, "sweep", "--harness", "inference-perf", "--api", "chat", "--endpoint", "http://127.0.0.1:1",
		"--model", "m", "--gpus", "1", "--per-gpu", "8", "--out", dir)
	require.Equal(t, 2, code)
	require.Contains(t, errs, "--api")
	require.NoDirExists(t, dir)

	code, _, errs = sweepCLI(t, "sweep", "--harness", "aiperf", "--endpoint", "http://127.0.0.1:1", "--gpus", "1", "--per-gpu", "8", "--out", dir)
	require.Equal(t, 2, code)
	require.Contains(t, errs, "--model")
	require.NoDirExists(t, dir)
}

func TestSweepStalledStreamsFailByTimeoutAndTheSweepGoesOn(t *testing.T) {
	url := sweepTestServer(t, simserver.Fault{Kind: simserver.FaultStall, Every: 8, Burst: 1, AfterTokens: 2})
	dir := filepath.Join(t.TempDir(), "run")
	start := time.Now()
	code, _, errs := sweepCLI(t, sweepTestArgs(url, dir, "--per-gpu", "2,4", "--request-timeout", "1s")...)
	require.Equal(t, 0, code, errs)
	require.Less(t, time.Since(start), 30*time.Second, "stalls end at the request timeout")
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	for _, p := range s.Points {
		require.Greater(t, p.FailureLabels["timeout"], 0, "%v", p.FailureLabels)
		require.Greater(t, *p.Requests, 0)
	}
}

func TestSweepWrongPathFailsEveryRequestAndStopsWithTheLabel(t *testing.T) {
	url := sweepTestServer(t)
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, sweepTestArgs(url+"/wrong/v1/completions", dir, "--api", "completion")...)
	require.Equal(t, 1, code)
	require.Regexp(t, `level 0: 2/GPU \(2 in flight, 24 requests\) failed: every request failed \((\d+) failures: http_404×(\d+)\)`, errs)
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Empty(t, s.Points)
	require.Len(t, s.Notes, 1)
	require.Contains(t, s.Notes[0], "http_404")
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// runBoundedCLI runs knee and fails the test when it does not end within
// 20 s (a FIFO kubeconfig waited for a writer; --input-tokens 2e9 built
// gigabyte prompts until the kernel killed knee).
func runBoundedCLI(t *testing.T, args ...string) (int, string) {
	t.Helper()
	type res struct {
		code int
		errs string
	}
	done := make(chan res, 1)
	go func() { c, _, e := runKneeCLI(t, args...); done <- res{c, e} }()
	select {
	case r := <-done:
		return r.code, r.errs
	case <-time.After(20 * time.Second):
		t.Fatalf("knee %v did not end", args)
		return 0, ""
	}
}

// Issue 21 item 3: the size flags are refused as they are parsed, naming
// the flag and the bound (exit 2), before any level or prompt is built: a
// 2e9-token prompt used to be built 256 times, and the kernel killed knee.
func TestSweepSizeFlagsAreBounded(t *testing.T) {
	base := []string{"sweep", "--endpoint", "http://127.0.0.1:1", "--per-gpu", "8", "--gpus", "1", "--model", "m"}
	for _, tc := range []struct {
		flag, value, want string
	}{
		{"--input-tokens", "2e9", `knee: invalid argument "2e9" for "--input-tokens" flag: 2e9 is more than knee's bound of 1048576 tokens`},
		{"--input-tokens", "2000000000", `knee: invalid argument "2000000000" for "--input-tokens" flag: 2000000000 is more than knee's bound of 1048576 tokens`},
		{"--output-tokens", "2e9", `knee: invalid argument "2e9" for "--output-tokens" flag: 2e9 is more than knee's bound of 1048576 tokens`},
		{"--min-requests", "2000000000", `knee: invalid argument "2000000000" for "--min-requests" flag: 2000000000 is more than knee's bound of 1000000 requests`},
		{"--requests-per-concurrency", "1e7", `knee: invalid argument "1e7" for "--requests-per-concurrency" flag: 1e7 is more than knee's bound of 1000000 requests`},
		{"--requests-per-concurrency", "200000", "knee: plan: --requests-per-concurrency: 200000 × 8 in flight (8/GPU) is 1600000 requests, more than knee's bound of 1000000 requests per level"},
		{"--gpus", "2000000000", "knee: plan: --gpus: 2000000000 is more than knee's bound of 1000000 GPUs"},
		{"--per-gpu", "2000000000", "knee: plan: --per-gpu: 2000000000/GPU × 1 GPUs is more than knee's bound of 1000000 requests in flight"},
	} {
		out := filepath.Join(t.TempDir(), "run")
		code, errs := runBoundedCLI(t, append(append([]string{}, base...), tc.flag, tc.value, "--out", out)...)
		require.Equal(t, exitUsage, code, errs)
		require.Contains(t, errs, tc.want)
		require.NoDirExists(t, out)
	}

	// A plan.json edited to such a size is refused on --resume the same way.
	dir := filepath.Join(t.TempDir(), "run")
	p := sweep.Plan{ID: "x", PerGPU: []int{8}, GPUs: 1, Model: "m", Endpoint: "http://127.0.0.1:1", API: "chat",
		InputTokens: 2_000_000_000, OutputTokens: 128, MinRequests: 10, RequestsPerConcurrency: 1, Harness: "builtin", Runner: "local"}
	st, err := store.Create(dir, p)
	require.NoError(t, err)
	st.Close()
	code, errs := runBoundedCLI(t, "sweep", "--resume", dir)
	require.Equal(t, exitUsage, code, errs)
	require.Contains(t, errs, "knee: plan: --input-tokens: 2000000000 is more than knee's bound of 1048576 tokens")

	// And a plan.json of 10M levels, before any is expanded.
	b, err := json.Marshal(map[string]any{"id": "x", "gpus": 1, "per_gpu": make([]int, 10_000_000)})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, store.PlanFile), b, 0o644))
	code, errs = runBoundedCLI(t, "sweep", "--resume", dir)
	require.Equal(t, exitUsage, code, errs)
	require.Contains(t, errs, filepath.Join(dir, store.PlanFile)+": is larger than 4 MB")
}

// Issue 21 item 3: a hand-typed `knee sweep --runner kube` whose kubeconfig
// (--kubeconfig or KUBECONFIG) is /dev/zero or a FIFO is refused at once,
// naming the file (exit 2): client-go read /dev/zero without end and
// waited on the FIFO for a writer.
func TestSweepKubeconfigIsReadBounded(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	args := []string{"sweep", "--runner", "kube", "--harness", "aiperf", "--service", "s", "--per-gpu", "8", "--model", "m"}
	for _, k := range []string{"/dev/zero", fifo} {
		out := filepath.Join(t.TempDir(), "run")
		code, errs := runBoundedCLI(t, append(append([]string{}, args...), "--kubeconfig", k, "--out", out)...)
		require.Equal(t, exitUsage, code, errs)
		require.Contains(t, errs, "knee: "+k+": --kubeconfig: is a ")
		require.Contains(t, errs, "not a regular file (a kubeconfig must be a file)")
		require.NoDirExists(t, out)

		t.Setenv("KUBECONFIG", k)
		code, errs = runBoundedCLI(t, append(append([]string{}, args...), "--out", out)...)
		require.Equal(t, exitUsage, code, errs)
		require.Contains(t, errs, "knee: "+k+": KUBECONFIG: is a ")
		require.NoDirExists(t, out)
	}
}

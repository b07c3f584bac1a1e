package main

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep/store"
)

// Issue 27 item 1, end to end: `knee sweep --search --slo ttft_p99=1s`
// against a simulated server that fails every other request crashed after
// its first level (a nil SLO edge in knee's SLO summary), exit 2, and
// every --resume crashed again. Every level is invalid (errors_present):
// a finding, so the sweep ends as its search decides (exit 0), resumes,
// and find, baseline and diff read the folder.
func TestSweepSearchWithAnSLOOnAServerFailingHalfItsRequests(t *testing.T) {
	cfg := simserver.Config{GPUs: 1, BatchPerGPU: 40, StepBase: 8 * time.Millisecond, StepPerSeq: 40 * time.Microsecond,
		PrefillPerToken: 10 * time.Microsecond, Seed: 1,
		Faults: []simserver.Fault{{Kind: simserver.FaultStatus, Status: 500, Every: 2}}}
	srv := simserver.New(cfg)
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	dir := filepath.Join(t.TempDir(), "run")
	args := searchArgs(url, dir, "--slo", "ttft_p99=1s", "--max-levels", "3")

	code, _, errs := sweepCLI(t, args...)
	require.Equal(t, exitOK, code, errs)
	require.NotContains(t, errs, "panic")
	// The search ends itself, saying why; the folder is finished.
	require.Contains(t, errs, "search: done: 4/GPU is invalid (errors_present)")
	require.Contains(t, errs, "finished: the sweep: 1 level(s) measured")
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 1)

	code, _, errs = sweepCLI(t, "sweep", "--resume", dir)
	require.Equal(t, exitOK, code, errs)
	require.NotContains(t, errs, "panic")

	for _, cmd := range [][]string{{"find", dir}, {"baseline", dir}, {"diff", dir, dir}} {
		code, out, errs := runKneeCLI(t, append(cmd, "--slo", "ttft_p99=1s")...)
		require.NotEqual(t, exitUsage, code, "%v: %s", cmd, errs)
		require.NotContains(t, errs, "panic", cmd)
		if cmd[0] == "find" {
			require.Equal(t, exitOK, code, errs)
			require.Contains(t, out, "every level invalid")
		}
	}
}

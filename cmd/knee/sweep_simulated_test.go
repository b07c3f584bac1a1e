package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep/store"
)

// The simulated server says what it is on every response (Knee-Simulated:
// true), so a sweep of it stores simulated points: find marks them, and
// baseline refuses to take a floor from them unless --allow-simulated.
func TestSweepOfTheSimulatedServerIsMarkedSimulated(t *testing.T) {
	url := sweepTestServer(t)
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, sweepTestArgs(url, dir, "--stop-past-knee=false")...)
	require.Equal(t, 0, code, errs)
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for _, p := range s.Points {
		require.True(t, p.Simulated, "%v", p.Concurrency)
	}
	require.Contains(t, strings.Join(s.Notes, "\n"), "simulated server")

	code, out, _ := runKneeCLI(t, "find", dir)
	require.Equal(t, 0, code)
	require.Contains(t, out, "(simulated)")
	code, out, _ = runKneeCLI(t, "baseline", dir, "--accept-unverified")
	require.Equal(t, exitRefused, code)
	require.Contains(t, out, "`simulated`")
}

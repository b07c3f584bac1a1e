package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// A plain sweep stops its levels by precision: plan.json records the rule
// (the defaults ±3%, 10 s–45 s, shortened here), each point why it
// stopped, and the estimate lines come before and after the level.
// The cap leaves room for several 1 s windows after warm-up even on a
// loaded machine (with 3 s, CI once recorded fewer than two). Simulated.
func TestSweepStopsLevelsByPrecisionByDefault(t *testing.T) {
	url := sweepTestServer(t)
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "4",
		"--input-tokens", "16", "--output-tokens", "8", "--level-min-duration", "1s", "--level-max-duration", "6s", "--out", dir)
	require.Equal(t, 0, code, errs)
	plan, err := store.ReadPlan(dir)
	require.NoError(t, err)
	assert.Equal(t, 0.03, plan.LevelPrecision)
	assert.Equal(t, 1.0, plan.LevelMinDurationS)
	assert.Equal(t, 6.0, plan.LevelMaxDurationS)
	assert.Contains(t, errs, "started: level 0: 4/GPU (4 in flight, until ±3%, 1s–6s)\n")
	assert.Contains(t, errs, "estimate: each level runs until ±3%, 1s–6s")
	assert.Contains(t, errs, "estimate: 4/GPU took ")
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
	assert.Contains(t, []string{sweep.StopPrecision, sweep.StopTimeCap}, s.Points[0].StopReason)
	assert.NotNil(t, s.Points[0].Windows)
}

// --min-requests given keeps the fixed counts (and says nothing of
// precision); with --level-precision too it is a usage error; a harness
// that cannot watch a level keeps counts, and --level-precision for it is
// refused naming the flag.
func TestSweepPrecisionFlags(t *testing.T) {
	url := sweepTestServer(t)
	dir := filepath.Join(t.TempDir(), "fixed")
	code, _, errs := sweepCLI(t, sweepTestArgs(url, dir, "--stop-past-knee=false")...)
	require.Equal(t, 0, code, errs)
	plan, err := store.ReadPlan(dir)
	require.NoError(t, err)
	assert.Zero(t, plan.LevelPrecision)
	assert.NotContains(t, errs, "estimate:")
	s, err := store.Load(dir)
	require.NoError(t, err)
	assert.Equal(t, sweep.StopFixedCount, s.Points[0].StopReason)

	code, _, errs = sweepCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "4",
		"--min-requests", "24", "--level-precision", "0.05", "--out", filepath.Join(t.TempDir(), "both"))
	assert.Equal(t, 2, code, errs)
	assert.Contains(t, errs, "give one or the other")

	code, _, errs = sweepCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "4",
		"--harness", "inference-perf", "--level-precision", "0.05", "--out", filepath.Join(t.TempDir(), "ip"))
	assert.Equal(t, 2, code, errs)
	assert.Contains(t, errs, "--level-precision")

	code, _, errs = sweepCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "4",
		"--level-precision", "2", "--out", filepath.Join(t.TempDir(), "bad"))
	assert.Equal(t, 2, code, errs)
	assert.Contains(t, errs, "--level-precision")
}

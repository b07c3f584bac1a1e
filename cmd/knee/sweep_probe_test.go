package main

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep/store"
)

// Issue 30's cap probe: engines that run at most 40 and 200 sequences (a
// sharp cap: past it requests only wait, and /metrics says so), swept by a
// default --search with short level bounds. The probe reads the cap before
// any level — ramping the requests in flight and stopping at the first step
// past the cap — the search measures half, the cap and 1.4× it — three levels,
// where the climb from 16 took five to seven — and recommends the cap.
// The engine's times are scaled ×3 (90 ms steps), so that 280 streams stay
// within what a loaded 2-core client drives. Simulated, not measured.
func TestSweepSearchReadsTheCapBeforeClimbing(t *testing.T) {
	for _, capPerGPU := range []int{40, 200} {
		t.Run(fmt.Sprint(capPerGPU), func(t *testing.T) {
			cfg := simserver.Config{GPUs: 1, BatchPerGPU: capPerGPU, StepBase: 30 * time.Millisecond, StepPerSeq: 20 * time.Microsecond, Seed: 1, TimeScale: 3}
			srv := simserver.New(cfg)
			url, err := srv.Start()
			require.NoError(t, err)
			t.Cleanup(func() { srv.Close() })
			dir := filepath.Join(t.TempDir(), "run")
			code, _, errs := sweepCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--search",
				"--input-tokens", "16", "--output-tokens", "16", "--level-min-duration", "2s", "--level-max-duration", "6s", "--out", dir)
			require.Equal(t, 0, code, errs)
			assert.Contains(t, errs, fmt.Sprintf("cap probe: the engine runs at most %d (%d/GPU) with requests waiting", capPerGPU, capPerGPU))
			// The ramp (64, 128, 256, 512/GPU) stops at its first step
			// past the cap: never the 512 it sent at once before.
			assert.Contains(t, errs, fmt.Sprintf("with requests waiting at %d in flight", map[int]int{40: 64, 200: 256}[capPerGPU]))
			plan, err := store.ReadPlan(dir)
			require.NoError(t, err)
			distinct := map[int]bool{}
			for _, pg := range plan.PerGPU {
				distinct[pg] = true
			}
			assert.LessOrEqual(t, len(distinct), 4, "%v", plan.PerGPU)
			assert.Equal(t, capPerGPU, plan.PerGPU[1], "the cap is measured at once: %v", plan.PerGPU)
			s, err := store.Load(dir)
			require.NoError(t, err)
			r, err := knee.Find(s, knee.DefaultOptions())
			require.NoError(t, err)
			require.NotNil(t, r.RecommendedPerGPU, r.RecommendationReason)
			assert.Equal(t, float64(capPerGPU), *r.RecommendedPerGPU, "levels %v: %s", plan.PerGPU, r.Knee.Detail)
			for _, p := range r.Points {
				if p.PerGPU <= float64(capPerGPU) {
					assert.NotEqual(t, knee.VerdictPastKnee, p.Verdict, "%g/GPU: none measured unsafe below the cap", p.PerGPU)
				}
			}
		})
	}
}

// --cap-probe=false climbs from --search-start as before, and so does a
// search given fixed counts.
func TestSweepSearchWithoutTheCapProbeClimbs(t *testing.T) {
	cfg := simserver.Config{GPUs: 1, BatchPerGPU: 40, StepBase: 30 * time.Millisecond, StepPerSeq: 20 * time.Microsecond, Seed: 1}
	srv := simserver.New(cfg)
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--search", "--cap-probe=false", "--max-levels", "2",
		"--input-tokens", "16", "--output-tokens", "16", "--min-requests", "40", "--requests-per-concurrency", "2", "--out", dir)
	require.Equal(t, 0, code, errs)
	assert.NotContains(t, errs, "cap probe")
	plan, err := store.ReadPlan(dir)
	require.NoError(t, err)
	assert.Equal(t, []int{16, 32}, plan.PerGPU)

	dir = filepath.Join(t.TempDir(), "fixed")
	code, _, errs = sweepCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--search", "--max-levels", "2",
		"--input-tokens", "16", "--output-tokens", "16", "--min-requests", "40", "--requests-per-concurrency", "2", "--out", dir)
	require.Equal(t, 0, code, errs)
	assert.NotContains(t, errs, "cap probe")
}

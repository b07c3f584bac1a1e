package run

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// slowFleet runs each level in a fixed time on a fake clock.
type slowFleet struct {
	*fleet
	mu   sync.Mutex
	now  time.Time
	took func(perGPU int) time.Duration
}

func (s *slowFleet) clock() time.Time { s.mu.Lock(); defer s.mu.Unlock(); return s.now }

func (s *slowFleet) RunLevel(ctx context.Context, p sweep.Plan, l sweep.Level) (*sweep.LevelResult, error) {
	s.mu.Lock()
	s.now = s.now.Add(s.took(l.PerGPU))
	s.mu.Unlock()
	return s.fleet.RunLevel(ctx, p, l)
}

// climbForever is a planner that always climbs ×2.
func climbForever(s *sweep.Sweep, tried []int) ([]int, bool, string) {
	top := tried[len(tried)-1]
	return []int{2 * top}, false, fmt.Sprintf("climb to %d", 2*top)
}

// runBudgeted runs a search from 16/GPU on a fleet whose levels take took,
// with deadline after the start.
func runBudgeted(t *testing.T, took func(int) time.Duration, deadline time.Duration) (*slowFleet, *Outcome, string) {
	st, _ := createPlan(t, 16)
	t0 := time.Date(2026, 12, 2, 11, 0, 0, 0, time.UTC)
	f := &slowFleet{fleet: newFleet(func(pg, _ int) float64 { return float64(pg) * 10 }), now: t0, took: took}
	var log bytes.Buffer
	out, err := RunAdaptive(context.Background(), st, AdaptiveOptions{
		Options: Options{Log: &log, Now: f.clock}, Planner: climbForever, Slots: []Slot{{Name: "l", Exec: f}},
		Deadline: t0.Add(deadline)})
	require.NoError(t, err, log.String())
	return f, out, log.String()
}

// A search that would climb forever stops once its budget leaves less
// than its longest level: levels of 50 s in a 3-minute budget run three
// (150 s), and the fourth, planned, is not started but left for --resume.
func TestSearchStopsWhenItsBudgetCannotHoldAnotherLevel(t *testing.T) {
	f, out, log := runBudgeted(t, func(int) time.Duration { return 50 * time.Second }, 3*time.Minute)
	assert.Len(t, out.Measured, 3, log)
	assert.Equal(t, 1, f.runs[16], "16/GPU ran once")
	assert.Zero(t, f.runs[128], "128/GPU would end past the deadline")
	assert.Contains(t, log, "search: done: the time budget leaves 30s, less than the longest level so far (50s): the search answers with the levels it measured (--search-budget; --resume continues with a fresh budget); 1 planned level(s) not run\n")
	assert.Contains(t, out.StoppedEarly, "the time budget leaves 30s")
}

// The longest level, not the last, sizes what is left: a slow level early
// in the search (a level at its time cap) keeps a later short one from
// being taken as the norm.
func TestSearchBudgetIsSizedByTheLongestLevel(t *testing.T) {
	_, out, log := runBudgeted(t, func(pg int) time.Duration {
		if pg == 16 {
			return 100 * time.Second
		}
		return 20 * time.Second
	}, 200*time.Second)
	// 16 (100 s), 32 (120 s): 80 s left, enough for 64/GPU's 20 s but not
	// for a level as long as the longest.
	assert.Len(t, out.Measured, 2, log)
	assert.Contains(t, log, "the time budget leaves 1m20s, less than the longest level so far (1m40s)")
}

// No deadline, no budget: the search runs until its planner is done.
func TestNoDeadlineMeansNoBudget(t *testing.T) {
	e := &engine{longest: time.Hour}
	assert.Empty(t, e.outOfTime(time.Time{}))
}

// A rate search keeps the same budget: rates of 50 s each in a 3-minute
// budget run three (2, 4 and 8 req/s); the fourth, decided and written to
// plan.json, is left for --resume.
func TestRateSearchStopsWhenItsBudgetCannotHoldAnotherRate(t *testing.T) {
	p := testPlan()
	p.PerGPU, p.Rates, p.Harness = nil, []float64{2}, "builtin"
	st, err := store.Create(filepath.Join(t.TempDir(), "out"), p)
	require.NoError(t, err)
	defer st.Close()
	t0 := time.Date(2026, 12, 2, 11, 0, 0, 0, time.UTC)
	now := t0
	exec := &scripted{tok: map[int]float64{0: 1000}, onRun: func(sweep.Level) { now = now.Add(50 * time.Second) }}
	rate := 2.0
	climb := func(*sweep.Sweep) ([]float64, bool, string) {
		rate *= 2
		return []float64{rate}, false, "kept up"
	}
	var log bytes.Buffer
	out, err := RunRateSearch(context.Background(), exec, st, climb, Options{Log: &log, Now: func() time.Time { return now }}, t0.Add(3*time.Minute))
	require.NoError(t, err, log.String())
	assert.Len(t, out.Measured, 3, log.String())
	assert.Contains(t, log.String(), "search: done: the time budget leaves 30s, less than the longest level so far (50s)")
	assert.Contains(t, log.String(), "; 1 planned rate(s) not run\n")
	assert.Contains(t, out.StoppedEarly, "the time budget leaves 30s")
	assert.Len(t, st.Plan().Levels(), 4, "the rate decided and not run stays in plan.json for --resume")
}

// goDownOnce climbs 16 → 32 → 64, then goes down to 8 once, then is done.
func goDownOnce(s *sweep.Sweep, tried []int) ([]int, bool, string) {
	switch len(tried) {
	case 1, 2:
		top := tried[len(tried)-1]
		return []int{2 * top}, false, fmt.Sprintf("climb to %d", 2*top)
	case 3:
		return []int{8}, false, "go down to 8"
	}
	return nil, true, "answered"
}

// A level below those measured is sized by the nearest level above it
// and a quarter, not by the longest of all: after 16 (40 s), 32 (60 s) and
// a slow 64 (150 s) — the H200 test bed's 352/GPU took 2m31s — 8/GPU starts
// with 70 s left (16's 40 s and a quarter: 50 s), which the longest level
// (150 s) would have refused. A climb past every level is still sized by
// the longest.
func TestSearchGoesDownWithinItsBudgetByTheNearestLevelAbove(t *testing.T) {
	st, _ := createPlan(t, 16)
	t0 := time.Date(2026, 12, 2, 11, 0, 0, 0, time.UTC)
	took := map[int]time.Duration{8: 30 * time.Second, 16: 40 * time.Second, 32: 60 * time.Second, 64: 150 * time.Second}
	f := &slowFleet{fleet: newFleet(func(pg, _ int) float64 { return float64(pg) * 10 }), now: t0, took: func(pg int) time.Duration { return took[pg] }}
	var log bytes.Buffer
	out, err := RunAdaptive(context.Background(), st, AdaptiveOptions{
		Options: Options{Log: &log, Now: f.clock}, Planner: goDownOnce, Slots: []Slot{{Name: "l", Exec: f}},
		Deadline: t0.Add(320 * time.Second)})
	require.NoError(t, err, log.String())
	assert.Len(t, out.Measured, 4, log.String())
	assert.Equal(t, 1, f.runs[8], "8/GPU ran in the 70 s left")
	assert.Contains(t, log.String(), "search: done: answered\n")

	e := &engine{longest: 150 * time.Second, tookAt: map[int]time.Duration{16: 40 * time.Second, 64: 150 * time.Second, 32: 60 * time.Second}, opts: Options{Now: func() time.Time { return t0 }}}
	assert.Empty(t, e.outOfTime(t0.Add(76*time.Second), sweep.Level{PerGPU: 24}), "32 took 60 s: 75 s with a quarter")
	assert.Contains(t, e.outOfTime(t0.Add(74*time.Second), sweep.Level{PerGPU: 24}), "the time budget leaves 1m14s, less than 24/GPU is expected to take (1m15s: the nearest level above it and a quarter)")
	assert.Contains(t, e.outOfTime(t0.Add(140*time.Second), sweep.Level{PerGPU: 128}), "less than the longest level so far (2m30s)")
}

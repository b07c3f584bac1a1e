package run

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// scripted is an Executor whose levels do what a test says. The numbers are
// simulated (shaped like the GB300 case: throughput collapses past 128/GPU);
// the engine's job under test is ordering, storing and stopping, not
// measuring — the real harnesses are tested against real servers elsewhere.
type scripted struct {
	tok     map[int]float64          // per-GPU level → tok/s
	fail    map[int]error            // per-GPU level → harness error
	allFail map[int]bool             // per-GPU level → every request failed
	block   map[int]bool             // per-GPU level → wait for ctx (Ctrl-C)
	onRun   func(l sweep.Level)      // called first
	cancel  context.CancelFunc       // called when a blocking level starts
	ran     []int                    // per-GPU levels run, in order
	raw     func(sweep.Level) []byte // raw output
}

func (s *scripted) RunLevel(ctx context.Context, p sweep.Plan, l sweep.Level) (*sweep.LevelResult, error) {
	s.ran = append(s.ran, l.PerGPU)
	if s.onRun != nil {
		s.onRun(l)
	}
	if s.block[l.PerGPU] {
		if s.cancel != nil {
			s.cancel()
		}
		<-ctx.Done()
		return nil, ctx.Err()
	}
	if err := s.fail[l.PerGPU]; err != nil {
		return &sweep.LevelResult{Raw: map[string][]byte{"stdout.log": []byte(err.Error())}, Harness: "scripted"}, err
	}
	pt := sweep.Point{Concurrency: float64(l.Concurrency), Requests: sweep.I(l.Requests), Failures: sweep.I(0),
		ThroughputTokS: s.tok[l.PerGPU], TTFT: sweep.Dist{P99: sweep.F(float64(l.PerGPU) * 5)}, Simulated: true, Source: "scripted"}
	if s.allFail[l.PerGPU] {
		pt.Requests, pt.Failures, pt.ThroughputTokS = sweep.I(0), sweep.I(l.Requests), 0
		pt.FailureLabels = map[string]int{"http_503": l.Requests}
	}
	raw := []byte(fmt.Sprintf("level %d\n", l.PerGPU))
	if s.raw != nil {
		raw = s.raw(l)
	}
	return &sweep.LevelResult{Points: []sweep.Point{pt}, Raw: map[string][]byte{"stdout.log": raw}, Harness: "scripted", HarnessVersion: "t1"}, nil
}

var gb300ish = map[int]float64{64: 60000, 128: 84788, 256: 20769, 512: 15000}

func testPlan() sweep.Plan {
	return sweep.Plan{ID: "knee-engine-test", PerGPU: []int{64, 128, 256, 512}, GPUs: 4, Model: "m", Endpoint: "http://127.0.0.1:1",
		API: "chat", InputTokens: 128, OutputTokens: 128, MinRequests: 1000, RequestsPerConcurrency: 8, Harness: "scripted", Runner: "local"}
}

// fellBelowHalf is a stand-in for knee.PastKneeRule: stop once the newest
// level delivers less than half the best throughput so far.
func fellBelowHalf(s *sweep.Sweep) (bool, string) {
	best := 0.0
	for _, p := range s.Points {
		best = max(best, p.ThroughputTokS)
	}
	last := s.Points[len(s.Points)-1]
	if last.ThroughputTokS < best/2 {
		return true, fmt.Sprintf("%.0f tok/s at %.0f in flight is below half the best (%.0f)", last.ThroughputTokS, last.Concurrency, best)
	}
	return false, ""
}

func create(t *testing.T) (*store.Store, string) {
	dir := filepath.Join(t.TempDir(), "out")
	st, err := store.Create(dir, testPlan())
	require.NoError(t, err)
	t.Cleanup(st.Close)
	return st, dir
}

func tokens(s *sweep.Sweep) []float64 {
	var out []float64
	for _, p := range s.Points {
		out = append(out, p.ThroughputTokS)
	}
	return out
}

func TestRunStoresEachLevelAsSoonAsItFinishes(t *testing.T) {
	st, dir := create(t)
	ex := &scripted{tok: gb300ish}
	ex.onRun = func(l sweep.Level) {
		// Before level i runs, levels 0..i-1 are on disk already.
		s, err := store.Load(dir)
		require.NoError(t, err)
		require.Len(t, s.Points, l.Index)
	}
	var log bytes.Buffer
	out, err := Run(context.Background(), ex, st, Options{Log: &log})
	require.NoError(t, err)
	require.Equal(t, []int{0, 1, 2, 3}, out.Measured)
	require.Equal(t, []int{64, 128, 256, 512}, ex.ran)
	require.Equal(t, []float64{60000, 84788, 20769, 15000}, tokens(out.Sweep))
	require.Equal(t, "", out.StoppedEarly)
	require.Contains(t, log.String(), "finished: level 1: 128/GPU (512 in flight, 4096 requests): 84788 tok/s, TTFT p99 640 ms")
	raw, err := os.ReadFile(filepath.Join(dir, "levels", "002-256", "stdout.log"))
	require.NoError(t, err)
	require.Equal(t, "level 256\n", string(raw))
	require.Contains(t, out.Sweep.Notes[0], "simulated")
}

func TestRunStopsOnceClearlyPastTheKnee(t *testing.T) {
	st, dir := create(t)
	ex := &scripted{tok: gb300ish}
	var log bytes.Buffer
	out, err := Run(context.Background(), ex, st, Options{StopRule: fellBelowHalf, Log: &log})
	require.NoError(t, err)
	require.Equal(t, []int{64, 128, 256}, ex.ran, "512/GPU is never run after 256 collapsed")
	require.True(t, out.PastKnee)
	require.Equal(t, "20769 tok/s at 1024 in flight is below half the best (84788)", out.StoppedEarly)
	ev, err := os.ReadFile(filepath.Join(dir, store.EventsFile))
	require.NoError(t, err)
	require.Contains(t, string(ev), "stopped past the knee after level 2: 256/GPU")
	require.Contains(t, log.String(), "levels above it were not run")

	// Resuming a sweep that stopped past the knee stops again, saying why…
	st.Close()
	r, err := store.Open(dir, testPlan())
	require.NoError(t, err)
	ex2 := &scripted{tok: gb300ish}
	out, err = Run(context.Background(), ex2, r, Options{StopRule: fellBelowHalf})
	require.NoError(t, err)
	require.Empty(t, ex2.ran)
	require.True(t, out.PastKnee)
	// …unless the rule is off: then only the missing level runs.
	out, err = Run(context.Background(), ex2, r, Options{})
	require.NoError(t, err)
	require.Equal(t, []int{512}, ex2.ran)
	require.Equal(t, []int{0, 1, 2}, out.Skipped)
}

func TestCtrlCThenResumeMeasuresTheSameLevelsAsAnUninterruptedSweep(t *testing.T) {
	whole, _ := create(t)
	full, err := Run(context.Background(), &scripted{tok: gb300ish}, whole, Options{})
	require.NoError(t, err)

	st, dir := create(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ex := &scripted{tok: gb300ish, block: map[int]bool{256: true}, cancel: cancel}
	out, err := Run(ctx, ex, st, Options{})
	require.ErrorIs(t, err, context.Canceled)
	require.ErrorContains(t, err, "interrupted during level 2: 256/GPU")
	require.Equal(t, []int{0, 1}, out.Measured)
	require.Equal(t, "interrupted", out.StoppedEarly)
	saved, err := store.Load(dir)
	require.NoError(t, err)
	require.Equal(t, []float64{60000, 84788}, tokens(saved), "finished levels kept")
	ev, err := os.ReadFile(filepath.Join(dir, store.EventsFile))
	require.NoError(t, err)
	require.Contains(t, string(ev), "stopped interrupted during level 2: 256/GPU (1024 in flight, 8192 requests); the level was abandoned, 2 finished levels are kept")
	st.Close()

	r, err := store.Open(dir, testPlan())
	require.NoError(t, err)
	defer r.Close()
	ex2 := &scripted{tok: gb300ish}
	out, err = Run(context.Background(), ex2, r, Options{})
	require.NoError(t, err)
	require.Equal(t, []int{256, 512}, ex2.ran)
	require.Equal(t, []int{0, 1}, out.Skipped)
	require.Equal(t, []int{2, 3}, out.Measured)
	require.Equal(t, full.Sweep.Points, out.Sweep.Points)
	require.Equal(t, full.Sweep.Sources, out.Sweep.Sources)
}

func TestFailedLevelStopsTheSweepUnlessKeepGoing(t *testing.T) {
	refused := errors.New("dial tcp 127.0.0.1:1: connect: connection refused")

	st, dir := create(t)
	ex := &scripted{tok: gb300ish, fail: map[int]error{128: refused}}
	out, err := Run(context.Background(), ex, st, Options{})
	var le *LevelError
	require.ErrorAs(t, err, &le)
	require.Equal(t, 1, le.Level.Index)
	require.ErrorIs(t, err, refused)
	require.Equal(t, []int{64, 128}, ex.ran)
	require.Equal(t, []int{1}, out.Failed)
	require.Len(t, out.Sweep.Points, 1, "the measured level is kept")
	require.FileExists(t, filepath.Join(dir, "levels", "001-128", "stdout.log"), "the failing harness's output is kept")
	require.Contains(t, out.Sweep.Notes[len(out.Sweep.Notes)-1], "level 1 (128/GPU) failed without a usable measurement: dial tcp 127.0.0.1:1")

	st2, _ := create(t)
	ex2 := &scripted{tok: gb300ish, fail: map[int]error{128: refused}, allFail: map[int]bool{256: true}}
	out, err = Run(context.Background(), ex2, st2, Options{KeepGoing: true})
	require.ErrorIs(t, err, ErrFailedLevels)
	require.ErrorContains(t, err, "level 2: 256/GPU (1024 in flight, 8192 requests) failed: every request failed (8192 failures: http_503×8192)")
	require.Equal(t, []int{64, 128, 256, 512}, ex2.ran)
	require.Equal(t, []int{0, 3}, out.Measured)
	require.Equal(t, []int{1, 2}, out.Failed)
	require.Equal(t, []float64{60000, 15000}, tokens(out.Sweep))

	// Resume retries only the failed levels.
	st.Close()
	r, err := store.Open(dir, testPlan())
	require.NoError(t, err)
	defer r.Close()
	ex3 := &scripted{tok: gb300ish}
	out, err = Run(context.Background(), ex3, r, Options{})
	require.NoError(t, err)
	require.Equal(t, []int{128, 256, 512}, ex3.ran)
	require.Equal(t, []float64{60000, 84788, 20769, 15000}, tokens(out.Sweep))
	require.DirExists(t, filepath.Join(dir, "levels", "001-128.attempt-1"))
}

func TestAPlanTheHarnessCannotRunStopsEvenWithKeepGoing(t *testing.T) {
	st, _ := create(t)
	bad := inputerr.Errorf("plan", "--api", 0, "inference-perf supports only --api completion")
	ex := &scripted{tok: gb300ish, fail: map[int]error{64: bad}}
	out, err := Run(context.Background(), ex, st, Options{KeepGoing: true})
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.Equal(t, "--api", in.Field)
	require.Equal(t, []int{64}, ex.ran)
	require.Equal(t, []int{0}, out.Failed)
}

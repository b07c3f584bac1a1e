package run

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// eventLines are events.log's lines without their timestamps.
func eventLines(t *testing.T, dir string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, store.EventsFile))
	require.NoError(t, err)
	var out []string
	for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		_, rest, _ := strings.Cut(l, " ")
		if !strings.HasPrefix(rest, "created ") { // store.Create's line, not the engine's
			out = append(out, rest)
		}
	}
	return out
}

// The whole event sequence of a fixed ladder, as users and scripts read
// events.log: a failure run past with --keep-going, then a resume that says
// which level runs again and why and stops past the knee, then Ctrl-C. The
// engine under test is ordering and wording; the numbers are simulated.
func TestLadderEventSequence(t *testing.T) {
	refused := errors.New("dial tcp 127.0.0.1:1: connect: connection refused")
	st, dir := create(t)
	_, err := Run(context.Background(), &scripted{tok: gb300ish, fail: map[int]error{128: refused}}, st, Options{KeepGoing: true})
	require.ErrorIs(t, err, ErrFailedLevels)
	st.Close()
	r, err := store.Open(dir, testPlan())
	require.NoError(t, err)
	// A rule that holds only once 128/GPU is back: the resume runs it, then stops.
	allFour := func(s *sweep.Sweep) (bool, string) { return len(s.Points) == 4, "all four measured" }
	out, err := Run(context.Background(), &scripted{tok: gb300ish}, r, Options{StopRule: allFour})
	require.NoError(t, err)
	require.True(t, out.PastKnee)
	require.Equal(t, []int{1}, out.Measured)
	require.Equal(t, []int{0, 2, 3}, out.Skipped)
	r.Close()

	l := func(i, pg int) string {
		return fmt.Sprintf("level %d: %d/GPU (%d in flight, %d requests)", i, pg, pg*4, pg*4*8)
	}
	fin := func(i, pg int, tok float64) string {
		return fmt.Sprintf("finished %s: %.0f tok/s, TTFT p99 %d ms, %d requests, 0 failed", l(i, pg), tok, pg*5, pg*4*8)
	}
	require.Equal(t, []string{
		"started " + l(0, 64), fin(0, 64, 60000),
		"started " + l(1, 128),
		"failed " + l(1, 128) + ": dial tcp 127.0.0.1:1: connect: connection refused (raw output in levels/001-128)",
		"started " + l(2, 256), fin(2, 256, 20769),
		"started " + l(3, 512), fin(3, 512, 15000),
		"finished the sweep, with 1 failed level(s)",
		"resumed 3 of 4 levels already measured",
		"rerun " + l(1, 128) + ": its last attempt was failed (dial tcp 127.0.0.1:1: connect: connection refused)",
		"started " + l(1, 128), fin(1, 128, 84788),
		"stopped past the knee after " + l(1, 128) + ": all four measured; levels above it were not run (--stop-past-knee=false runs them)",
	}, eventLines(t, dir))

	st2, dir2 := create(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err = Run(ctx, &scripted{tok: gb300ish, block: map[int]bool{128: true}, cancel: cancel}, st2, Options{})
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, []string{
		"started " + l(0, 64), fin(0, 64, 60000),
		"started " + l(1, 128),
		"stopped interrupted during " + l(1, 128) + "; the level was abandoned, 1 finished levels are kept",
	}, eventLines(t, dir2))
}

// A rate search's events: the given rates as one round, then each decided
// rate announced and run, then the planner's last word and one summary of
// the whole search (issue 31 item 9: it was printed after every round).
func TestRateSearchEventSequence(t *testing.T) {
	p := testPlan()
	p.PerGPU, p.Rates, p.Harness = nil, []float64{2, 4}, "builtin"
	dir := filepath.Join(t.TempDir(), "out")
	st, err := store.Create(dir, p)
	require.NoError(t, err)
	defer st.Close()
	next := []float64{8, 16}
	planner := func(s *sweep.Sweep) ([]float64, bool, string) {
		if len(next) == 0 {
			return nil, true, fmt.Sprintf("%d rates measured", len(s.Points))
		}
		r := next[0]
		next = next[1:]
		return []float64{r}, false, "kept up"
	}
	out, err := RunRateSearch(context.Background(), &scripted{tok: map[int]float64{0: 1000}}, st, planner, Options{StopRule: fellBelowHalf}, time.Time{})
	require.NoError(t, err)
	require.Equal(t, []int{0, 1, 2, 3}, out.Measured)
	require.Empty(t, out.StoppedEarly)
	ev := eventLines(t, dir)
	var kinds []string
	for _, e := range ev {
		kinds = append(kinds, strings.SplitN(e, " ", 2)[0])
	}
	require.Equal(t, strings.Fields("started finished started finished search started finished search started finished search finished"), kinds, strings.Join(ev, "\n"))
	require.Equal(t, "search kept up: next 8 req/s", ev[4])
	require.Equal(t, "search kept up: next 16 req/s", ev[7])
	require.Equal(t, "search done: 4 rates measured", ev[10])
	require.Equal(t, "finished the sweep: 4 level(s) measured, 0 already done", ev[11])
}

// Several slots: each line names the slot, a failure past --keep-going is
// not repeated, and the sweep closes with its failures.
func TestParallelEventsNameTheSlot(t *testing.T) {
	st, dir := createPlan(t, 64, 128)
	ex := &scripted{tok: gb300ish, fail: map[int]error{128: errors.New("boom")}}
	slots := []Slot{{Name: "a", Endpoint: "http://a:1", Exec: ex}, {Name: "b", Endpoint: "http://b:1", Exec: ex}}
	out, err := RunAdaptive(context.Background(), st, AdaptiveOptions{Options: Options{KeepGoing: true}, Slots: slots})
	require.ErrorIs(t, err, ErrFailedLevels)
	require.Equal(t, []int{1}, out.Failed)
	ev := eventLines(t, dir)
	require.Equal(t, "parallel up to 2 levels at once, on a, b", ev[0])
	require.Contains(t, ev, "failed level 1: 128/GPU (512 in flight, 4096 requests) on b: boom (raw output in levels/001-128)")
	require.Equal(t, "finished the sweep, with 1 failed level(s)", ev[len(ev)-1])
}

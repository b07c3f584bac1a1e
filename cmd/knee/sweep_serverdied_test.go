package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep/store"
)

func quickSimserver(addr string) *simserver.Server {
	return simserver.New(simserver.Config{Addr: addr, GPUs: 1, BatchPerGPU: 8, StepBase: 2 * time.Millisecond, StepPerSeq: 100 * time.Microsecond,
		PrefillPerToken: 10 * time.Microsecond, Seed: 1})
}

// The server killed in the middle of level 1: the level is stored as
// failed (not finished) with the reason, the sweep stops with exit 1 and
// keeps level 0, and --resume against the restarted server runs level 1
// again (the failed attempt's folder is kept beside it). Every level's
// counts agree across the progress line, events.log, point.json and
// summary.json.
func TestSweepServerKilledMidLevelIsFailedAndRerunOnResume(t *testing.T) {
	srv := quickSimserver("")
	url, err := srv.Start()
	require.NoError(t, err)
	addr := strings.TrimPrefix(url, "http://")
	go func() {
		// Level 0 is 2 warm-up + 24 requests; kill 10 requests into level 1.
		for srv.Stats().Requests < 26+4+10 {
			time.Sleep(time.Millisecond)
		}
		_ = srv.Close()
	}()
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, sweepTestArgs(url, dir, "--stop-past-knee=false")...)
	require.Equal(t, 1, code, errs)
	require.Contains(t, errs, "failed: level 1: 4/GPU (4 in flight, 24 requests): the server stopped answering during the level: ")
	require.Contains(t, errs, "the level is stored as failed and --resume runs it again")

	var rec store.LevelRecord
	b, err := os.ReadFile(filepath.Join(dir, "levels", "001-4", store.PointFile))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &rec))
	require.Equal(t, store.StatusFailed, rec.Status)
	require.True(t, strings.HasPrefix(rec.Error, builtin.ErrServerDied.Error()+": "), rec.Error)
	require.FileExists(t, filepath.Join(dir, "levels", "001-4", "summary.json"), "its raw output is kept")
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 1, "only level 0 is a measurement")
	requireCountsAgree(t, dir, errs, []int{0})

	srv2 := quickSimserver(addr)
	_, err = srv2.Start()
	require.NoError(t, err)
	t.Cleanup(func() { srv2.Close() })
	code, _, errs2 := sweepCLI(t, "sweep", "--resume", dir)
	require.Equal(t, 0, code, errs2)
	require.Contains(t, errs2, "rerun: level 1: 4/GPU (4 in flight, 24 requests): its last attempt was failed (the server stopped answering during the level: ")
	s, err = store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.DirExists(t, filepath.Join(dir, "levels", "001-4.attempt-1"), "the failed attempt is kept")
	requireCountsAgree(t, dir, errs2, []int{1, 2})
}

var (
	progressDone = regexp.MustCompile(`(?m)^level (\d+): \d+/GPU done in [0-9.]+s: (\d+) requests, (\d+) failed`)
	eventDone    = regexp.MustCompile(`(?m) finished level (\d+): .*, (\d+) requests, (\d+) failed$`)
)

// requireCountsAgree checks that the progress line (stderr), the finished
// event (events.log), point.json and summary.json give each level the same
// request and failure counts.
func requireCountsAgree(t *testing.T, dir, stderr string, levels []int) {
	t.Helper()
	ev, err := os.ReadFile(filepath.Join(dir, store.EventsFile))
	require.NoError(t, err)
	prog := map[int][2]int{}
	for _, m := range progressDone.FindAllStringSubmatch(stderr, -1) {
		prog[atoi(t, m[1])] = [2]int{atoi(t, m[2]), atoi(t, m[3])}
	}
	events := map[int][2]int{}
	for _, m := range eventDone.FindAllStringSubmatch(string(ev), -1) {
		events[atoi(t, m[1])] = [2]int{atoi(t, m[2]), atoi(t, m[3])}
	}
	pg := map[int]int{0: 2, 1: 4, 2: 8}
	for _, i := range levels {
		ld := filepath.Join(dir, "levels", fmt.Sprintf("%03d-%d", i, pg[i]))
		var rec store.LevelRecord
		b, err := os.ReadFile(filepath.Join(ld, store.PointFile))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &rec))
		var sum builtin.Summary
		b, err = os.ReadFile(filepath.Join(ld, "summary.json"))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &sum))
		point := [2]int{*rec.Points[0].Requests, *rec.Points[0].Failures}
		require.Equal(t, point, [2]int{sum.Successes, sum.Failures}, "level %d: point.json and summary.json", i)
		require.Equal(t, point, prog[i], "level %d: progress line and point.json", i)
		require.Equal(t, point, events[i], "level %d: events.log and point.json", i)
		require.Equal(t, 24+pg[i], sum.Successes+sum.Failures+sum.Discarded, "level %d: every request sent is counted once", i)
	}
}

func atoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}

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

	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/knee/search"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// rateTestServer is a simulated server (simulated data) that completes
// about 40 req/s of 10 output tokens: one engine of 4 sequences, 10 ms a
// step; more requests queue.
func rateTestServer(t *testing.T) string {
	t.Helper()
	srv := simserver.New(simserver.Config{GPUs: 1, BatchPerGPU: 4, StepBase: 10 * time.Millisecond, PrefillPerToken: 10 * time.Microsecond, Seed: 1})
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	return url
}

func rateArgs(url, dir string, extra ...string) []string {
	return append([]string{"sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--input-tokens", "16", "--output-tokens", "10",
		"--request-timeout", "30s", "--out", dir}, extra...)
}

// Constant arrivals: a Poisson schedule of 8 requests offers 4 req/s only
// on average (its span varies by about 1/√8), and the rate rule would read
// the short schedule's own shortfall as falling behind.
//
// A built-in rate sweep is judged by knee find as an imported one: the
// knee lies between the last rate the server kept up with (16 req/s) and
// the first it did not (64 req/s, about 40 served).
func TestSweepRateFindsTheKneeWhereAchievedStopsFollowing(t *testing.T) {
	url := rateTestServer(t)
	dir := filepath.Join(t.TempDir(), "rate")
	code, _, errs := sweepCLI(t, rateArgs(url, dir, "--rate", "4,8,16,64", "--arrivals", "constant", "--rate-duration", "2s", "--stop-past-knee=false")...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, "finished: the sweep: 4 level(s) measured, 0 already done\n")

	p, err := store.ReadPlan(dir)
	require.NoError(t, err)
	require.Equal(t, []float64{4, 8, 16, 64}, p.Rates)
	require.Equal(t, "constant", p.Arrivals)
	require.Equal(t, sweep.DefaultMaxInFlight, p.MaxInFlight)
	require.Equal(t, 2.0, p.RateDurationS)
	for i, name := range []string{"000-4rps", "001-8rps", "002-16rps", "003-64rps"} {
		b, err := os.ReadFile(filepath.Join(dir, store.LevelsDir, name, store.PointFile))
		require.NoError(t, err, name)
		var rec store.LevelRecord
		require.NoError(t, json.Unmarshal(b, &rec))
		require.Equal(t, p.Rates[i], *rec.Points[0].RequestedRate)
		require.Equal(t, int(2*p.Rates[i]), *rec.Points[0].Requests, "rate × --rate-duration requests, all answered")
		require.True(t, rec.Points[0].Derived)
	}

	code, out, errs := sweepCLI(t, "find", dir, "-o", "json")
	require.Equal(t, 0, code, errs)
	var res struct {
		Knee struct {
			Status string `json:"status"`
			Method string `json:"method"`
		} `json:"knee"`
		Points []struct {
			Verdict string   `json:"verdict"`
			Reasons []string `json:"reasons"`
		} `json:"points"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	require.Equal(t, "rate following (achieved vs requested request rate)", res.Knee.Method)
	require.Len(t, res.Points, 4)
	require.Contains(t, res.Points[3].Reasons, "past_knee", "64 req/s offered, about 40 served")
	for _, pt := range res.Points[:3] {
		require.NotContains(t, pt.Reasons, "past_knee")
	}
}

// --rate excludes the concurrency ladders; its own flags need it.
func TestSweepRateFlagsRefused(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "x")
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--rate", "2,4", "--per-gpu", "8"}, "give --rate (requests/s) or --per-gpu/--ladder"},
		{[]string{"--rate", "2,4", "--ladder", "8:64:x2"}, "give --rate (requests/s) or --per-gpu/--ladder"},
		{[]string{"--per-gpu", "8", "--arrivals", "constant"}, "--arrivals applies to a rate sweep"},
		{[]string{"--rate", "2,-4"}, `--rate: "-4" is not a positive request rate`},
		{[]string{"--rate", "2", "--arrivals", "bursty"}, "--arrivals: must be poisson or constant"},
		{[]string{"--rate", "2", "--max-in-flight", "0"}, "--max-in-flight: must be between 1"},
		{[]string{"--rate", "2", "--repeats", "2"}, "--repeats on a --rate ladder is not available"},
		{[]string{"--rate", "2", "--search", "--precision", "2"}, "--precision: must be between 0 and 1"},
		{[]string{"--rate", "2", "--search", "--max-rate", "0"}, "--max-rate: must be a rate between 0"},
		{[]string{"--per-gpu", "8", "--max-rate", "9"}, "--max-rate applies to a rate sweep"},
		// Every harness runs a rate ladder; what one cannot express is refused naming the flag and the harness.
		{[]string{"--rate", "2,3", "--harness", "inference-perf", "--api", "completion", "--min-requests", "100"}, "--rate-duration: inference-perf runs a rate stage for whole seconds (load.stages[].duration), not for a request count: 100 requests at 3 req/s take 33.333333333333336s"},
		{[]string{"--rate", "2,4", "--harness", "inference-perf", "--api", "completion", "--rate-duration", "1500ms"}, "--rate-duration: inference-perf's load.stages[].duration is whole seconds; 1.5s is not"},
	} {
		code, _, errs := sweepCLI(t, rateArgs("http://127.0.0.1:1", dir, c.args...)...)
		require.Equal(t, 2, code, "%v: %s", c.args, errs)
		require.Contains(t, errs, c.msg, c.args)
	}
}

// An interrupted rate sweep keeps its finished levels: --resume runs only
// the one without a point.json, and refuses another rate ladder or
// arrival process.
func TestSweepRateResumeKeepsFinishedLevels(t *testing.T) {
	url := rateTestServer(t)
	dir := filepath.Join(t.TempDir(), "rate")
	code, _, errs := sweepCLI(t, rateArgs(url, dir, "--rate", "5,10", "--arrivals", "constant", "--min-requests", "10", "--stop-past-knee=false")...)
	require.Equal(t, 0, code, errs)
	first, err := os.ReadFile(filepath.Join(dir, store.LevelsDir, "000-5rps", store.PointFile))
	require.NoError(t, err)
	// Level 1 as if the sweep had died during it.
	require.NoError(t, os.Remove(filepath.Join(dir, store.LevelsDir, "001-10rps", store.PointFile)))

	code, _, errs = sweepCLI(t, "sweep", "--resume", dir, "--rate", "5,10,20")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "rates: this folder was made by another plan: rates is 5,10 there but 5,10,20 now")
	code, _, errs = sweepCLI(t, "sweep", "--resume", dir, "--arrivals", "poisson")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "arrivals is constant there but poisson now")

	code, _, errs = sweepCLI(t, "sweep", "--resume", dir)
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, "resumed: 1 of 2 levels already measured")
	require.Contains(t, errs, "started: level 1: 10 req/s (10 requests)")
	require.NotContains(t, errs, "started: level 0")
	again, err := os.ReadFile(filepath.Join(dir, store.LevelsDir, "000-5rps", store.PointFile))
	require.NoError(t, err)
	require.Equal(t, first, again, "the finished level is kept as it was")
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
}

// --search on a rate ladder climbs ×2 from the given rate until the server
// (about 40 req/s, simulated) falls behind, then bisects: the bracket it
// ends on holds the capacity (wide margins: a loaded host serves less).
func TestSweepRateSearchBracketsTheCapacity(t *testing.T) {
	url := rateTestServer(t)
	dir := filepath.Join(t.TempDir(), "rate")
	code, _, errs := sweepCLI(t, rateArgs(url, dir, "--rate", "8", "--search", "--arrivals", "constant", "--rate-duration", "2s",
		"--precision", "0.2", "--max-levels", "8")...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, "search: 8 req/s kept up: climb ×2: next 16 req/s\n")
	require.Contains(t, errs, "search: 16 req/s kept up: climb ×2: next 32 req/s\n")
	require.Regexp(t, `search: done: the knee lies between \d+ and \d+ req/s, within ±20\.0%`, errs)

	p, err := store.ReadPlan(dir)
	require.NoError(t, err)
	require.Equal(t, []float64{8, 16, 32}, p.Rates[:3], "the climb is recorded in plan.json for --resume")
	require.LessOrEqual(t, len(p.Rates), 8)
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, len(p.Rates), "every decided rate was measured")
	// One summary for the whole search, after its last word (it was
	// printed after every level).
	require.Equal(t, 1, strings.Count(errs, "finished: the sweep"), errs)
	require.Contains(t, errs, fmt.Sprintf("search: done: the knee lies between %s\nfinished: the sweep: %d level(s) measured, 0 already done\n",
		regexp.MustCompile(`the knee lies between ([^\n]*)`).FindStringSubmatch(errs)[1], len(p.Rates)), errs)

	var lo, hi float64
	m := regexp.MustCompile(`the knee lies between (\d+) and (\d+) req/s`).FindStringSubmatch(errs)
	lo, _ = strconv.ParseFloat(m[1], 64)
	hi, _ = strconv.ParseFloat(m[2], 64)
	require.Less(t, lo, 48.0, "kept up at most a little above the model's 40 req/s")
	require.Greater(t, hi, 20.0, "fell behind only near the capacity")
	require.True(t, search.Within(lo, hi, 0.2))

	// Resumed, the finished search has nothing left to run.
	code, _, errs = sweepCLI(t, "sweep", "--resume", dir)
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, "search: done: the knee lies between")
	require.NotContains(t, errs, "started:")
}

// --stop-past-knee (the default) ends a rate ladder at the first rate past
// the knee: 64 req/s offered to a server of about 40 (simulated).
func TestSweepRateStopsPastTheKnee(t *testing.T) {
	url := rateTestServer(t)
	dir := filepath.Join(t.TempDir(), "rate")
	code, _, errs := sweepCLI(t, rateArgs(url, dir, "--rate", "8,16,64,256", "--arrivals", "constant", "--rate-duration", "2s")...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, "stopped: past the knee after level 2: 64 req/s (128 requests)")
	require.NotContains(t, errs, "started: level 3")
}

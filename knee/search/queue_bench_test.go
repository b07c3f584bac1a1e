package search

import (
	"flag"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

var queueBenchFull = flag.Bool("queue-bench-full", false, "TestQueueBenchmark runs the full 120-server table docs/benchmarks.md shows")

// queueOutcome is what one strategy recommended on one server and what it
// spent.
type queueOutcome struct {
	rec            float64 // recommended_per_gpu, 0 when none
	distinct, runs int
	gpuSeconds     float64
}

// recommend is the knee rule's operating point on the final sweep, as
// knee find reports it.
func recommend(sw *sweep.Sweep, opts knee.Options) float64 {
	o := opts
	o.Bootstrap = 0 // the operating point does not depend on the interval
	r, err := knee.Find(sw, o)
	if err != nil || r.RecommendedPerGPU == nil {
		return 0
	}
	return *r.RecommendedPerGPU
}

// runQueueSearch is knee sweep --search against a queue server, each
// planned level run repeats times before the planner is asked again.
func runQueueSearch(s *queueServer, set Settings, opts knee.Options, repeats int) (queueOutcome, []string) {
	var pts []sweep.Point
	var tried []int
	var log []string
	for {
		d := Next(s.sweepOf(pts), tried, set, opts)
		log = append(log, string(d.Phase)+": "+d.Reason)
		if d.Done() {
			if *queueTrace >= 0 {
				o := opts
				o.Bootstrap = 0
				r, _ := knee.Find(s.sweepOf(pts), o)
				for _, p := range r.Points {
					log = append(log, fmt.Sprintf("  %4.0f  X %7.0f  ttft p50 %6.0f  %s %v", p.PerGPU, p.ThroughputTokS, p.TTFTP50Ms, p.Verdict, p.Reasons))
				}
			}
			return queueOutcome{rec: recommend(s.sweepOf(pts), opts), distinct: len(tried), runs: s.levelsRun, gpuSeconds: s.gpuSeconds}, log
		}
		for _, l := range d.Levels {
			tried = append(tried, l)
			for k := 0; k < max(1, repeats); k++ {
				pts = append(pts, s.measure(l))
			}
		}
		sort.SliceStable(pts, func(i, j int) bool { return *pts[i].PerGPU < *pts[j].PerGPU })
	}
}

// runQueueLadder is a fixed ladder with --stop-past-knee.
func runQueueLadder(s *queueServer, ladder []int, opts knee.Options) queueOutcome {
	rule := knee.PastKneeRule(opts)
	var pts []sweep.Point
	for _, l := range ladder {
		pts = append(pts, s.measure(l))
		if ok, _ := rule(s.sweepOf(pts)); ok {
			break
		}
	}
	return queueOutcome{rec: recommend(s.sweepOf(pts), opts), distinct: len(pts), runs: s.levelsRun, gpuSeconds: s.gpuSeconds}
}

type queueRow struct {
	name                 string
	levels, runs, gpuH   float64
	safe, tight, both    float64
	byShape              map[queueShape][2]float64 // safe, tight
	metrics, ttftOnly    [2]float64                // safe, tight
	maxLevels            int
	unsafeRatio          []float64  // rec / true knee of the unsafe ones
	looseRatio           []float64  // rec / true knee of the loose ones
	noiseLow, noiseHigh  [2]float64 // safe, tight at noise < 15% and ≥ 15%
	nLow, nHigh, nMet, n float64
}

// tightShare: a recommendation is tight at 0.75 × the true knee or above.
const tightShare = 0.75

func queueCompare(servers []*queueServer, opts knee.Options) []queueRow {
	set := DefaultSettings()
	ladder, _ := sweep.ParseLadder("16:1024:x2")
	strats := []struct {
		name string
		run  func(*queueServer) queueOutcome
	}{
		{"fixed ×2 ladder 16..1024, `--stop-past-knee`", func(s *queueServer) queueOutcome { return runQueueLadder(s, ladder, opts) }},
		{"`--search`", func(s *queueServer) queueOutcome { r, _ := runQueueSearch(s, set, opts, 1); return r }},
		{"`--search --repeats 2`", func(s *queueServer) queueOutcome { r, _ := runQueueSearch(s, set, opts, 2); return r }},
		{"`--search`, levels stop by precision (cap probe, extension)", func(s *queueServer) queueOutcome { return runQueueSearchPrecise(s, set, opts, 45) }},
		{"the same, `--level-max-duration 5m`", func(s *queueServer) queueOutcome { return runQueueSearchPrecise(s, set, opts, 300) }},
	}
	var rows []queueRow
	for _, st := range strats {
		rw := queueRow{name: st.name, byShape: map[queueShape][2]float64{}}
		count := map[queueShape]float64{}
		for i, s := range servers {
			r := st.run(s.clone(uint64(5000 + i)))
			rw.levels += float64(r.distinct)
			rw.runs += float64(r.runs)
			rw.gpuH += r.gpuSeconds / 3600
			rw.maxLevels = max(rw.maxLevels, r.distinct)
			safe := r.rec <= s.trueKnee*(1+1e-9)
			tight := r.rec >= tightShare*s.trueKnee
			if !safe {
				rw.unsafeRatio = append(rw.unsafeRatio, r.rec/s.trueKnee)
			}
			if !tight {
				rw.looseRatio = append(rw.looseRatio, r.rec/s.trueKnee)
			}
			add := func(a *[2]float64) {
				if safe {
					a[0]++
				}
				if tight {
					a[1]++
				}
			}
			var sh [2]float64 = rw.byShape[s.shape]
			add(&sh)
			rw.byShape[s.shape] = sh
			count[s.shape]++
			if s.metrics {
				add(&rw.metrics)
				rw.nMet++
			} else {
				add(&rw.ttftOnly)
			}
			if s.noise < 0.15 {
				add(&rw.noiseLow)
				rw.nLow++
			} else {
				add(&rw.noiseHigh)
				rw.nHigh++
			}
			if safe {
				rw.safe++
			}
			if tight {
				rw.tight++
			}
			if safe && tight {
				rw.both++
			}
			rw.n++
		}
		n := rw.n
		rw.levels, rw.runs, rw.gpuH, rw.safe, rw.tight, rw.both = rw.levels/n, rw.runs/n, rw.gpuH/n, rw.safe/n, rw.tight/n, rw.both/n
		for k, v := range rw.byShape {
			rw.byShape[k] = [2]float64{v[0] / count[k], v[1] / count[k]}
		}
		div := func(a *[2]float64, d float64) {
			if d > 0 {
				a[0], a[1] = a[0]/d, a[1]/d
			}
		}
		div(&rw.metrics, rw.nMet)
		div(&rw.ttftOnly, n-rw.nMet)
		div(&rw.noiseLow, rw.nLow)
		div(&rw.noiseHigh, rw.nHigh)
		sort.Float64s(rw.unsafeRatio)
		sort.Float64s(rw.looseRatio)
		rows = append(rows, rw)
	}
	return rows
}

func queueTable(rows []queueRow) string {
	var b strings.Builder
	pc := func(a [2]float64) string { return fmt.Sprintf("%.0f / %.0f%%", 100*a[0], 100*a[1]) }
	b.WriteString("| strategy | levels (mean) | runs (mean) | levels (max) | GPU-hours (mean) | safe | tight | both | safe / tight: seq cap | KV cap | front-end | uncapped | with /metrics | TTFT only | noise < 15% | noise 15–30% |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %.2f | %.2f | %d | %.2f | %.0f%% | %.0f%% | %.0f%% | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.name, r.levels, r.runs, r.maxLevels, r.gpuH, 100*r.safe, 100*r.tight, 100*r.both,
			pc(r.byShape[qSeqCap]), pc(r.byShape[qKVCap]), pc(r.byShape[qFrontend]), pc(r.byShape[qSmooth]),
			pc(r.metrics), pc(r.ttftOnly), pc(r.noiseLow), pc(r.noiseHigh))
	}
	for _, r := range rows {
		fmt.Fprintf(&b, "%s: unsafe rec/knee %s; loose rec/knee %s\n", r.name, ratios(r.unsafeRatio), ratios(r.looseRatio))
	}
	return b.String()
}

func ratios(v []float64) string {
	var s []string
	for _, x := range v {
		s = append(s, fmt.Sprintf("%.2f", x))
	}
	return "[" + strings.Join(s, " ") + "]"
}

// TestQueueBenchmark is issue 20's search benchmark (simulated, not
// measured): servers whose engines queue past a sequence cap or a KV cap
// (TTFT carries the wait), front-ends that thrash, and uncapped curves,
// with 0–30% noise, scored against the knee of each server's model.
// safe: recommended ≤ the true knee; tight: ≥ 0.75 × it. The normal run
// pins the first 40 servers (seed 20, about 25 s on 2 cores);
// -queue-bench-full runs and pins the 120 of docs/benchmarks.md's table (about 80 s):
//
//	go test -run 'TestQueueBenchmark$' -v ./knee/search/ -queue-bench-full
//
// The target (safe ≥ 95%, tight ≥ 90%, ≤ 7 levels) is missed:
// --search is safe in 68% and tight in 78% of the 120, in 7.19 levels.
// Most unsafe recommendations lie 1–20% above the true knee: a level a
// little past a hinge (a cap not on any typed level, a front-end's thrash
// point) gains or loses less than one run's noise, and without engine
// metrics its short queue is under what TTFT can resolve against noisy
// request rates. Most loose ones are a noisy level read high low in the
// climb, against which every level above reads flat.
//
// Issue 30 reran it with levels that stop by precision (the cap probe and
// the extension of unresolved steps included; queue_precision_test.go
// says how a level's noise falls with its length): safe 57% and tight 87%
// of the 120 at first. The unsafe ones were levels the rule read as still
// scaling on a step their own intervals could not resolve (±30–100% at
// the time cap on the noisier servers: a high reading of one level put the
// operating point 1.2–3.8× past the knee) and levels 1–10% past a hinge.
// Now a windowed level counts as scaling only beyond both levels'
// intervals (knee/windows.go windowMargin: unresolved reads as flat, the
// lower level is preferred; what an interval adds beyond the rule's 5%
// noise counts), an unresolved step gets up to MaxRunsExtended runs, and
// a level stops as soon as its step from the level below is resolved
// (sweep/steps.go): safe 92% and tight 49% in 6.47 levels (12.18 runs,
// 1.75 GPU-hours, less than fixed counts' 2.24); 85% / 64% with a
// 5-minute cap. Of the 9 unsafe left 7 lie 1–8% past a hinge. The
// model's noise (a CV up to 30% at the fixed count, more at 45 s) leaves
// most steps unresolvable, and unresolved now costs tightness instead of
// safety. An unresolved step below the engine's measured cap (its
// /metrics: running pinned with requests waiting at a level above) now
// reads as scaling (knee/saturation.go rescued): safe 92%, tight 52% in
// 6.29 levels (11.47 runs, 1.64 GPU-hours); 85% / 66% with the 5-minute
// cap. Over three seed sets of runs (-queue-seed 5000, 6000, 7000 with
// TestQueueBenchmarkPreciseTrace) that is 323 safe of 360 as before and
// 186 tight instead of 173. What else was measured and why it was not
// kept is in docs/benchmarks.md: every variant that resolved more steps
// (longer reruns, more of them, farther references) bought tightness
// with safety.
func TestQueueBenchmark(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 120 simulated sweeps")
	}
	opts := knee.DefaultOptions()
	if *queueBenchFull {
		rows := queueCompare(queueFamily(20, 30), opts)
		t.Logf("120 servers, seed 20:\n%s", queueTable(rows))
		ladder, search, twice := rows[0], rows[1], rows[2]
		assert.InDelta(t, 5.12, ladder.levels, 0.005)
		assert.InDelta(t, 97.0/120, ladder.safe, 1e-9)
		assert.InDelta(t, 67.0/120, ladder.tight, 1e-9)
		assert.InDelta(t, 7.19, search.levels, 0.005)
		assert.InDelta(t, 2.24, search.gpuH, 0.005)
		assert.InDelta(t, 81.0/120, search.safe, 1e-9)
		assert.InDelta(t, 93.0/120, search.tight, 1e-9)
		assert.InDelta(t, 54.0/120, search.both, 1e-9)
		assert.InDelta(t, 49.0/60, search.metrics[0], 1e-9)
		assert.InDelta(t, 32.0/60, search.ttftOnly[0], 1e-9)
		assert.InDelta(t, 7.18, twice.levels, 0.005)
		assert.InDelta(t, 14.37, twice.runs, 0.005)
		assert.InDelta(t, 4.60, twice.gpuH, 0.005)
		assert.InDelta(t, 72.0/120, twice.safe, 1e-9)
		assert.InDelta(t, 102.0/120, twice.tight, 1e-9)
		// The probe's levels on the climb's grid (CapLevels): 6.29 → 6.33
		// levels, tight 62 → 63 of 120, the 5-minute row 79 → 78. A lowest
		// level trusted by an unresolved step out of it (knee lowestTrusted)
		// and the search going down before it extends a step above an
		// unverified lowest level (search.Extend): 6.33 → 6.48 levels,
		// tight 63 → 65, the 5-minute row 78 → 79; safe unchanged.
		// Waves from the warm-up, the run-to-run factor, Confirm and the
		// budget sized by the nearest level above (rerun 2026-12-02):
		// 6.48 → 6.81 levels, 11.65 → 14.11 runs, safe 111 → 110, tight
		// 65 → 59 of 120; the 5-minute row safe 102 → 105, tight 79 → 73.
		precise, long := rows[3], rows[4]
		assert.InDelta(t, 6.81, precise.levels, 0.006)
		assert.InDelta(t, 14.11, precise.runs, 0.005)
		assert.InDelta(t, 2.02, precise.gpuH, 0.006)
		assert.InDelta(t, 110.0/120, precise.safe, 1e-9)
		assert.InDelta(t, 59.0/120, precise.tight, 1e-9)
		assert.InDelta(t, 6.67, long.levels, 0.005)
		assert.InDelta(t, 105.0/120, long.safe, 1e-9)
		assert.InDelta(t, 73.0/120, long.tight, 1e-9)
		return
	}
	rows := queueCompare(queueFamily(20, 10), opts)
	t.Logf("40 servers, seed 20:\n%s", queueTable(rows))
	ladder, search, twice := rows[0], rows[1], rows[2]
	assert.InDelta(t, 4.97, ladder.levels, 0.005)
	assert.InDelta(t, 0.85, ladder.safe, 0.005)
	assert.InDelta(t, 0.50, ladder.tight, 0.005)
	assert.InDelta(t, 7.17, search.levels, 0.005)
	assert.InDelta(t, 2.24, search.gpuH, 0.005)
	assert.InDelta(t, 0.85, search.safe, 0.005)
	assert.InDelta(t, 0.775, search.tight, 0.001)
	assert.InDelta(t, 0.625, search.both, 0.001)
	assert.InDelta(t, 0.95, search.metrics[0], 0.005)
	assert.InDelta(t, 0.75, search.ttftOnly[0], 0.005)
	assert.InDelta(t, 6.97, twice.levels, 0.005)
	assert.InDelta(t, 13.95, twice.runs, 0.005)
	assert.InDelta(t, 0.65, twice.safe, 0.005)
	assert.InDelta(t, 0.875, twice.tight, 0.001)
	// Levels that stop by precision (issue 30), unresolved steps read as
	// flat: safer, looser. The probe's levels on the climb's grid
	// (CapLevels) took 6.125 levels to 6.05 and tight 52.5% to 55%; a
	// lowest level trusted by an unresolved step out of it (knee/locate.go
	// lowestTrusted) took 6.05 to 6.20, safe and tight unchanged. The
	// operating point's step run twice before the search answers
	// (Confirm) and intervals widened by the repeats' scatter beyond them
	// (sweep.RunToRunFactor) took 6.20 to 6.625 levels and tight 55% to
	// 52.5% (5m: safe 95% to 97.5%, tight 67.5% to 60%).
	precise, long := rows[3], rows[4]
	assert.InDelta(t, 6.625, precise.levels, 0.005)
	assert.InDelta(t, 0.975, precise.safe, 0.001)
	assert.InDelta(t, 0.525, precise.tight, 0.001)
	assert.InDelta(t, 0.975, long.safe, 0.001)
	assert.InDelta(t, 0.60, long.tight, 0.001)
}

// TestQueueBenchmarkTrace prints one server's search, for reading a miss
// (-queue-trace N: the Nth server of the 40-server subset).
func TestQueueBenchmarkTrace(t *testing.T) {
	if *queueTrace < 0 {
		t.Skip("give -queue-trace N")
	}
	if *queueTrace == 999 {
		for i, s := range queueFamily(20, 10) {
			r, _ := runQueueSearch(s.clone(uint64(5000+i)), DefaultSettings(), knee.DefaultOptions(), 1)
			if r.rec > s.trueKnee || r.rec < tightShare*s.trueKnee {
				t.Logf("%d: %s cap %.0f thrash %.0f noise %.2f metrics %v: true %.1f rec %.0f levels %d", i, s.shape, s.cap, s.thrash, s.noise, s.metrics, s.trueKnee, r.rec, r.distinct)
			}
		}
		return
	}
	s := queueFamily(20, 10)[*queueTrace]
	r, log := runQueueSearch(s.clone(uint64(5000+*queueTrace)), DefaultSettings(), knee.DefaultOptions(), 1)
	t.Logf("%s cap %.0f thrash %.0f σ %.4g noise %.2f metrics %v: true knee %.1f, recommended %.0f in %d levels\n%s",
		s.shape, s.cap, s.thrash, s.sigma, s.noise, s.metrics, s.trueKnee, r.rec, r.distinct, strings.Join(log, "\n"))
}

var queueTrace = flag.Int("queue-trace", -1, "TestQueueBenchmarkTrace prints this server's search")

// A noiseless simulated engine capped at 48 sequences per GPU, /metrics
// scraped: the climb 16, 32, 64 sees 64 queue at the cap, the search
// measures the cap, and the cap measured ends it (4 levels): no level
// between 48 and 64 can do better, since above 48 requests only wait.
func TestSearchStopsAtTheEnginesMeasuredCap(t *testing.T) {
	s := &queueServer{shape: qSeqCap, lambda: 40, sigma: (1/0.8 - 1) / 48, cap: 48, thrash: math.Inf(1), metrics: true,
		gpus: 8, out: 256, warmupS: 30, prefillMs: 100, trueKnee: 48}
	r, log := runQueueSearch(s.clone(1), DefaultSettings(), knee.DefaultOptions(), 1)
	assert.Equal(t, 4, r.distinct)
	assert.Equal(t, 48.0, r.rec)
	assert.Contains(t, log[3], "bisect: the knee lies in 32–64/GPU and the engine names its cap, 48/GPU")
	assert.Equal(t, "done: the knee is the engine's cap, 48/GPU, measured: above it requests only wait (the engine's cap: it ran 48/GPU with requests waiting at 64/GPU)", log[4])
}

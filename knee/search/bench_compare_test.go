package search

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// strategyResult is what one strategy spent and found on one server.
type strategyResult struct {
	levels     int // runs, repeats included
	distinct   int // distinct levels
	gpuSeconds float64
	lo, hi     int
}

func (r strategyResult) holds(k float64) bool {
	return r.lo > 0 && r.hi > 0 && float64(r.lo) <= k && k <= float64(r.hi)
}

func (r strategyResult) within(p float64) bool { return Within(float64(r.lo), float64(r.hi), p) }

// runLadder climbs a fixed ladder with the engine's default stop rule
// (knee.PastKneeRule, as knee sweep --stop-past-knee does).
func runLadder(s *simServer, ladder []int, opts knee.Options, stop bool) strategyResult {
	rule := knee.PastKneeRule(opts)
	var pts []sweep.Point
	for _, l := range ladder {
		pts = append(pts, s.measure(l))
		if stop {
			if ok, _ := rule(s.sweepOf(pts)); ok {
				break
			}
		}
	}
	return finalBracket(s, pts, opts)
}

func finalBracket(s *simServer, pts []sweep.Point, opts knee.Options) strategyResult {
	o := opts
	o.Bootstrap = 0
	out := strategyResult{levels: s.levelsRun, distinct: distinctLevels(pts), gpuSeconds: s.gpuSeconds}
	if r, err := knee.Find(s.sweepOf(pts), o); err == nil {
		out.lo, out.hi = bracket(r)
	}
	return out
}

// runGuidellm is a guidellm-style sweep of 10 levels: a synchronous one
// (1 in flight), a throughput one (the 1024/GPU top), and 8 constant rates
// spaced evenly between their request rates. Open-loop stages settle at the
// concurrency where the curve delivers their rate (Little's law), so each
// is modelled as the closed-loop level at that concurrency.
func runGuidellm(s *simServer, opts knee.Options) strategyResult {
	lo, hi := s.x(1), s.x(1024)
	levels := []int{1, 1024}
	for i := 1; i <= 8; i++ {
		r := lo + (hi-lo)*float64(i)/9
		levels = append(levels, s.inverse(r))
	}
	sort.Ints(levels)
	var pts []sweep.Point
	seen := map[int]bool{}
	for _, l := range levels {
		if seen[l] {
			l++ // two rates settling on one concurrency: the next integer
		}
		seen[l] = true
		pts = append(pts, s.measure(l))
	}
	sort.Slice(pts, func(i, j int) bool { return *pts[i].PerGPU < *pts[j].PerGPU })
	return finalBracket(s, pts, opts)
}

// inverse is the lowest integer N per GPU (up to 1024) whose noiseless
// throughput reaches x.
func (s *simServer) inverse(x float64) int {
	for n := 1; n < 1024; n++ {
		if s.x(float64(n)) >= x {
			return n
		}
	}
	return 1024
}

func distinctLevels(pts []sweep.Point) int {
	seen := map[float64]bool{}
	for _, p := range pts {
		seen[*p.PerGPU] = true
	}
	return len(seen)
}

// runSearch is knee sweep --search: the planner decides every level. With
// repeats > 1 each planned level runs that many times before the planner is
// asked again, as --repeats does with one slot (the engine interleaves the
// runs across levels against drift; the simulated servers do not drift, so
// the order does not matter here). knee.Find combines a level's runs.
func runSearch(s *simServer, set Settings, opts knee.Options, repeats int) (strategyResult, []string) {
	var pts []sweep.Point
	var tried []int
	var log []string
	for {
		d := Next(s.sweepOf(pts), tried, set, opts)
		log = append(log, string(d.Phase)+": "+d.Reason)
		if d.Done() {
			out := strategyResult{levels: s.levelsRun, distinct: distinctLevels(pts), gpuSeconds: s.gpuSeconds, lo: d.Low, hi: d.High}
			return out, log
		}
		for _, l := range d.Levels {
			tried = append(tried, l)
			for k := 0; k < max(1, repeats); k++ {
				pts = append(pts, s.measure(l))
			}
		}
		sort.Slice(pts, func(i, j int) bool { return *pts[i].PerGPU < *pts[j].PerGPU })
	}
}

// family is the benchmark's servers: n per shape, from one seed.
func family(seed uint64, perShape int, opts knee.Options) []*simServer {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var out []*simServer
	for i := 0; i < perShape; i++ {
		for _, k := range []shapeKind{shapeSmooth, shapeSharp, shapeRetrograde, shapeCliff} {
			out = append(out, newSim(rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64())), k, opts))
		}
	}
	return out
}

// clone gives a fresh copy of a server with its own noise stream, so every
// strategy sees the same server and the same kind of noise.
func (s *simServer) clone(seed uint64) *simServer {
	c := *s
	c.rng = rand.New(rand.NewPCG(seed, seed+1))
	c.levelsRun, c.gpuSeconds = 0, 0
	return &c
}

type row struct {
	name                   string
	levels, runs, gpuH     float64
	holds, within, covered float64
	pointCovered           float64
	maxLevels              int
	byShape                map[shapeKind]float64
	byNoise                [len(noiseBands)]float64
}

// noiseBands split the family by its servers' noise (CV of one run).
var noiseBands = [...][2]float64{{0.05, 0.10}, {0.10, 0.20}, {0.20, 0.30}}

func noiseBand(n float64) int {
	for i, b := range noiseBands {
		if n <= b[1] {
			return i
		}
	}
	return len(noiseBands) - 1
}

// compare runs every strategy over the family and returns the table rows.
func compare(servers []*simServer, opts knee.Options, set Settings) []row {
	type strat struct {
		name string
		run  func(*simServer) strategyResult
	}
	ladder, _ := sweep.ParseLadder("16:1024:x2")
	search := func(set Settings, repeats int) func(*simServer) strategyResult {
		return func(s *simServer) strategyResult {
			r, _ := runSearch(s, set, opts, repeats)
			return r
		}
	}
	quick := set
	quick.Confirm = false
	strats := []strat{
		{"fixed ×2 ladder 16..1024, --stop-past-knee", func(s *simServer) strategyResult { return runLadder(s, ladder, opts, true) }},
		{"fixed ×2 ladder 16..1024, every level", func(s *simServer) strategyResult { return runLadder(s, ladder, opts, false) }},
		{"guidellm-style sweep (10 levels)", func(s *simServer) strategyResult { return runGuidellm(s, opts) }},
		{fmt.Sprintf("--search (±%.1f%%, --max-levels %d)", 100*set.Precision, set.MaxLevels), search(set, 1)},
		{"--search --search-confirm=false", search(quick, 1)},
		{"--search --repeats 2", search(set, 2)},
	}
	var rows []row
	for _, st := range strats {
		rw := row{name: st.name, byShape: map[shapeKind]float64{}}
		count := map[shapeKind]float64{}
		var inBand [len(noiseBands)]float64
		for i, s := range servers {
			r := st.run(s.clone(uint64(1000 + i)))
			rw.levels += float64(r.distinct)
			rw.runs += float64(r.levels)
			rw.gpuH += r.gpuSeconds / 3600
			rw.maxLevels = max(rw.maxLevels, r.distinct)
			h, w := r.holds(s.knee), r.within(set.Precision)
			if h {
				rw.holds++
			}
			if w {
				rw.within++
			}
			if r.holds(s.pointKnee) && w {
				rw.pointCovered++
			}
			count[s.kind]++
			b := noiseBand(s.noise)
			inBand[b]++
			if h && w {
				rw.covered++
				rw.byShape[s.kind]++
				rw.byNoise[b]++
			}
		}
		n := float64(len(servers))
		rw.levels, rw.runs, rw.gpuH, rw.holds, rw.within, rw.covered = rw.levels/n, rw.runs/n, rw.gpuH/n, rw.holds/n, rw.within/n, rw.covered/n
		rw.pointCovered /= n
		for b := range rw.byNoise {
			if inBand[b] > 0 {
				rw.byNoise[b] /= inBand[b]
			}
		}
		for k := range rw.byShape {
			rw.byShape[k] /= count[k]
		}
		rows = append(rows, rw)
	}
	return rows
}

func table(rows []row, precision float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| strategy | levels (mean) | runs (mean) | levels (max) | GPU-hours (mean) | holds the true knee | within ±%.1f%% | both (coverage) | coverage at noise 5–10 / 10–20 / 20–30%% | coverage smooth / sharp / retrograde / cliff | both, point-crossing knee |\n", 100*precision)
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %.2f | %.2f | %d | %.2f | %.0f%% | %.0f%% | %.0f%% | %.0f / %.0f / %.0f%% | %.0f / %.0f / %.0f / %.0f%% | %.0f%% |\n", r.name, r.levels, r.runs, r.maxLevels, r.gpuH,
			100*r.holds, 100*r.within, 100*r.covered, 100*r.byNoise[0], 100*r.byNoise[1], 100*r.byNoise[2],
			100*r.byShape[shapeSmooth], 100*r.byShape[shapeSharp], 100*r.byShape[shapeRetrograde], 100*r.byShape[shapeCliff], 100*r.pointCovered)
	}
	return b.String()
}

package search

import (
	"math"
	"sort"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Levels that stop by precision on the queue benchmark's servers (issue
// 30; simulated, not measured). The model of a level's noise: a run of T
// seconds reads the throughput with a CV of noise·√(T_fixed/T), where
// T_fixed is the duration of the fixed-count level the benchmark's noise
// is stated for — per-run noise that falls as a level runs longer, as a
// real engine's does when it is the windows' noise (scheduling, batch
// composition), not a drift between runs, which no level length removes
// and this model leaves out. Its windows report that CV's 95% interval;
// the level stops when it is within ±3% (T_fixed·(1.96·noise/0.03)²
// seconds), or at the time cap, never under the least duration.
const (
	benchPrecision = sweep.DefaultLevelPrecision
	benchMinS      = 10.0
)

// measurePrecise runs one level that stops by precision, at most maxS
// seconds (--level-max-duration) — or, given the search's step reference
// (StepRef), as soon as its step from that level is resolved: the level
// reads its throughput as it runs, one normal draw whose CV narrows with
// time, and stops at the first second (from the least duration) at which
// sweep.StepRef.Resolved holds, as the harness does.
func (s *queueServer) measurePrecise(perGPU int, maxS float64, ref *sweep.StepRef) sweep.Point {
	c := float64(perGPU)
	g := float64(s.gpus)
	rate0 := s.x(c) * g / float64(s.out) // the fixed count's duration, at the model's rate
	tFixed := math.Max(64, 8*c*g) / rate0
	t := tFixed * math.Pow(1.96*s.noise/benchPrecision, 2)
	reason := sweep.StopPrecision
	switch {
	case t > maxS:
		t, reason = maxS, sweep.StopTimeCap
	case t < benchMinS:
		t = benchMinS
	}
	z := s.rng.NormFloat64()
	if ref != nil {
		for ts := benchMinS; ts < t; ts++ {
			cv := s.noise * math.Sqrt(tFixed/ts)
			if ref.Resolved(perGPU, s.x(c)*jitterAt(z, cv)*g, 1.96*cv) {
				t, reason = ts, sweep.StopResolved
				break
			}
		}
	}
	cv := s.noise * math.Sqrt(tFixed/t)
	p := s.measureAt(perGPU, cv, z, func(rate float64) (float64, float64) { return rate * t, s.warmupS + t })
	h := 1.96 * cv
	p.StopReason = reason
	p.Windows = &sweep.Windows{Count: int(t), LengthS: 1, Spread: cv * math.Sqrt(t), HalfWidth: h}
	p.ThroughputCI95 = &sweep.Interval{Low: p.ThroughputTokS * (1 - h), High: p.ThroughputTokS * (1 + h)}
	return p
}

// probeCap is the cap probe's reading on a server: an engine with /metrics
// whose running count is pinned by a sequence or KV cap under the probe's
// 512/GPU shows it; a front-end's thrash and an uncapped engine show none.
func (s *queueServer) probeCap() int {
	if !s.metrics || !(s.cap < 0.9*512) {
		return 0
	}
	return int(math.Round(s.cap))
}

// runQueueSearchPrecise is knee sweep --search with levels that stop by
// precision: the cap probe first, and a step the levels' intervals cannot
// resolve extended (Extend) before the planner decides.
func runQueueSearchPrecise(s *queueServer, set Settings, opts knee.Options, maxS float64) queueOutcome {
	var pts []sweep.Point
	var tried []int
	run := func(l int) {
		pts = append(pts, s.measurePrecise(l, maxS, StepRef(s.sweepOf(pts), l, opts)))
		sort.SliceStable(pts, func(i, j int) bool { return *pts[i].PerGPU < *pts[j].PerGPU })
	}
	if c := s.probeCap(); c > 0 {
		s.gpuSeconds += 30 * float64(s.gpus) // the probe's bound
		for _, l := range CapLevels(c, set) {
			tried = append(tried, l)
			run(l)
		}
	}
	for {
		if again, _ := Extend(s.sweepOf(pts), opts); len(again) > 0 {
			for _, l := range again {
				run(l)
			}
			continue
		}
		d := Next(s.sweepOf(pts), tried, set, opts)
		if d.Done() {
			return queueOutcome{rec: recommend(s.sweepOf(pts), opts), distinct: len(tried), runs: s.levelsRun, gpuSeconds: s.gpuSeconds}
		}
		for _, l := range d.Levels {
			tried = append(tried, l)
			run(l)
		}
	}
}

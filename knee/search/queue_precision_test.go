package search

import (
	"flag"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

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
// precision: the cap probe first, a step the levels' intervals cannot
// resolve extended (Extend) before the planner decides, and the operating
// point's step run twice (Confirm) before the search answers.
func runQueueSearchPrecise(s *queueServer, set Settings, opts knee.Options, maxS float64) queueOutcome {
	r, _ := traceQueueSearchPrecise(s, set, opts, maxS)
	return r
}

// traceQueueSearchPrecise is runQueueSearchPrecise with its log: every
// run's reading and interval, every decision, and the rule's verdicts.
func traceQueueSearchPrecise(s *queueServer, set Settings, opts knee.Options, maxS float64) (queueOutcome, []string) {
	var pts []sweep.Point
	var tried []int
	var log []string
	run := func(l int) {
		ref := StepRef(s.sweepOf(pts), l, opts)
		p := s.measurePrecise(l, maxS, ref)
		log = append(log, fmt.Sprintf("  run %4d: %7.0f tok/s/GPU (true %7.0f) ±%5.1f%% %s, ref %v", l, *p.ThroughputPerGPU, s.x(float64(l)), 100*p.Windows.HalfWidth, p.StopReason, ref))
		pts = append(pts, p)
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
		if again, why := Extend(s.sweepOf(pts), opts); len(again) > 0 {
			log = append(log, "extend: "+why)
			for _, l := range again {
				run(l)
			}
			continue
		}
		d := Next(s.sweepOf(pts), tried, set, opts)
		log = append(log, string(d.Phase)+": "+d.Reason)
		if d.Done() {
			if again, why := Confirm(s.sweepOf(pts), opts); len(again) > 0 {
				log = append(log, why)
				for _, l := range again {
					run(l)
				}
				continue
			}
			o := opts
			o.Bootstrap = 0
			r, _ := knee.Find(s.sweepOf(pts), o)
			for _, p := range r.Points {
				log = append(log, fmt.Sprintf("  %4.0f  X %7.0f  %s %v", p.PerGPU, p.ThroughputTokS, p.Verdict, p.Reasons))
			}
			return queueOutcome{rec: recommend(s.sweepOf(pts), opts), distinct: len(tried), runs: s.levelsRun, gpuSeconds: s.gpuSeconds}, log
		}
		for _, l := range d.Levels {
			tried = append(tried, l)
			run(l)
		}
	}
}

// TestQueueBenchmarkPreciseTrace prints one server's search with levels
// that stop by precision, for reading a miss (-queue-trace-precise N: the
// Nth of the 120 servers; 999 lists the misses).
func TestQueueBenchmarkPreciseTrace(t *testing.T) {
	if *queueTracePrecise < 0 {
		t.Skip("give -queue-trace-precise N")
	}
	opts := knee.DefaultOptions()
	servers := queueFamily(20, 30)
	if *queueTracePrecise == 999 {
		var safe, tight, levels, runs, gpuH float64
		shapeSafe, shapeTight := map[queueShape]int{}, map[queueShape]int{}
		for i, s := range servers {
			r := runQueueSearchPrecise(s.clone(uint64(*queueSeed+i)), DefaultSettings(), opts, *queueMaxS)
			levels, runs, gpuH = levels+float64(r.distinct), runs+float64(r.runs), gpuH+r.gpuSeconds/3600
			if r.rec <= s.trueKnee*(1+1e-9) {
				safe++
				shapeSafe[s.shape]++
			}
			if r.rec >= tightShare*s.trueKnee {
				tight++
				shapeTight[s.shape]++
			}
			if r.rec > s.trueKnee || r.rec < tightShare*s.trueKnee {
				t.Logf("%3d: %-9s cap %4.0f thrash %4.0f noise %.2f metrics %-5v: true %6.1f rec %4.0f (%.2f) levels %d runs %d", i, s.shape, s.cap, s.thrash, s.noise, s.metrics, s.trueKnee, r.rec, r.rec/s.trueKnee, r.distinct, r.runs)
			}
		}
		n := float64(len(servers))
		t.Logf("safe %.0f tight %.0f of %.0f; levels %.2f runs %.2f GPU-hours %.2f; safe/tight by shape %v %v", safe, tight, n, levels/n, runs/n, gpuH/n, shapeSafe, shapeTight)
		return
	}
	i := *queueTracePrecise
	s := servers[i]
	r, log := traceQueueSearchPrecise(s.clone(uint64(*queueSeed+i)), DefaultSettings(), opts, *queueMaxS)
	t.Logf("%s cap %.0f thrash %.0f σ %.4g noise %.2f metrics %v: true knee %.1f, recommended %.0f in %d levels, %d runs\n%s",
		s.shape, s.cap, s.thrash, s.sigma, s.noise, s.metrics, s.trueKnee, r.rec, r.distinct, r.runs, strings.Join(log, "\n"))
}

var queueMaxS = flag.Float64("queue-max-s", 45, "the level time cap (--level-max-duration, seconds) TestQueueBenchmarkPreciseTrace runs with")

var queueSeed = flag.Int("queue-seed", 5000, "the runs' seeds (seed + i) TestQueueBenchmarkPreciseTrace's list of misses uses")

var queueTracePrecise = flag.Int("queue-trace-precise", -1, "TestQueueBenchmarkPreciseTrace prints this server's search (of the 120)")

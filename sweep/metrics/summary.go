package metrics

import (
	"github.com/kneetool/knee/sweep"
)

// Summarize reduces a level's samples to what a point carries. It returns
// nil when no sample holds a known series: then knee find says "no engine
// metrics" for the level instead of guessing.
func Summarize(samples []Snapshot, sources []string) *sweep.EngineMetrics {
	known := knownSamples(samples)
	if len(known) == 0 {
		return nil
	}
	e := &sweep.EngineMetrics{Samples: len(known), Sources: sources, Engine: firstEngine(known)}
	e.RunningMean, e.RunningMax = meanMax(known, func(s Snapshot) *float64 { return s.Running })
	busy := count(known, func(s Snapshot) bool { return s.Running != nil && *s.Running > 0 })
	e.BusySamples = &busy
	e.WaitingMean, e.WaitingMax = meanMax(known, func(s Snapshot) *float64 { return s.Waiting })
	if e.RunningMax != nil && e.WaitingMax != nil {
		// Running pinned near its maximum with a queue behind it: the
		// engine admits no more, so what the client adds only waits.
		top := *e.RunningMax
		queued := count(known, func(s Snapshot) bool {
			return s.Running != nil && s.Waiting != nil && *s.Running > 0 && *s.Running >= 0.95*top && *s.Waiting > 0
		})
		e.QueuedSamples = &queued
	}
	e.KVUsageMean, e.KVUsageMax = meanMax(known, func(s Snapshot) *float64 { return s.KVUsage })
	e.FrontendInflight, _ = meanMax(known, func(s Snapshot) *float64 { return s.FrontendInflight })
	_, e.FrontendQueuedMax = meanMax(known, func(s Snapshot) *float64 { return s.FrontendQueued })
	_, e.MaxRunning = meanMax(known, func(s Snapshot) *float64 { return s.MaxRunning })
	_, e.KVCapacityTokens = meanMax(known, func(s Snapshot) *float64 { return s.KVCapacityTokens })
	e.Preemptions = counterIncrease(known, func(s Snapshot) *float64 { return s.Preemptions })
	return e
}

// knownSamples keeps the samples that hold a series the attribution uses.
func knownSamples(samples []Snapshot) []Snapshot {
	var known []Snapshot
	for _, s := range samples {
		if s.Known() {
			known = append(known, s)
		}
	}
	return known
}

// firstEngine is the engine the first sample that names one names.
func firstEngine(known []Snapshot) string {
	for _, s := range known {
		if s.Engine != "" {
			return s.Engine
		}
	}
	return ""
}

// meanMax is a series' mean and maximum over the samples that hold it;
// nil, nil when none does.
func meanMax(known []Snapshot, get func(Snapshot) *float64) (mean, max *float64) {
	t, n, m := 0.0, 0, 0.0
	for _, s := range known {
		if v := get(s); v != nil {
			t += *v
			if n == 0 || *v > m {
				m = *v
			}
			n++
		}
	}
	if n == 0 {
		return nil, nil
	}
	return ptr(t / float64(n)), ptr(m)
}

// count is how many samples match.
func count(known []Snapshot, match func(Snapshot) bool) int {
	n := 0
	for _, s := range known {
		if match(s) {
			n++
		}
	}
	return n
}

// counterIncrease is a counter's increase over the level: last − first,
// where a restart (the counter fell) counts what accumulated after it; nil
// when no sample holds it.
func counterIncrease(known []Snapshot, get func(Snapshot) *float64) *float64 {
	var first, prev *float64
	inc := 0.0
	for _, s := range known {
		v := get(s)
		if v == nil {
			continue
		}
		if first == nil {
			first, prev = v, v
			continue
		}
		if *v >= *prev {
			inc += *v - *prev
		} else {
			inc += *v
		}
		prev = v
	}
	if first == nil {
		return nil
	}
	return ptr(inc)
}

package metrics

import (
	"github.com/kneetool/knee/sweep"
)

// Summarize reduces a level's samples to what a point carries. It returns
// nil when no sample holds a known series: then knee find says "no engine
// metrics" for the level instead of guessing.
func Summarize(samples []Snapshot, sources []string) *sweep.EngineMetrics {
	var known []Snapshot
	for _, s := range samples {
		if s.Known() {
			known = append(known, s)
		}
	}
	if len(known) == 0 {
		return nil
	}
	e := &sweep.EngineMetrics{Samples: len(known), Sources: sources}
	for _, s := range known {
		if s.Engine != "" {
			e.Engine = s.Engine
			break
		}
	}
	stat := func(get func(Snapshot) *float64) (mean, max *float64) {
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
	e.RunningMean, e.RunningMax = stat(func(s Snapshot) *float64 { return s.Running })
	busy := 0
	for _, s := range known {
		if s.Running != nil && *s.Running > 0 {
			busy++
		}
	}
	e.BusySamples = &busy
	e.WaitingMean, e.WaitingMax = stat(func(s Snapshot) *float64 { return s.Waiting })
	if e.RunningMax != nil && e.WaitingMax != nil {
		// Running pinned near its maximum with a queue behind it: the
		// engine admits no more, so what the client adds only waits.
		queued := 0
		for _, s := range known {
			if s.Running != nil && s.Waiting != nil && *s.Running > 0 && *s.Running >= 0.95**e.RunningMax && *s.Waiting > 0 {
				queued++
			}
		}
		e.QueuedSamples = &queued
	}
	e.KVUsageMean, e.KVUsageMax = stat(func(s Snapshot) *float64 { return s.KVUsage })
	e.FrontendInflight, _ = stat(func(s Snapshot) *float64 { return s.FrontendInflight })
	_, e.FrontendQueuedMax = stat(func(s Snapshot) *float64 { return s.FrontendQueued })
	_, e.MaxRunning = stat(func(s Snapshot) *float64 { return s.MaxRunning })
	_, e.KVCapacityTokens = stat(func(s Snapshot) *float64 { return s.KVCapacityTokens })
	// A counter's increase over the level: last − first, where a restart
	// (the counter fell) counts what accumulated after it.
	var first, prev *float64
	inc := 0.0
	for _, s := range known {
		v := s.Preemptions
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
	if first != nil {
		e.Preemptions = ptr(inc)
	}
	return e
}

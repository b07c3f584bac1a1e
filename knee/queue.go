package knee

import (
	"fmt"
	"math"

	"github.com/kneetool/knee/sweep"
)

// Queue evidence: a level past the knee is one where added requests only
// wait. The elasticity rule sees that only across a resolvable step
// (1.33×), and a hinge between two levels 2× apart (an engine capped at 48
// sequences, swept at 32 and 64) still reads e = ln 1.5 / ln 2 = 0.58 into
// 64: "scaling". The queue itself is direct evidence, of two kinds.
//
//   - Engine: the engine ran at its cap (the most it ran at any level, or
//     the cap it exports) with requests waiting in most busy samples, and
//     the waiting requests were at least queueShare of those in flight.
//     The cap is then where the queue starts.
//   - TTFT, without engine metrics: by Little's law a request spends
//     R = N / rate in flight. Against a lower level h, a level i whose R
//     grew beyond noise (ΔR > 2·noise·R_h) while TTFT (mean, else p50)
//     carried at least half of that growth and at least doubled is queueing:
//     the in-flight requests beyond what throughput serves waited for their
//     first token instead of slowing the batch (which shows in the
//     inter-token latency, not TTFT). The queue's length is rate × the
//     added wait, so about N_i − rate·ΔTTFT requests ran: the onset.
//
// A throughput-only table (no TTFT, no engine metrics) has neither and
// keeps the elasticity rule alone.
const (
	// queueShare: the mean waiting count, as a share of the client's
	// in-flight requests, from which a pinned engine counts as queueing.
	queueShare = 0.05
	// ttftWaitShare: the least share of the in-flight time's growth that
	// TTFT must carry.
	ttftWaitShare = 0.5
	// ttftWaitRise: TTFT must at least multiply by this.
	ttftWaitRise = 2.0
	// minQueued: the fewest requests that must wait on average (Little's
	// law on the TTFT growth) for TTFT to show a queue; fewer is none.
	minQueued = 1.0
	// queueLookback bounds the lower levels each level is compared with
	// (the analysis stays linear in the levels).
	queueLookback = 8
)

// QueueOnset is where requests start waiting.
type QueueOnset struct {
	// PerGPU is the onset in the analysis unit (total when GPUs are unknown).
	PerGPU float64 `json:"per_gpu"`
	// From is "engine" (the running count at the engine's cap) or "ttft"
	// (N − rate × the added TTFT, Little's law).
	From string `json:"from"`
	// AtPerGPU is the lowest level that queues, where it was read.
	AtPerGPU float64 `json:"at_per_gpu"`
	Detail   string  `json:"detail"`
}

// IsMeasuredCap reports whether the operating point lo, below the first
// level past the knee hi, is the engine's own cap, measured: every level
// above it only adds waiting requests (the engine said so), so no level
// between lo and hi can do better, however wide the bracket. The search
// ends there (knee/search) and find names no level to narrow the knee:
// both ask this one rule (they disagreed: "done: the knee is the engine's
// cap, 160/GPU, measured" beside "next: add 184 and 208/GPU").
func (q *QueueOnset) IsMeasuredCap(lo, hi float64) bool {
	return q != nil && q.From == "engine" && lo > 0 && hi > lo && lo == math.Round(q.PerGPU)
}

// isAbove reports whether the engine's measured cap lies at or above l,
// a level that does not queue itself.
func (q *QueueOnset) isAbove(l *levelEval) bool {
	return q != nil && q.From == "engine" && !l.queue && l.x <= q.PerGPU*(1+1e-9)
}

// markQueueing flags the valid levels that queue (l.queue, ReasonQueueing
// with the numbers) and returns the onset read at the lowest of them.
func markQueueing(used, all []*levelEval, gpus int, perGPU bool, opts Options, w words) *QueueOnset {
	div := 1.0
	if perGPU && gpus > 0 {
		div = float64(gpus)
	}
	capRun := peakRunning(all)
	share := capShare(used, capRun, div, w)
	var onset *QueueOnset
	for i, l := range used {
		if l.dip {
			continue
		}
		if ok, running, detail := engineQueue(l, capRun, div, share, w); ok {
			l.queue = true
			l.add(ReasonQueueing, detail)
			if onset == nil {
				onset = &QueueOnset{PerGPU: round6(roundTo(running / div)), From: "engine", AtPerGPU: l.x,
					Detail: fmt.Sprintf("the engine's cap: it ran %s with requests waiting at %s", w.unit(roundTo(running/div)), w.unit(l.x))}
			}
			continue
		}
		// The TTFT reading stands in for the engine's: where the engine's
		// own waiting count was sampled, it has already spoken.
		if e := engineOf(l); e != nil && e.WaitingMax != nil {
			continue
		}
		if ok, running, detail := ttftQueue(used, i, opts, div, w); ok {
			l.queue = true
			l.add(ReasonQueueing, detail)
			if onset == nil {
				onset = &QueueOnset{PerGPU: round6(roundTo(running / div)), From: "ttft", AtPerGPU: l.x,
					Detail: fmt.Sprintf("TTFT at %s holds the wait of all but about %s of its requests (Little's law)", w.unit(l.x), w.unit(roundTo(running/div)))}
			}
		}
	}
	return onset
}

// peakRunning is the most requests the engine ran at any level.
func peakRunning(levels []*levelEval) float64 {
	peak := 0.0
	for _, l := range levels {
		for _, p := range l.points {
			if e := p.Engine; e != nil && e.RunningMax != nil && *e.RunningMax > peak {
				peak = *e.RunningMax
			}
		}
	}
	return peak
}

// capShare is the share of requests in flight that must wait for a level
// at the cap to queue. Once a level queues at the engine's cap, the cap is
// established: a level above that cap, pinned at it with requests waiting
// in most busy samples, is past it too, however few wait (a level a little
// above an untyped cap, 256 against 253, queues 1% of its requests and
// gains nothing over the cap).
func capShare(used []*levelEval, capRun, div float64, w words) float64 {
	for _, l := range used {
		if !l.dip {
			if ok, _, _ := engineQueue(l, capRun, div, queueShare, w); ok {
				return 0
			}
		}
	}
	return queueShare
}

// engineQueue reads the engine's own evidence; running is the engine's
// running count (total) when it queues.
func engineQueue(l *levelEval, capRun, div, share float64, w words) (bool, float64, string) {
	e := engineOf(l)
	running, busy, ok := atCap(e, capRun)
	if !ok {
		return false, 0, ""
	}
	inflight := l.concurrency
	if finite(l.achieved) && l.achieved > 0 {
		inflight = l.achieved * l.concurrency
	}
	waitMean := 0.0
	if e.WaitingMean != nil {
		waitMean = *e.WaitingMean
	}
	if waitMean < share*inflight || !(waitMean > 0) {
		return false, 0, ""
	}
	if share < queueShare && inflight < running+1 {
		// At the cap itself nothing need wait: a few waiting there are a
		// request between its predecessor's end and its slot, not a queue.
		return false, 0, ""
	}
	most, ok := pinned(e, busy, running, div)
	if !ok {
		return false, 0, ""
	}
	return true, running, fmt.Sprintf("queueing: the engine ran %s, its cap (the most at any level), with %s (%s waiting on average, up to %s): added requests only wait",
		w.unit(roundTo(running/div)), most, num(roundTo(waitMean)), thousands(*e.WaitingMax))
}

// atCap reports whether the engine ran at its cap (its own max running
// requests, else the most at any level) with requests waiting, in enough
// busy samples; busy is -1 when the samples were not counted.
func atCap(e *sweep.EngineMetrics, capRun float64) (running float64, busy int, ok bool) {
	if e == nil || e.RunningMax == nil || *e.RunningMax <= 0 || e.WaitingMax == nil || *e.WaitingMax <= 0 {
		return 0, 0, false
	}
	busy = -1
	if e.BusySamples != nil {
		busy = *e.BusySamples
		if busy < minBusySamples {
			return 0, 0, false
		}
	}
	capAt := capRun
	if e.MaxRunning != nil && *e.MaxRunning > 0 {
		capAt = *e.MaxRunning
	}
	running = *e.RunningMax
	return running, busy, running >= 0.98*capAt
}

// pinned says how the samples show the engine held at its cap: requests
// waiting in most busy samples, or, for a summary without that count
// (recorded before it was kept), running near its maximum on average.
func pinned(e *sweep.EngineMetrics, busy int, running, div float64) (string, bool) {
	if e.QueuedSamples != nil && busy > 0 {
		if 2**e.QueuedSamples <= busy {
			return "", false
		}
		return fmt.Sprintf("requests waiting in %d of %d busy samples", *e.QueuedSamples, busy), true
	}
	if e.RunningMean == nil || *e.RunningMean < 0.9*running {
		return "", false
	}
	return fmt.Sprintf("running %s on average", num(roundTo(*e.RunningMean/div))), true
}

// ttftQueue reads TTFT against up to queueLookback lower levels (nearest
// first); running is the requests (total) that TTFT shows were served.
func ttftQueue(used []*levelEval, i int, opts Options, div float64, w words) (bool, float64, string) {
	l := used[i]
	if !closedLoop(l) || !finite(l.ttftWait) || !(l.reqRate > 0) {
		return false, 0, ""
	}
	ri := 1000 * l.concurrency / l.reqRate
	seen := 0
	for j := i - 1; j >= 0 && seen < queueLookback; j-- {
		h := used[j]
		if h.dip {
			continue
		}
		seen++
		if !closedLoop(h) || !finite(h.ttftWait) || !(h.reqRate > 0) || !(h.ttftWait > 0) {
			continue
		}
		rh := 1000 * h.concurrency / h.reqRate
		dR, dT := ri-rh, l.ttftWait-h.ttftWait
		if dR <= 2*opts.Noise*rh || dT < ttftWaitShare*dR || l.ttftWait < ttftWaitRise*h.ttftWait {
			continue
		}
		queued := math.Min(l.concurrency, l.reqRate*dT/1000)
		if queued < minQueued {
			// Less than one request waited on average: no queue, however
			// much of a small growth TTFT carries (it read "about 0
			// requests waited" at a level whose throughput rose 38 → 65).
			continue
		}
		running := l.concurrency - queued
		return true, running, fmt.Sprintf("queueing: %s rose %s → %s ms from %s while a request's time in flight (Little's law, N ÷ rate) grew %s → %s ms: TTFT carries %.0f%% of the growth, so about %s requests waited and %s ran",
			l.ttftWaitStat, thousands(h.ttftWait), thousands(l.ttftWait), w.unit(h.x), thousands(rh), thousands(ri), 100*math.Min(1, dT/dR), thousands(math.Round(queued)), w.unit(roundTo(running/div)))
	}
	return false, 0, ""
}

// engineOf is the first repeat's engine summary that saw requests running.
func engineOf(l *levelEval) *sweep.EngineMetrics {
	for _, p := range l.points {
		if p.Engine != nil && p.Engine.RunningMax != nil {
			return p.Engine
		}
	}
	return nil
}

// queueWhy is the queueing sentence without its label.
func (e *levelEval) queueWhy() string {
	for i, r := range e.reasons {
		if r == ReasonQueueing {
			d := e.details[i]
			if len(d) > len("queueing: ") && d[:len("queueing: ")] == "queueing: " {
				return d[len("queueing: "):]
			}
			return d
		}
	}
	return "requests wait"
}

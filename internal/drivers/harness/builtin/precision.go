package builtin

import (
	"math"
	"sync"
	"time"

	"github.com/kneetool/knee/sweep"
)

// A level's throughput is watched over ticks of monitorTick, counting
// streamed content events (each a token or a few: the ratio is fixed for a
// server, so the relative interval is the same as the tokens'). Its
// interval comes from overlapping batches one wave — a mean request — long
// (windows), so that the rhythm of a closed loop whose slots prefill
// together is averaged within every batch, not read as noise, and at least
// minWindows waves are judged.
const (
	monitorTick = 500 * time.Millisecond
	// minWindows is the fewest whole waves (mean requests) an interval is
	// judged on.
	minWindows = 3
	// minSlotRequests is how many requests past its first every in-flight
	// slot finishes before a closed-loop level may stop: it is not judged
	// on its ramp.
	minSlotRequests = 2
	// timeCapStretch bounds how far past --level-max-duration a level
	// without an interval runs on (capped).
	timeCapStretch = 3
)

// tick is one monitor period: content events and its real length.
type tick struct {
	events int64
	dt     time.Duration
}

// monitor watches one level from a goroutine and, for a level that stops
// by precision, tells its workers to stop (levelRun.stop).
type monitor struct {
	lvl     sweep.Level
	run     *levelRun
	workers int64

	mu        sync.Mutex
	ticks     []tick
	measuring bool
	reason    string
	last      sweep.Windows
	lastRate  float64       // content events per second over the windows
	lastSpan  time.Duration // the ticks' span the windows cover
	lastOK    bool
	stopped   chan struct{}
	wg        sync.WaitGroup
}

func startMonitor(lvl sweep.Level, run *levelRun, workers int, start time.Time) *monitor {
	m := &monitor{lvl: lvl, run: run, workers: int64(workers), stopped: make(chan struct{})}
	if !lvl.StopsByPrecision() {
		m.reason = sweep.StopFixedCount
	}
	m.wg.Add(1)
	go m.loop(start)
	return m
}

func (m *monitor) loop(start time.Time) {
	defer m.wg.Done()
	t := time.NewTicker(monitorTick)
	defer t.Stop()
	var prevEvents int64
	prev := start
	for {
		select {
		case <-m.stopped:
			return
		case now := <-t.C:
			events := m.run.events.Load()
			if m.observe(now.Sub(start), tick{events: events - prevEvents, dt: now.Sub(prev)}) {
				m.run.stop.Store(true)
				m.run.cutInFlight()
				return
			}
			prevEvents, prev = events, now
		}
	}
}

// cutInFlight ends the requests still in flight once the level has its
// answer: the windows that gave it are closed, so their tails would only
// cost time.
func (r *levelRun) cutInFlight() {
	if r.cut == nil {
		return
	}
	r.cutting.Store(true)
	r.cut()
}

// observe takes one tick at elapsed since the level's start; it reports
// whether the level should stop now.
func (m *monitor) observe(elapsed time.Duration, t tick) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	r := m.run
	// Every request claimed: the level drains, and fewer in flight is
	// not the level's rate.
	if r.next.Load() >= int64(r.total) {
		return false
	}
	if !m.measuring {
		// Measuring begins once every slot's first request ended: the
		// server then holds the whole level.
		m.measuring = r.firstsDone.Load() >= m.workers
	} else {
		m.ticks = append(m.ticks, t)
		m.last, m.lastRate, m.lastOK = windows(m.ticks, r.meanWave())
		m.lastSpan += t.dt
	}
	if !m.lvl.StopsByPrecision() {
		return false
	}
	if m.capped(elapsed) {
		m.reason = sweep.StopTimeCap
		return true
	}
	if m.precise(elapsed) {
		m.reason = sweep.StopPrecision
		return true
	}
	if m.resolved(elapsed) {
		m.reason = sweep.StopResolved
		return true
	}
	return false
}

// capped is the time cap: --level-max-duration, once the level holds an
// interval (minWindows whole waves). A level whose requests are so slow
// that the cap holds fewer runs on, up to timeCapStretch × the cap: on the
// H200 test bed requests of 15–25 s at 144–352/GPU left 45 s levels with
// no interval at all, and knee diff then judged them on the change alone —
// the least precise levels as if exact. The search's time budget bounds
// what the longer levels cost.
func (m *monitor) capped(elapsed time.Duration) bool {
	limit := seconds(m.lvl.MaxDurationS)
	if elapsed < limit {
		return false
	}
	return m.lastOK && m.last.Count >= minWindows || elapsed >= timeCapStretch*limit
}

// judged is what every stop but the time cap waits for: the least
// duration, every slot past minSlotRequests, and an interval of at least
// minWindows windows.
func (m *monitor) judged(elapsed time.Duration) bool {
	return elapsed >= seconds(m.lvl.MinDurationS) && m.run.slotsDone.Load() >= m.workers &&
		m.lastOK && m.last.Count >= minWindows
}

// resolved is the search's stop (sweep/steps.go): the level's step from
// the lower level its search judges it against is resolved by both
// intervals, whatever its own precision. It need not wait for the p99's
// requests: a level that stops with fewer reports its p90 (ttft_tail).
func (m *monitor) resolved(elapsed time.Duration) bool {
	st := m.lvl.Step
	if st == nil || !m.judged(elapsed) {
		return false
	}
	chunks := m.run.liveChunks.Load()
	if chunks == 0 {
		return false
	}
	thr := m.lastRate * float64(m.run.liveTokens.Load()) / float64(chunks)
	return st.Resolved(m.lvl.PerGPU, thr, m.last.HalfWidth)
}

// precise is the precision stop: past the least duration, every slot has
// finished minSlotRequests, the p99 has its requests, and the interval of
// at least minWindows windows is within the level's precision.
func (m *monitor) precise(elapsed time.Duration) bool {
	r := m.run
	return m.judged(elapsed) && r.done.Load()-r.failed.Load() >= sweep.MinSamplesP99 && m.last.HalfWidth <= m.lvl.Precision
}

// finish stops the monitor and returns why the level stopped and its
// windows (ok false when too short for two).
func (m *monitor) finish() (reason string, w sweep.Windows, rate float64, span time.Duration, ok bool) {
	select {
	case <-m.stopped:
	default:
		close(m.stopped)
	}
	m.wg.Wait()
	m.mu.Lock()
	defer m.mu.Unlock()
	reason = m.reason
	if reason == "" {
		// Ctrl-C, or every request claimed before either bound (a level
		// given a request cap): the count ended it.
		reason = sweep.StopFixedCount
	}
	return reason, m.last, m.lastRate, m.lastSpan, m.lastOK
}

// halfWidth is the current relative half-width for the progress line
// (NaN before there is one).
func (m *monitor) halfWidth() float64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.lastOK {
		return math.NaN()
	}
	return m.last.HalfWidth
}

// windows summarises a level's ticks by overlapping batch means
// (Meketon & Schmeiser 1984): every run of consecutive ticks one wave long
// is a batch, the wave being max(1 s, the mean request less its queue
// wait: levelRun.meanWave). A closed loop
// whose slots prefill together pulses with that period — on the H200 test
// bed, equal output lengths kept every slot in step — and a window shorter
// than a wave reads the pulse as noise (±7–28% where the level's mean was
// far steadier), while any window a whole wave long holds one whole pulse.
// Overlapping the batches keeps 1.5× the degrees of freedom of disjoint
// ones: the interval is t(⌊1.5(n/b − 1)⌋) · σ̂/√n, σ̂² = n·b/((n−b)(n−b+1)) ·
// Σ(Y_j − Ȳ)² over the n−b+1 batch means Y_j of b ticks. Count is the
// whole waves the ticks span and LengthS one wave; rate is the events per
// second over every tick. ok is false under two waves.
func windows(ticks []tick, meanE2E time.Duration) (w sweep.Windows, rate float64, ok bool) {
	n := len(ticks)
	if n == 0 {
		return w, 0, false
	}
	var (
		allEv int64
		allDt time.Duration
	)
	for _, t := range ticks {
		allEv, allDt = allEv+t.events, allDt+t.dt
	}
	if allDt <= 0 || allEv <= 0 {
		return w, 0, false
	}
	rate = float64(allEv) / allDt.Seconds()
	meanDt := allDt / time.Duration(n)
	wave := max(time.Second, meanE2E)
	// A tick a few µs short of its period must not add a tick to a wave.
	b := max(1, int(math.Ceil(float64(wave)/float64(meanDt)-1e-3)))
	if n < 2*b {
		return w, rate, false
	}
	var (
		sumEv  int64
		sumDt  time.Duration
		ss     float64
		groups int
	)
	for i, t := range ticks {
		sumEv, sumDt = sumEv+t.events, sumDt+t.dt
		if i >= b {
			sumEv, sumDt = sumEv-ticks[i-b].events, sumDt-ticks[i-b].dt
		}
		if i >= b-1 && sumDt > 0 {
			y := float64(sumEv) / sumDt.Seconds()
			ss += (y - rate) * (y - rate)
			groups++
		}
	}
	variance := float64(n*b) / float64((n-b)*(n-b+1)) * ss / float64(n)
	dof := int(1.5 * (float64(n)/float64(b) - 1))
	w = sweep.Windows{Count: n / b, LengthS: (meanDt * time.Duration(b)).Seconds(),
		Spread:    math.Sqrt(ss/float64(max(groups-1, 1))) / rate,
		HalfWidth: sweep.TQuantile975(dof) * math.Sqrt(variance) / rate}
	return w, rate, true
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

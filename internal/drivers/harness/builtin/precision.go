package builtin

import (
	"math"
	"sync"
	"time"

	"github.com/kneetool/knee/sweep"
)

// A level's throughput is watched over ticks of monitorTick, counting
// streamed content events (each a token or a few: the ratio is fixed for a
// server, so the relative interval is the same as the tokens'). Ticks are
// grouped into windows of at least a second and a quarter of the mean
// request (batch means), and at least minWindows of them are judged: two
// requests of every slot, so that the rhythm of a closed loop whose slots
// prefill together is inside the windows' spread, not hidden between them.
const (
	monitorTick = 500 * time.Millisecond
	// minWindows is the fewest windows an interval is judged on: with
	// windows a quarter of a request long, two requests of every slot.
	minWindows = 8
	// minSlotRequests is how many requests past its first every in-flight
	// slot finishes before a closed-loop level may stop: it is not judged
	// on its ramp.
	minSlotRequests = 2
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
	lastRate  float64 // content events per second over the windows
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
				return
			}
			prevEvents, prev = events, now
		}
	}
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
		m.last, m.lastRate, m.lastOK = windows(m.ticks, r.meanE2E())
	}
	if !m.lvl.StopsByPrecision() {
		return false
	}
	if elapsed >= seconds(m.lvl.MaxDurationS) {
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
func (m *monitor) finish() (reason string, w sweep.Windows, rate float64, ok bool) {
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
	return reason, m.last, m.lastRate, m.lastOK
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

// windows groups ticks into windows of at least max(1 s, a quarter of the
// mean request) and summarises their rates; the unfinished last window is
// left out. rate is the events per second over all whole windows.
func windows(ticks []tick, meanE2E time.Duration) (w sweep.Windows, rate float64, ok bool) {
	length := max(time.Second, meanE2E/4)
	var (
		rates         []float64
		events, allEv int64
		dt, allDt     time.Duration
	)
	for _, t := range ticks {
		events += t.events
		dt += t.dt
		if dt >= length {
			rates = append(rates, float64(events)/dt.Seconds())
			allEv, allDt = allEv+events, allDt+dt
			events, dt = 0, 0
		}
	}
	// Windows close on the first tick past length, so they run up to a
	// tick longer than it: their real mean length is what they span.
	if len(rates) > 0 {
		length = allDt / time.Duration(len(rates))
	}
	w, ok = sweep.WindowStats(rates, length)
	if ok {
		rate = float64(allEv) / allDt.Seconds()
	}
	return w, rate, ok
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

package builtin

import (
	"slices"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/kneetool/knee/sweep"
)

// measurement is one level reduced to numbers.
type measurement struct {
	successes, failures int
	discarded           int           // warm-up and ramp requests
	connections         int64         // TCP connects the level made
	rampKept            bool          // the ramp was too long to exclude (see measure)
	ramp                time.Duration // requests sent before it were discarded (0: none by time)
	labels              map[string]int
	// window is the measured interval: from the first measured request's
	// send to the last measured request's end. Throughput is over it.
	windowStart, windowEnd time.Duration
	outputTokens           int64
	inputTokens            int64
	ttft, itl, e2e         []float64 // ms, successes only
	// achieved is the time-averaged in-flight count over the steady part
	// of the window (see inFlight).
	achieved    float64
	hasAchieved bool
	// Why the level stopped and its throughput windows (precision.go);
	// stopReason "" for an open-loop level.
	stopReason string
	windows    sweep.Windows
	windowRate float64
	windowSpan time.Duration
	windowsOK  bool
	// chunks counts the content events of the measured successes: tokens
	// per event turn the windows' event rate into tokens.
	chunks int64
}

func (m *measurement) windowS() float64 { return (m.windowEnd - m.windowStart).Seconds() }

// isMeasured says whether a request counts: it is past the warm-up count,
// and — when the level has a warm-up at all — it was sent after the ramp:
// once every worker's first request was answered (or failed), so the server
// held the whole level. On a slow ramp (thousands of connects on a busy
// host) the first warm-ups can finish before the last ones even arrive;
// requests sent then saw a lighter load than the level's and are discarded
// as warm-up too. A level without warm-up measures every request.
func isMeasured(o outcome, warmup int, rampDone time.Duration) bool {
	if warmup == 0 {
		return true
	}
	return o.index >= warmup && o.start >= rampDone
}

// rampDone is when the last worker's first request got its response
// headers (or ended, if it got none).
func rampDone(all []outcome) time.Duration {
	var t time.Duration
	for _, o := range all {
		if !o.first {
			continue
		}
		at := o.end
		if o.headers >= 0 {
			at = o.headers
		}
		t = max(t, at)
	}
	return t
}

func measure(all []outcome, lvl sweep.Level) *measurement {
	m := &measurement{labels: map[string]int{}, windowStart: -1}
	ramp := rampDone(all)
	if lvl.Warmup > 0 {
		// Never let the ramp eat the level: when excluding it would leave
		// fewer than half the requested measurements (a level of few
		// requests per slot on a slow ramp), measure after the warm-up
		// count alone and say so.
		kept := 0
		for _, o := range all {
			if isMeasured(o, lvl.Warmup, ramp) {
				kept++
			}
		}
		if 2*kept < lvl.Requests {
			ramp, m.rampKept = 0, true
		}
	}
	m.ramp = ramp
	var lastSend time.Duration
	for _, o := range all {
		lastSend = max(lastSend, o.start)
		if !isMeasured(o, lvl.Warmup, ramp) {
			m.discarded++
			continue
		}
		if m.windowStart < 0 || o.start < m.windowStart {
			m.windowStart = o.start
		}
		m.windowEnd = max(m.windowEnd, o.end)
		if o.label != "" {
			m.failures++
			m.labels[o.label]++
			continue
		}
		m.successes++
		m.outputTokens += int64(o.outputTokens)
		m.inputTokens += int64(o.inputTokens)
		m.ttft = append(m.ttft, ms(o.ttft))
		m.e2e = append(m.e2e, ms(o.end-o.start))
		m.itl = append(m.itl, o.gaps...)
		m.chunks += int64(len(o.gaps) + 1)
	}
	if m.windowStart < 0 {
		m.windowStart = 0
	}
	m.achieved, m.hasAchieved = inFlight(all, m.windowStart, lastSend, m.windowEnd)
	return m
}

// inFlight is the time-averaged number of requests in flight — from the
// moment each was written to the socket to its end, warm-up ones included
// (they load the server too) — over [from, lastSend] — the part of
// the window in which a closed-loop client should hold exactly C in flight;
// after the last send the count must fall as the level drains, which says
// nothing about the client. When that span is too short to mean anything
// (every measured request went out at once), it uses the whole window.
func inFlight(all []outcome, from, lastSend, end time.Duration) (float64, bool) {
	to := lastSend
	if to-from < (end-from)/10 {
		to = end
	}
	if to <= from {
		return 0, false
	}
	var sum time.Duration
	for _, o := range all {
		if o.sent < 0 {
			continue
		}
		s, e := max(o.sent, from), min(o.end, to)
		if e > s {
			sum += e - s
		}
	}
	return sum.Seconds() / (to - from).Seconds(), true
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// dist summarises latencies in ms with gonum's empirical quantiles; an
// empty sample gives an empty Dist (unknown), never NaN.
func dist(x []float64) sweep.Dist {
	if len(x) == 0 {
		return sweep.Dist{}
	}
	s := slices.Clone(x)
	slices.Sort(s)
	q := func(p float64) *float64 { return sweep.F(stat.Quantile(p, stat.Empirical, s, nil)) }
	return sweep.Dist{
		Mean: sweep.F(stat.Mean(s, nil)),
		Min:  sweep.F(s[0]),
		Max:  sweep.F(s[len(s)-1]),
		P50:  q(0.50),
		P90:  q(0.90),
		P95:  q(0.95),
		P99:  q(0.99),
	}
}

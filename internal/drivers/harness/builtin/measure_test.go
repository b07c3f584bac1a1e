package builtin

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

func at(ms int) time.Duration { return time.Duration(ms) * time.Millisecond }

// ok is a successful request sent at start, answered (headers) at once,
// ended at end, with tokens output tokens.
func ok(i, start, end, tokens int, first bool) outcome {
	return outcome{index: i, start: at(start), sent: at(start), headers: at(start), end: at(end),
		ttft: at(10), outputTokens: tokens, inputTokens: 4, first: first}
}

// Two workers, one warm-up each. The window runs from the first measured
// send (100 ms) to the last measured end (300 ms): 3 requests × 10 tokens
// in 0.2 s = 150 tok/s. In flight over [100, 250] (the last send): worker
// A's requests cover it all, worker B's warm-up ends at 150 and its next
// starts there: 2 in flight throughout.
func TestMeasureWindowThroughputAndInFlight(t *testing.T) {
	all := []outcome{
		ok(0, 0, 100, 10, true), ok(1, 0, 150, 10, true), // warm-ups
		ok(2, 100, 250, 10, false), ok(3, 150, 300, 10, false), ok(4, 250, 300, 10, false),
	}
	m := measure(all, sweep.Level{Concurrency: 2, Requests: 3, Warmup: 2})
	require.Equal(t, 3, m.successes)
	require.Equal(t, 2, m.discarded)
	require.Equal(t, at(100), m.windowStart)
	require.Equal(t, at(300), m.windowEnd)
	require.InDelta(t, 150, float64(m.outputTokens)/m.windowS(), 1e-9)
	require.True(t, m.hasAchieved)
	require.InDelta(t, 2, m.achieved, 1e-9)
	require.False(t, m.rampKept)
}

// A slow ramp: worker B's first request is answered only at 120 ms, after
// worker A's warm-up ended (50 ms) and A sent request 2. Request 2 saw a
// half-loaded server and is discarded with the warm-ups.
func TestMeasureDiscardsRequestsSentDuringTheRamp(t *testing.T) {
	b := ok(1, 0, 200, 10, true)
	b.headers = at(120)
	all := []outcome{ok(0, 0, 50, 10, true), b, ok(2, 50, 150, 10, false), ok(3, 150, 250, 10, false),
		ok(4, 200, 300, 10, false), ok(5, 250, 350, 10, false)}
	m := measure(all, sweep.Level{Concurrency: 2, Requests: 4, Warmup: 2})
	require.Equal(t, 3, m.successes)
	require.Equal(t, 3, m.discarded)
	require.Equal(t, at(150), m.windowStart)

	// When excluding the ramp would leave under half the requests, only
	// the warm-up count applies.
	m = measure(all[:4], sweep.Level{Concurrency: 2, Requests: 4, Warmup: 2})
	require.True(t, m.rampKept)
	require.Equal(t, 2, m.successes)

	// Without a warm-up every request counts.
	m = measure(all, sweep.Level{Concurrency: 2, Requests: 6})
	require.Equal(t, 6, m.successes)
}

func TestMeasureFailuresAndEmptyDistributions(t *testing.T) {
	f := outcome{index: 0, start: 0, sent: -1, headers: -1, end: at(5), ttft: -1, label: "connection_refused", first: true}
	m := measure([]outcome{f}, sweep.Level{Concurrency: 1, Requests: 1})
	require.Equal(t, 0, m.successes)
	require.Equal(t, map[string]int{"connection_refused": 1}, m.labels)
	require.True(t, dist(m.ttft).Empty())
	d := dist([]float64{4, 1, 3, 2})
	require.Equal(t, 1.0, *d.Min)
	require.Equal(t, 4.0, *d.Max)
	require.Equal(t, 2.5, *d.Mean)
	require.Equal(t, 2.0, *d.P50, "gonum's empirical quantile: the smallest value with CDF ≥ p")
	require.Equal(t, 4.0, *d.P99)
}

// requests.jsonl marks what the measurement discarded (issue 27 item 11):
// in the slow ramp above, request 2 (index past the warm-up count, sent
// at 50 ms, before the ramp ended at 120 ms) is warm-up there too, so
// per-request goodput counts the level's measured requests alone.
func TestRequestLinesMarkTheRampDiscardedAsWarmup(t *testing.T) {
	b := ok(1, 0, 200, 10, true)
	b.headers = at(120)
	all := []outcome{ok(0, 0, 50, 10, true), b, ok(2, 50, 150, 10, false), ok(3, 150, 250, 10, false),
		ok(4, 200, 300, 10, false), ok(5, 250, 350, 10, false)}
	lvl := sweep.Level{Concurrency: 2, Requests: 4, Warmup: 2}
	m := measure(all, lvl)
	var warm []int
	for i, line := range strings.Split(strings.TrimSpace(string(requestLines(all, lvl.Warmup, m.ramp))), "\n") {
		var l requestLine
		require.NoError(t, json.Unmarshal([]byte(line), &l))
		require.Equal(t, i, l.Index)
		if l.Warmup {
			warm = append(warm, l.Index)
		}
	}
	require.Equal(t, []int{0, 1, 2}, warm)
	require.Len(t, warm, m.discarded)
}

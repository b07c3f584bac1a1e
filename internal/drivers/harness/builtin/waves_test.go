package builtin

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// waveTicks is a closed loop whose 16 slots run in step, as on the H200
// test bed (equal output lengths): every period the batch prefills for
// gap, streaming nothing, then decodes at rate events/s, each 0.5 s tick
// carrying 5% noise. Invented numbers of the test bed's shape (a 4.4 s
// request at 16/GPU), not measurements.
func waveTicks(seconds float64, period, gap time.Duration, rate float64, seed uint64) []tick {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	var out []tick
	for at := time.Duration(0); at.Seconds() < seconds; at += monitorTick {
		// The share of this tick spent decoding.
		on := 0.0
		for s := at; s < at+monitorTick; s += 10 * time.Millisecond {
			if s%period >= gap {
				on++
			}
		}
		on /= float64(monitorTick / (10 * time.Millisecond))
		ev := rate * monitorTick.Seconds() * on * (1 + 0.05*rng.NormFloat64())
		out = append(out, tick{events: int64(math.Round(ev)), dt: monitorTick})
	}
	return out
}

// Windows a quarter of a request long read the pulse of slots in step as
// noise: 35 s of the test-bed-shaped wave (a 4.4 s request, 0.8 s of
// prefill with nothing streamed) gives ±9.3% that way, never the ±3% the
// level stops at, though its mean is steady. Batches a whole request long,
// overlapping, average the pulse out: ±1.4%, and the rate is the wave's
// mean (82% of the decode rate).
func TestWavesAreAveragedNotReadAsNoise(t *testing.T) {
	const e2e = 4400 * time.Millisecond
	ticks := waveTicks(35, e2e, 800*time.Millisecond, 240, 1)
	// The old rule: disjoint windows of max(1 s, e2e/4).
	var rates []float64
	var ev int64
	var dt time.Duration
	for _, tk := range ticks {
		ev, dt = ev+tk.events, dt+tk.dt
		if dt >= e2e/4 {
			rates = append(rates, float64(ev)/dt.Seconds())
			ev, dt = 0, 0
		}
	}
	quarter, ok := sweep.WindowStats(rates, e2e/4)
	require.True(t, ok)
	assert.InDelta(t, 0.093, quarter.HalfWidth, 0.005)

	w, rate, ok := windows(ticks, e2e)
	require.True(t, ok)
	assert.InDelta(t, 0.0135, w.HalfWidth, 0.002)
	assert.Greater(t, quarter.HalfWidth, 2.5*w.HalfWidth)
	assert.InDelta(t, 240*(1-0.8/4.4), rate, 240*0.02)
	assert.Equal(t, 7, w.Count, "35 s is 7 whole waves of 4.5 s (9 ticks)")
	assert.InDelta(t, 4.5, w.LengthS, 1e-9)
}

// Under two waves there is no interval; a steady level's interval narrows
// as it runs.
func TestWindowsNeedTwoWaves(t *testing.T) {
	ticks := waveTicks(8, time.Hour, 0, 200, 2) // no pulse: steady
	_, _, ok := windows(ticks, 5*time.Second)
	assert.False(t, ok, "8 s: under two 5 s waves")
	short, _, ok := windows(ticks, time.Second)
	require.True(t, ok)
	long, _, ok := windows(waveTicks(40, time.Hour, 0, 200, 2), time.Second)
	require.True(t, ok)
	assert.Less(t, long.HalfWidth, short.HalfWidth)
}

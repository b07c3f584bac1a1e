package search

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// ratePoint is a constructed (simulated, not measured) open-loop stage:
// requested req/s, served req/s, 1000 requests of 100 ms mean E2E, so the
// drain discount is at most 1 − 1/(1 + 0.1·r/1000), under 1% here.
func ratePoint(requested, served float64) sweep.Point {
	return sweep.Point{Simulated: true, RequestedRate: sweep.F(requested), RequestRate: sweep.F(served), Requests: sweep.I(1000),
		E2E: sweep.Dist{Mean: sweep.F(100)}, Concurrency: served * 0.1, Derived: true}
}

func rateSweep(pts ...sweep.Point) *sweep.Sweep { return &sweep.Sweep{Points: pts} }

func TestNextRateClimbsBisectsAndStops(t *testing.T) {
	set := RateSettings{Factor: 2, MaxRate: 100, Precision: 0.125, MaxLevels: 8}
	opts := knee.DefaultOptions()

	d := NextRate(rateSweep(ratePoint(4, 4)), set, opts)
	require.Equal(t, PhaseClimb, d.Phase)
	require.Equal(t, []float64{8}, d.Rates)

	// 32 served 20: behind (62%); bisect between 16 and 32 at √512 = 22.6 → 23.
	d = NextRate(rateSweep(ratePoint(4, 4), ratePoint(16, 15.9), ratePoint(32, 20)), set, opts)
	require.Equal(t, PhaseBisect, d.Phase)
	require.Equal(t, []float64{23}, d.Rates)
	require.Equal(t, 16.0, d.Lo)
	require.Equal(t, 32.0, d.Hi)

	// 23 kept up, 27 did not: 23–27 is ±8%, within ±12.5%.
	d = NextRate(rateSweep(ratePoint(16, 16), ratePoint(23, 22.9), ratePoint(27, 20), ratePoint(32, 20)), set, opts)
	require.True(t, d.Done())
	require.Equal(t, "the knee lies between 23 and 27 req/s, within ±12.5%", d.Reason)

	// A level that reached --max-in-flight fell behind whatever it served.
	bound := ratePoint(32, 32)
	bound.ClientBound = true
	d = NextRate(rateSweep(ratePoint(16, 16), bound), set, opts)
	require.Equal(t, 32.0, d.Hi)

	// The lowest rate already behind: descend.
	d = NextRate(rateSweep(ratePoint(8, 2)), set, opts)
	require.Equal(t, PhaseDescend, d.Phase)
	require.Equal(t, []float64{4}, d.Rates)
	require.True(t, math.IsNaN(d.Lo))

	// The ceiling kept up: done, the knee is above it.
	d = NextRate(rateSweep(ratePoint(64, 64), ratePoint(100, 99.5)), set, opts)
	require.True(t, d.Done())
	require.Contains(t, d.Reason, "--max-rate 100")

	// The budget: at --max-levels distinct rates the search stops.
	set.MaxLevels = 2
	d = NextRate(rateSweep(ratePoint(4, 4), ratePoint(8, 8)), set, opts)
	require.True(t, d.Done())
	require.Contains(t, d.Reason, "--max-levels 2 reached")
}

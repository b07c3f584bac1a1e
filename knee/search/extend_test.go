package search_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/knee/search"
	"github.com/kneetool/knee/sweep"
)

// stepSweep is 64 and 128/GPU at 1,000 and 1,300 tok/s (elasticity
// ln 1.3 / ln 2 = 0.379, just above e* = 1/3), each run with a ±half
// interval (no windows when half is 0), the levels listed runs times.
// Constructed numbers for the rule.
func stepSweep(half float64, runs int) *sweep.Sweep {
	s := &sweep.Sweep{GPUs: 1}
	for r := 0; r < runs; r++ {
		for _, x := range []struct{ c, thr float64 }{{64, 1000}, {128, 1300}} {
			p := sweep.Point{PerGPU: sweep.F(x.c), Concurrency: x.c, Repeat: r, Requests: sweep.I(600), Failures: sweep.I(0),
				ThroughputTokS: x.thr, ThroughputPerGPU: sweep.F(x.thr), TTFT: sweep.Dist{P50: sweep.F(30), P99: sweep.F(60)}}
			if half > 0 {
				p.StopReason = sweep.StopPrecision
				p.Windows = &sweep.Windows{Count: 10, LengthS: 1, HalfWidth: half, Spread: half}
			}
			s.Points = append(s.Points, p)
		}
	}
	return s
}

// With ±10% on each level the elasticity is 0.379 ± 0.083 (one-sided
// margins beyond the rule's 5% noise: ln(1.06) − ln(1.03) each, over
// ln 2), which holds 1/3: the search extends both levels before climbing.
// Within the rule's noise (±5%) a level adds no margin: resolved, nothing
// to extend. Levels without windows or with fixed counts are never
// extended. Two runs of ±10% (±7.1%) resolve it; at ±15% two runs do not
// and get a third, and after three (MaxRunsExtended) the search decides on
// what it has.
func TestExtendRunsAnUnresolvedStepAgain(t *testing.T) {
	opts := knee.DefaultOptions()
	again, why := search.Extend(stepSweep(0.10, 1), opts)
	assert.Equal(t, []int{64, 128}, again)
	assert.Contains(t, why, "elasticity 0.38 ± 0.08")
	again, _ = search.Extend(stepSweep(0.05, 1), opts)
	assert.Empty(t, again)
	again, _ = search.Extend(stepSweep(0, 1), opts)
	assert.Empty(t, again, "older results keep today's rules")
	fixed := stepSweep(0.10, 1)
	for i := range fixed.Points {
		fixed.Points[i].StopReason = sweep.StopFixedCount
	}
	again, _ = search.Extend(fixed, opts)
	assert.Empty(t, again, "--min-requests keeps the fixed-count behaviour")
	again, _ = search.Extend(stepSweep(0.10, 2), opts)
	assert.Empty(t, again, "two runs of ±10%: ±7.1% each, resolved")
	again, _ = search.Extend(stepSweep(0.15, 2), opts)
	assert.Equal(t, []int{64, 128}, again, "two runs of ±15%: still unresolved, a third")
	again, _ = search.Extend(stepSweep(0.15, 3), opts)
	assert.Empty(t, again, "three runs: the search decides on what it has")
}

// A cap of 160/GPU is measured at 88, 160 and 256 (80 lies nearest 88 of
// the half-octave grid 64, 88, 128; 224 is past 176); 48 at 22, 48, 88;
// 40 at 22, 40, 64; 200 at 88, 200, 352. The level below is always more than r_min (1.331×) below the
// cap, the level above at least 1.4× it; --max-per-gpu bounds the level
// above.
func TestCapLevels(t *testing.T) {
	set := search.DefaultSettings()
	assert.Equal(t, []int{88, 160, 256}, search.CapLevels(160, set))
	assert.Equal(t, []int{22, 48, 88}, search.CapLevels(48, set))
	assert.Equal(t, []int{22, 40, 64}, search.CapLevels(40, set))
	assert.Equal(t, []int{88, 200, 352}, search.CapLevels(200, set))
	for c := 24; c <= 700; c++ {
		l := search.CapLevels(c, set)
		require.Len(t, l, 3, "cap %d", c)
		assert.Greater(t, float64(c)/float64(l[0]), 1.331, "cap %d: %v", c, l)
		assert.GreaterOrEqual(t, float64(l[2])/float64(c), 1.4-1e-9, "cap %d: %v", c, l)
	}
	set.MaxPerGPU = 200
	assert.Equal(t, []int{88, 160}, search.CapLevels(160, set))
	assert.Empty(t, search.CapLevels(1, set))
}

// Two probes of one soft cap, 244 and 220 (the H200 test bed's, an hour
// apart), put the level below and the level above on the same grid points
// (128 and 352), so two searches of one config share levels to compare.
func TestCapLevelsOfTwoReadingsOfOneSoftCapShareLevels(t *testing.T) {
	set := search.DefaultSettings()
	assert.Equal(t, []int{128, 244, 352}, search.CapLevels(244, set))
	assert.Equal(t, []int{128, 220, 352}, search.CapLevels(220, set))
}

package search_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/knee/search"
	"github.com/kneetool/knee/sweep"
)

// kneeSweep is 32, 64 and 128/GPU at at32, 1,000 and 1,050 tok/s (the
// knee between 64 and 128, the operating point 64/GPU), each level listed
// runs times, every run with a ±5% window interval (none when windowed is
// false: a fixed count). Constructed numbers for the rule.
func kneeSweep(runs map[int]int, windowed bool) *sweep.Sweep {
	return kneeSweepFrom(780, runs, windowed)
}

func kneeSweepFrom(at32 float64, runs map[int]int, windowed bool) *sweep.Sweep {
	s := &sweep.Sweep{GPUs: 1}
	for _, x := range []struct {
		c   int
		thr float64
	}{{32, at32}, {64, 1000}, {128, 1050}} {
		for r := 0; r < runs[x.c]; r++ {
			p := sweep.Point{PerGPU: sweep.F(float64(x.c)), Concurrency: float64(x.c), Repeat: r, Requests: sweep.I(600), Failures: sweep.I(0),
				ThroughputTokS: x.thr, ThroughputPerGPU: sweep.F(x.thr), TTFT: sweep.Dist{P50: sweep.F(30), P99: sweep.F(60)}}
			if windowed {
				p.StopReason = sweep.StopTimeCap
				p.Windows = &sweep.Windows{Count: 5, LengthS: 6, HalfWidth: 0.05, Spread: 0.05}
			}
			s.Points = append(s.Points, p)
		}
	}
	return s
}

// Before a search answers 64/GPU it runs 64 and the level its step rests
// on (32/GPU, one resolvable step below) once more each: one run's window
// cannot see the noise between runs. The step 780 → 1,000 tok/s is
// elasticity 0.36, 0.018 over e* in log terms against margins of 0.059:
// marginal. Two runs each confirm it; the level past the knee is never
// repeated for it; fixed counts keep the old behaviour; a step that scales
// plainly (500 → 1,000: 0.46 over e*, 7.8× its margins) is not confirmed.
func TestConfirmRunsTheOperatingPointsStepTwice(t *testing.T) {
	opts := knee.DefaultOptions()
	r, err := knee.Find(kneeSweep(map[int]int{32: 1, 64: 1, 128: 1}, true), opts)
	require.NoError(t, err)
	require.NotNil(t, r.RecommendedPerGPU)
	require.Equal(t, 64.0, *r.RecommendedPerGPU)

	again, why := search.Confirm(kneeSweep(map[int]int{32: 1, 64: 1, 128: 1}, true), opts)
	assert.Equal(t, []int{32, 64}, again)
	assert.Contains(t, why, "confirm: the operating point 64/GPU rests on its step from 32/GPU (780 → 1000 tok/s")
	again, _ = search.Confirm(kneeSweep(map[int]int{32: 2, 64: 1, 128: 1}, true), opts)
	assert.Equal(t, []int{64}, again)
	again, _ = search.Confirm(kneeSweep(map[int]int{32: 2, 64: 2, 128: 1}, true), opts)
	assert.Empty(t, again)
	again, _ = search.Confirm(kneeSweep(map[int]int{32: 1, 64: 1, 128: 1}, false), opts)
	assert.Empty(t, again, "fixed counts: no windows, nothing to confirm")
	again, _ = search.Confirm(kneeSweepFrom(500, map[int]int{32: 1, 64: 1, 128: 1}, true), opts)
	assert.Empty(t, again, "a step that scales plainly needs no second run")
}

// Two default searches of one build on the H200 test bed (recorded:
// fixtures/testbed/h200-cbserve-0.6b-budget-search runs 6 and 7)
// recommended 64/GPU and 204/GPU. Run 7's 204/GPU rested on one run of
// 88/GPU (516 tok/s; other runs of 88 read 507–649): Confirm runs 88 again
// before answering (204 already ran twice). Run 6's two runs of 64/GPU
// scatter 2.7× their windows: the knee rule widens every interval by it
// and says so.
func TestConfirmOnTheTestBedsTwoSearches(t *testing.T) {
	load := func(run string) *sweep.Sweep {
		b, err := os.ReadFile(fixtures.Path("testbed/h200-cbserve-0.6b-budget-search/" + run + "/sweep.json"))
		require.NoError(t, err)
		var s sweep.Sweep
		require.NoError(t, json.Unmarshal(b, &s))
		return &s
	}
	opts := knee.DefaultOptions()
	again, why := search.Confirm(load("run-7"), opts)
	assert.Equal(t, []int{88}, again)
	assert.Contains(t, why, "the operating point 204/GPU rests on its step from 88/GPU (516 → 773 tok/s")

	r, err := knee.Find(load("run-6"), opts)
	require.NoError(t, err)
	require.NotNil(t, r.RecommendedPerGPU)
	assert.Equal(t, 64.0, *r.RecommendedPerGPU)
	assert.Contains(t, strings.Join(r.Notes, "\n"), "run-to-run: the repeats scatter 2.7× what their windows' intervals allow")
	again, _ = search.Confirm(load("run-6"), opts)
	assert.Equal(t, []int{32}, again, "64 ran twice; the level its step rests on once")
}

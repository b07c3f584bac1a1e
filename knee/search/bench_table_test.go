package search

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kneetool/knee/knee"
)

// TestSearchBenchmarkTable prints the comparison README shows (go test
// -run TestSearchBenchmarkTable -v ./knee/search/) on 25 simulated servers
// of each shape (100 in all), seed 11, and pins what it found.
//
// The target was ≤ 6 levels on average with ≥ 95% of final
// intervals holding the true knee within ±12.5%. It is missed. --search
// spends 8.37 levels (6.99 with --search-confirm=false) and ends within
// ±12.5% in 76% (89%) of cases, 100% without noise, but its interval holds
// the true knee (the noiseless curve's elasticity crossing e*) in only 26%
// (27%): the knee rule reads elasticity over a step of
// at least r_min = 1.33× (its guard against 5% noise), and a step's
// elasticity is the log-average of the curve's inside it, so on a smooth
// curve the first flat level — and often the operating point below it —
// lies above the local crossing (by 16% at the 1.33× step for Amdahl, 42%
// at ×2). Only a knee at a cliff, where the crossing is a jump, is held
// (72%, 100% noiseless). The fixed ×2 ladder's bracket holds the local
// crossing in 46% (55% noiseless) and is never within ±12.5%.
func TestSearchBenchmarkTable(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 400 simulated sweeps")
	}
	opts := knee.DefaultOptions()
	set := DefaultSettings()
	rows := compare(family(11, 25, opts.Elasticity), opts, set)
	t.Logf("\n%s", table(rows, set.Precision))
	ladder, guide, search, quick := rows[0], rows[2], rows[3], rows[4]
	assert.InDelta(t, 5.38, ladder.levels, 0.005)
	assert.InDelta(t, 0.46, ladder.holds, 0.005)
	assert.Zero(t, ladder.within)
	assert.InDelta(t, 10, guide.levels, 0.005)
	assert.InDelta(t, 0.75, guide.holds, 0.005)
	assert.InDelta(t, 8.37, search.levels, 0.005)
	assert.InDelta(t, 0.76, search.within, 0.005)
	assert.InDelta(t, 0.26, search.covered, 0.005)
	assert.InDelta(t, 0.72, search.byShape[shapeCliff], 0.005)
	assert.InDelta(t, 6.99, quick.levels, 0.005)
	assert.InDelta(t, 0.89, quick.within, 0.005)
	assert.InDelta(t, 0.27, quick.covered, 0.005)
	assert.Less(t, quick.gpuH, ladder.gpuH+0.1)

	quiet := family(11, 25, opts.Elasticity)
	for _, s := range quiet {
		s.noise = 0
	}
	rows = compare(quiet, opts, set)
	t.Logf("noiseless:\n%s", table(rows, set.Precision))
	assert.InDelta(t, 1, rows[3].within, 0.005)
	assert.InDelta(t, 1, rows[3].byShape[shapeCliff], 0.005)
	assert.InDelta(t, 7.54, rows[3].levels, 0.005)
	assert.InDelta(t, 0.55, rows[0].holds, 0.005)
}

// BenchmarkSearch reports --search's mean levels and GPU-hours per
// simulated server (go test -bench Search -run ^$ ./knee/search/).
func BenchmarkSearch(b *testing.B) {
	opts, set := knee.DefaultOptions(), DefaultSettings()
	servers := family(11, 25, opts.Elasticity)
	var levels, gpuS, within float64
	n := 0
	for i := 0; i < b.N; i++ {
		s := servers[i%len(servers)].clone(uint64(i))
		r, _ := runSearch(s, set, opts)
		levels += float64(r.levels)
		gpuS += r.gpuSeconds
		if r.within(set.Precision) {
			within++
		}
		n++
	}
	b.ReportMetric(levels/float64(n), "levels/sweep")
	b.ReportMetric(gpuS/3600/float64(n), "GPU-h/sweep")
	b.ReportMetric(within/float64(n), "within-share")
}

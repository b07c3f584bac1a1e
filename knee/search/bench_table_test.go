package search

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kneetool/knee/knee"
)

// TestSearchBenchmarkTable prints the comparison docs/benchmarks.md shows (go test
// -run TestSearchBenchmarkTable -v ./knee/search/) on 25 simulated servers
// of each shape (100 in all), seed 11, and pins what it found.
//
// The true knee is knee's own definition applied to the noiseless curve
// (simServer.stepKnee: the elasticity over one resolvable step r_min falls
// to e*); the point-elasticity crossing is kept as the last column.
//
// The target was ≤ 6 levels on average with ≥ 95% of final
// intervals holding the true knee within ±12.5%. It is missed. --search
// spends 7.41 levels (8.37 before the confirming rung was deferred to the
// end of the search; 6.99 with --search-confirm=false) and ends within
// ±12.5% in 83% of cases, 100% without noise, but its interval holds the
// true knee in 31%, both in 27% (45% at 5–10% noise, 28% at 10–20%, 16%
// at 20–30%). Even without noise only 44% are held: the rule judges the
// operating point against the nearest measured level at least r_min below
// it, often ×1.5–2 away, and a wider step averages in the higher
// elasticity below, so the operating point reads "still scaling" above
// the one-step knee (noiseless misses lie almost all wholly above it).
// ±12.5% is a bracket of 1.29×, finer than r_min = 1.33×, so the rule
// cannot judge the bracket's two ends against each other. Cliffs are held
// (72%, 100% noiseless). --repeats 2 halves the variance of each level's
// mean but doubles the GPU-hours and does not move coverage (26%), because
// the misses come from the step, not the noise.
func TestSearchBenchmarkTable(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 600 simulated sweeps")
	}
	opts := knee.DefaultOptions()
	set := DefaultSettings()
	rows := compare(family(11, 25, opts), opts, set)
	t.Logf("\n%s", table(rows, set.Precision))
	ladder, guide, search, quick, twice := rows[0], rows[2], rows[3], rows[4], rows[5]
	assert.InDelta(t, 5.38, ladder.levels, 0.005)
	assert.InDelta(t, 0.54, ladder.holds, 0.005)
	assert.Zero(t, ladder.within)
	assert.InDelta(t, 10, guide.runs, 0.005)
	assert.InDelta(t, 0.75, guide.holds, 0.005)
	assert.InDelta(t, 7.41, search.levels, 0.005)
	assert.InDelta(t, 0.31, search.holds, 0.005)
	assert.InDelta(t, 0.83, search.within, 0.005)
	assert.InDelta(t, 0.27, search.covered, 0.005)
	assert.InDelta(t, 0.25, search.pointCovered, 0.005)
	assert.InDelta(t, 0.45, search.byNoise[0], 0.01)
	assert.InDelta(t, 0.28, search.byNoise[1], 0.01)
	assert.InDelta(t, 0.16, search.byNoise[2], 0.01)
	assert.InDelta(t, 0.72, search.byShape[shapeCliff], 0.005)
	assert.InDelta(t, 6.99, quick.levels, 0.005)
	assert.InDelta(t, 0.89, quick.within, 0.005)
	assert.InDelta(t, 0.27, quick.covered, 0.005)
	assert.Less(t, quick.gpuH, ladder.gpuH+0.1)
	assert.InDelta(t, 7.36, twice.levels, 0.005)
	assert.InDelta(t, 14.72, twice.runs, 0.005)
	assert.InDelta(t, 0.26, twice.covered, 0.005)

	quiet := family(11, 25, opts)
	for _, s := range quiet {
		s.noise = 0
	}
	rows = compare(quiet, opts, set)
	t.Logf("noiseless:\n%s", table(rows, set.Precision))
	assert.InDelta(t, 1, rows[3].within, 0.005)
	assert.InDelta(t, 0.44, rows[3].covered, 0.005)
	assert.InDelta(t, 1, rows[3].byShape[shapeCliff], 0.005)
	assert.InDelta(t, 7.00, rows[3].levels, 0.005)
	assert.InDelta(t, 0.74, rows[0].holds, 0.005)
}

// BenchmarkSearch reports --search's mean levels and GPU-hours per
// simulated server (go test -bench Search -run ^$ ./knee/search/).
func BenchmarkSearch(b *testing.B) {
	opts, set := knee.DefaultOptions(), DefaultSettings()
	servers := family(11, 25, opts)
	var levels, gpuS, within float64
	n := 0
	for i := 0; i < b.N; i++ {
		s := servers[i%len(servers)].clone(uint64(i))
		r, _ := runSearch(s, set, opts, 1)
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

package knee_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/kneetool/knee/knee"
)

// BenchmarkFind16 is find on a 16-level sweep with 3 repeats per level
// (SIMULATED Amdahl saturation, ±10% noise), fits and bootstrap included.
func BenchmarkFind16(b *testing.B) {
	s := simSweep(simModels()[1], 16, 3, 0.10, 1)
	opts := knee.DefaultOptions()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := knee.Find(s, opts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFindLevels is find's cost against the number of levels, 16 to
// 100,000 (the most an input may hold): one repeat per level, levels spaced
// geometrically from knee/6 to 5·knee (not rounded, so every level is its
// own), SIMULATED Amdahl saturation with ±5% noise. Every step is at most
// n log n in the levels; the curve and TTFT hinge fits see at most 256 of
// them, so their cost stops growing there (docs/reliability.md).
func BenchmarkFindLevels(b *testing.B) {
	m := simModels()[1]
	for _, n := range []int{16, 100, 1_000, 10_000, 100_000} {
		lo, hi := m.knee/6, m.knee*5
		ns := make([]float64, n)
		for i := range ns {
			ns[i] = lo * math.Pow(hi/lo, float64(i)/float64(n-1))
		}
		s := simSweepAt(m, ns, 1, 0.05, 1)
		opts := knee.DefaultOptions()
		b.Run(fmt.Sprintf("levels=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := knee.Find(s, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package knee_test

import (
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

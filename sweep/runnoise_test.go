package sweep

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func windowedRun(perGPU, thr, half float64) Point {
	return Point{PerGPU: F(perGPU), Concurrency: perGPU, ThroughputTokS: thr, StopReason: StopTimeCap,
		Windows: &Windows{Count: 3, LengthS: 6, HalfWidth: half}}
}

// Two runs of 64/GPU in one search on the H200 test bed (recorded:
// fixtures/testbed/h200-cbserve-0.6b-budget-search/run-6) read 694 tok/s
// ±22% and 513 ±9%: about them their weighted mean in log terms is 6.288,
// and χ² = 98.4 · 0.2542² + 520.6 · 0.0480² = 7.56 on one degree of
// freedom, beyond χ²₁'s 95% quantile (3.84) — they scatter √7.56 = 2.75
// times what their windows allow. Two
// runs of 204/GPU in the next search (run-7: 792 ±4%, 754 ±13%) scatter
// less than their windows allow: the factor stays 1. Levels without
// windows, fixed counts and single runs give 1 with no degrees of freedom.
func TestRunToRunFactor(t *testing.T) {
	f, dof := RunToRunFactor([]Point{windowedRun(32, 340, 0.067), windowedRun(64, 694, 0.2185), windowedRun(64, 513, 0.0897)})
	assert.InDelta(t, 2.749, f, 0.001)
	assert.Equal(t, 1, dof)

	f, dof = RunToRunFactor([]Point{windowedRun(204, 792, 0.0407), windowedRun(204, 754, 0.1327), windowedRun(88, 516, 0.11)})
	assert.Equal(t, 1.0, f)
	assert.Equal(t, 1, dof)

	fixed := windowedRun(64, 513, 0.0897)
	fixed.StopReason = StopFixedCount
	f, dof = RunToRunFactor([]Point{windowedRun(64, 694, 0.2185), fixed, windowedRun(128, 815, 0.24)})
	assert.Equal(t, 1.0, f)
	assert.Equal(t, 0, dof)

	// Two repeated levels pool their χ² (7.56 + 0) over two degrees of
	// freedom: 7.56 is past χ²₂'s 95% quantile (5.99), √(7.56/2) = 1.94.
	same := windowedRun(128, 815, 0.24)
	f, dof = RunToRunFactor([]Point{windowedRun(64, 694, 0.2185), windowedRun(64, 513, 0.0897), same, same})
	assert.InDelta(t, 1.944, f, 0.001)
	assert.Equal(t, 2, dof)

	// Scatter beyond the intervals but within chance (χ² 2.35 on one
	// degree of freedom, under 3.84): the intervals stand.
	f, dof = RunToRunFactor([]Point{windowedRun(64, 600, 0.10), windowedRun(64, 540, 0.10)})
	assert.Equal(t, 1.0, f)
	assert.Equal(t, 1, dof)
}

package sweep

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The H200 test bed's steps (fixtures/testbed/h200-cbserve-0.6b-precision-search
// run-2): 16→32/GPU read 239 ± 13.9% → 345 tok/s (elasticity 0.53: its
// log-gain over e* is 0.136), resolved once 32/GPU is within ±8.9%, not at
// ±10%; 64→128/GPU read 549 ± 10.6% → 565 ± 27.8% (0.04, flat by 0.20),
// unresolved at that width and resolved at ±20%. A step is resolved
// either way; a reference above the level, or no throughput, resolves
// nothing.
func TestStepRefResolved(t *testing.T) {
	e := 1.0 / 3
	r := StepRef{PerGPU: 16, ThroughputTokS: 239, HalfWidth: 0.139, Elasticity: e}
	assert.True(t, r.Resolved(32, 345, 0.068))
	assert.True(t, r.Resolved(32, 345, 0.089))
	assert.False(t, r.Resolved(32, 345, 0.10))
	flat := StepRef{PerGPU: 64, ThroughputTokS: 549, HalfWidth: 0.106, Elasticity: e}
	assert.False(t, flat.Resolved(128, 565, 0.278))
	assert.True(t, flat.Resolved(128, 565, 0.20))
	assert.False(t, r.Resolved(16, 345, 0), "not above its reference")
	assert.False(t, r.Resolved(8, 345, 0))
	assert.False(t, r.Resolved(32, 0, 0))
	assert.InDelta(t, math.Log1p(0.06), Margin(0.1), 1e-12)
	assert.True(t, math.IsInf(Margin(math.NaN()), 1))
	for _, w := range []string{StopPrecision, StopTimeCap, StopResolved} {
		assert.True(t, Windowed(w), w)
	}
	assert.False(t, Windowed(StopFixedCount))
	assert.False(t, Windowed(""))
}

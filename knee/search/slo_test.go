package search_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/knee/search"
	"github.com/kneetool/knee/sweep/read"
)

// On the real H200 test-bed sweep (knee 256–512/GPU, TTFT p99 435 ms at
// 128 and 774 ms at 256), a TTFT p99 SLO of 500 ms binds below the knee:
// the search's bracket is the SLO edge, 128–256, bisected at the typed
// geometric mean 176 (√(128·256) = 181), not the knee's 256–512. Under a
// 1 s SLO the knee binds first and the bracket is the knee's.
func TestNextBisectsTheSLOEdgeWhenItBindsBelowTheKnee(t *testing.T) {
	s, err := read.Load([]string{fixtures.Path("testbed/h200-cbserve-0.6b")}, read.Options{})
	require.NoError(t, err)
	tried := []int{8, 16, 32, 64, 128, 256, 512}
	set := search.DefaultSettings()

	o := knee.DefaultOptions()
	o.SLOs = []knee.SLO{{Metric: "ttft_p99", LimitMs: 500}}
	d := search.Next(s, tried, set, o)
	assert.Equal(t, search.PhaseBisect, d.Phase)
	assert.Equal(t, []int{176}, d.Levels)
	assert.Equal(t, 128, d.Low)
	assert.Equal(t, 256, d.High)
	assert.Equal(t, "the SLO edge lies in 128–256/GPU (256/GPU misses ttft_p99), below the knee (±33.3%, wanted ±12.5%): bisect at 176", d.Reason)

	o.SLOs = []knee.SLO{{Metric: "ttft_p99", LimitMs: 1000}}
	d = search.Next(s, tried, set, o)
	assert.NotContains(t, d.Reason, "SLO edge")
	assert.Equal(t, 256, d.Low)
	assert.Equal(t, 512, d.High)

	// The lowest level already over the SLO: go down.
	o.SLOs = []knee.SLO{{Metric: "ttft_p99", LimitMs: 200}}
	d = search.Next(s, tried, set, o)
	assert.Equal(t, search.PhaseDescend, d.Phase)
	assert.Equal(t, []int{4}, d.Levels)
	assert.Equal(t, "the lowest level 8/GPU misses ttft_p99: go down ×1/2: run 4", d.Reason)
}

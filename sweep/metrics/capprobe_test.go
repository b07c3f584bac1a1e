package metrics

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func snap(running, waiting float64) Snapshot { return Snapshot{Running: &running, Waiting: &waiting} }

// 512 requests held open against an engine that runs 160: two samples at
// 160 running with 352 waiting name the cap; a ramp that never pins, an
// engine running everything, and one lone sample do not.
func TestCapFromProbe(t *testing.T) {
	c, ok := CapFromProbe([]Snapshot{snap(40, 0), snap(160, 352), snap(160, 352), snap(150, 300)}, 512)
	assert.True(t, ok)
	assert.Equal(t, 160.0, c)
	_, ok = CapFromProbe([]Snapshot{snap(300, 0), snap(512, 0), snap(512, 0)}, 512)
	assert.False(t, ok, "all running: no cap below the probe's load")
	_, ok = CapFromProbe([]Snapshot{snap(100, 0), snap(200, 0), snap(300, 10)}, 512)
	assert.False(t, ok, "still ramping: not pinned")
	_, ok = CapFromProbe([]Snapshot{snap(160, 352)}, 512)
	assert.False(t, ok, "one sample is not a pin")
	_, ok = CapFromProbe([]Snapshot{{}, {}}, 512)
	assert.False(t, ok, "no running series")
}

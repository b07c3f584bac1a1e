package knee_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// A level whose p99 would rest on fewer than 100 requests reports its p90
// as its tail (sweep.Point.TTFTTail, set by the built-in harness): find's
// point carries the p90 and says which it is, the table writes
// "p90 (n<100)" beside it, and TTFT is compared on p90 at every level,
// which a note says.
func TestP90TailUnderAHundredRequests(t *testing.T) {
	s := stepSweep(0.03)
	s.Points[0].Requests = sweep.I(84)
	s.Points[0].TTFTTail = sweep.TailP90
	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	assert.Equal(t, 50.0, r.Points[0].TTFTP99Ms)
	assert.Equal(t, sweep.TailP90, r.Points[0].TTFTTail)
	assert.Equal(t, 60.0, r.Points[1].TTFTP99Ms, "a level of 600 requests keeps its p99")
	assert.Empty(t, r.Points[1].TTFTTail)
	require.NotNil(t, r.TTFT)
	assert.Equal(t, "p90", r.TTFT.Stat)
	assert.Contains(t, r.Notes, "TTFT p99 rests on fewer than 100 requests at 16: their tail is p90 (n<100), and TTFT comparisons use p90 at every level")
	// Without the field the point's p99 is its tail, as before.
	r, err = knee.Find(stepSweep(0.03), knee.DefaultOptions())
	require.NoError(t, err)
	assert.Equal(t, 60.0, r.Points[0].TTFTP99Ms)
	assert.Equal(t, "p99", r.TTFT.Stat)
}

package sweep

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Below 100 measured requests a level's TTFT tail is p90; from 100 on, p99.
// A point reads its tail from the percentile it names, and says which.
func TestTTFTTail(t *testing.T) {
	assert.Equal(t, TailP90, TTFTTailOf(99))
	assert.Equal(t, TailP99, TTFTTailOf(100))
	p := Point{TTFT: Dist{P90: F(40), P99: F(400)}}
	v, tail, ok := p.TTFTTailMs()
	assert.True(t, ok)
	assert.Equal(t, 400.0, v)
	assert.Equal(t, "p99", tail)
	p.TTFTTail = TailP90
	v, tail, ok = p.TTFTTailMs()
	assert.True(t, ok)
	assert.Equal(t, 40.0, v)
	assert.Equal(t, "p90", tail)
	assert.Equal(t, "p90 (n<100)", TailLabel(tail))
	assert.Equal(t, "p99", TailLabel(TailP99))
	p.TTFT.P90 = nil
	_, _, ok = p.TTFTTailMs()
	assert.False(t, ok)
}

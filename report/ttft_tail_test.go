package report

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// A level whose p99 rested on fewer than 100 requests shows the p90 that
// stands for it, marked; the diff row of that p90 is labelled the same way.
func TestTailCellMarksAP90Tail(t *testing.T) {
	assert.Equal(t, "50 p90 (n<100)", tailCell(knee.PointResult{TTFTP99Ms: 50, TTFTTail: sweep.TailP90}))
	assert.Equal(t, "60", tailCell(knee.PointResult{TTFTP99Ms: 60}))
	assert.Equal(t, "TTFT p90 (n<100) ms", metricLabel(baseline.TTFTP90Metric))
}

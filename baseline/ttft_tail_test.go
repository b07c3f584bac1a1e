package baseline

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// tailSweep is one windowed run of 16, 32, 64 and 128/GPU (invented
// numbers: 128 flat, so 64 is recommended); the levels in p90 stopped short
// of 100 requests and carry their p90 as their TTFT tail (p90 = 40 + c,
// p99 = 10 × that: the slowest of a few requests).
func tailSweep(p90 ...float64) *sweep.Sweep {
	s := &sweep.Sweep{GPUs: 1, Accelerator: "h200", Model: "m"}
	for i, c := range []float64{16, 32, 64, 128} {
		thr := []float64{400, 800, 1500, 1550}[i]
		p := sweep.Point{PerGPU: sweep.F(c), Concurrency: c, Requests: sweep.I(600), Failures: sweep.I(0),
			ThroughputTokS: thr, ThroughputPerGPU: sweep.F(thr),
			TTFT:       sweep.Dist{P50: sweep.F(30), P90: sweep.F(40 + c), P99: sweep.F(10 * (40 + c))},
			StopReason: sweep.StopTimeCap, Windows: &sweep.Windows{Count: 20, LengthS: 2, Spread: 0.04, HalfWidth: 0.02},
			ThroughputCI95: &sweep.Interval{Low: thr * 0.98, High: thr * 1.02}}
		for _, l := range p90 {
			if l == c {
				p.TTFTTail, p.Requests = sweep.TailP90, sweep.I(80)
			}
		}
		s.Points = append(s.Points, p)
	}
	return s
}

// diff compares a p90 tail with a p90 on both sides, labelled
// "TTFT p90 (n<100) ms", where either side's level says its tail is p90;
// other levels keep their p99 row.
func TestDiffComparesTheP90TailWhereAP99RestsOnFewerThan100(t *testing.T) {
	d, err := DiffSweeps(context.Background(), tailSweep(), tailSweep(16), knee.DefaultOptions(), DefaultDiffOptions())
	require.NoError(t, err)
	var at16, at32 []string
	for _, r := range d.Rows {
		if r.PerGPU == nil || r.At == "operating point" {
			continue
		}
		switch *r.PerGPU {
		case 16:
			at16 = append(at16, r.Metric)
			if r.Metric == "ttft_p90_ms" {
				assert.Equal(t, 56.0, *r.Old)
				assert.Equal(t, 56.0, *r.New)
			}
		case 32:
			at32 = append(at32, r.Metric)
		}
	}
	assert.Contains(t, at16, "ttft_p90_ms")
	assert.NotContains(t, at16, "ttft_p99_ms")
	assert.Contains(t, at32, "ttft_p99_ms")
	assert.Equal(t, "TTFT p90 (n<100) ms", ttftP90Metric.label)
}

// baseline's TTFT ceiling at a level whose tail is p90 rests on the p90
// and its derivation says "p90 (n<100)"; elsewhere on the p99 as before.
func TestBaselineCeilingFromAP90Tail(t *testing.T) {
	for _, c := range []struct {
		p90  []float64
		ttft float64
		say  string
	}{{[]float64{64}, 104, "measured p90 (n<100) 104 ms"}, {nil, 1040, "measured p99 1,040 ms"}} {
		s := tailSweep(c.p90...)
		r, err := knee.Find(s, knee.DefaultOptions())
		require.NoError(t, err)
		require.NotNil(t, r.RecommendedPerGPU)
		require.Equal(t, 64.0, *r.RecommendedPerGPU)
		rec, err := Propose(s, r, DefaultPolicy())
		require.NoError(t, err)
		require.NotNil(t, rec.Measured)
		require.NotNil(t, rec.Measured.TTFTP99Ms)
		assert.Equal(t, c.ttft, *rec.Measured.TTFTP99Ms)
		var how string
		for _, d := range rec.Derivation {
			how += d.How + "\n"
		}
		assert.Contains(t, how, c.say)
	}
}

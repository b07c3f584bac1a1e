package knee_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// gpuAt is one GPU's telemetry: peak and mean power, its limit, and the
// samples with a power-capping clock reason of those that caught it busy.
func gpuAt(peak, meanW, limit float64, capped, busy int) sweep.GPUStats {
	return sweep.GPUStats{GPU: "0", PowerMaxW: sweep.F(peak), PowerMeanW: sweep.F(meanW), PowerLimitW: sweep.F(limit),
		PowerCappedSamples: capped, ReasonSamples: busy}
}

// The limit sentence names the power cap where the GPUs sat at their limit
// with capping reasons set, says "clocks throttled" only with the reasons,
// counts the capped GPUs when not all are, and says nothing otherwise.
func TestLimitNamesThePowerCap(t *testing.T) {
	s := &sweep.Sweep{Version: 1, GPUs: 2, Model: "m"}
	for i, g := range [][]sweep.GPUStats{
		{gpuAt(450, 300, 700, 0, 5), gpuAt(460, 300, 700, 0, 5)}, // far below the limit
		{gpuAt(699, 690, 700, 5, 6), gpuAt(700, 695, 700, 6, 6)}, // at it, throttled
		{gpuAt(699, 690, 700, 5, 6), gpuAt(500, 450, 700, 0, 6)}, // one of two
		{gpuAt(699, 690, 700, 0, 0), gpuAt(700, 690, 700, 0, 0)}, // at it, no reasons exported
	} {
		c := float64(int(8) << i)
		s.Points = append(s.Points, sweep.Point{PerGPU: sweep.F(c / 2), Concurrency: c, ThroughputTokS: 100 * c,
			Requests: sweep.I(2000), Failures: sweep.I(0), GPU: &sweep.GPUTelemetry{Samples: 6, GPUs: g}})
	}
	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	require.Equal(t, "", r.Points[0].Limit.PowerCap)
	require.Equal(t, "power cap: 700 W of 700 W, clocks throttled", r.Points[1].Limit.PowerCap)
	require.Contains(t, r.Points[1].Limit.Detail, "; power cap: 700 W of 700 W, clocks throttled")
	require.Equal(t, "power cap on 1 of 2 GPUs: 699 W of 700 W, clocks throttled", r.Points[2].Limit.PowerCap)
	require.Equal(t, "power cap: 700 W of 700 W", r.Points[3].Limit.PowerCap)
}

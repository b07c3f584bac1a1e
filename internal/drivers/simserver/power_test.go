package simserver_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep/metrics"
)

// The closed form: P(b) = min(limit, idle + perSeq·b) at the model's batch,
// and tokens per joule = X ÷ (GPUs · P). Hand values for idle 100 W, 10 W
// per sequence, a 150 W limit and a batch cap of 8: 2/GPU draws 120 W,
// 8/GPU would draw 180 W and is capped at 150 W.
func TestPowerModelClosedForm(t *testing.T) {
	cfg := simserver.Config{GPUs: 2, BatchPerGPU: 8, StepBase: 2 * time.Millisecond, StepPerSeq: 250 * time.Microsecond,
		PowerIdleW: 100, PowerPerSeqW: 10, PowerLimitW: 150}
	require.Equal(t, 120.0, cfg.ModelPowerW(2, 16, 32))
	require.Equal(t, 150.0, cfg.ModelPowerW(8, 16, 32))
	require.Equal(t, 150.0, cfg.ModelPowerW(64, 16, 32), "the batch cap holds the batch at 8")
	require.InDelta(t, cfg.ModelThroughput(2, 16, 32)/240, cfg.ModelTokensPerJoule(2, 16, 32), 1e-12)
	def := simserver.Config{BatchPerGPU: 8, StepBase: time.Millisecond}
	require.Equal(t, 104.0, def.ModelPowerW(1, 16, 16), "defaults: 100 W idle, 4 W a sequence")
	require.Error(t, simserver.Config{BatchPerGPU: 8, StepBase: time.Millisecond, PowerLimitW: -1}.Validate())
}

// An idle server's /metrics serves each GPU under the DCGM exporter's
// names: idle power, the limit, the gpu_idle clock event, and an energy
// counter (mJ) that grows at the idle power between two scrapes.
func TestMetricsServeDCGMTelemetry(t *testing.T) {
	srv := simserver.New(simserver.Config{GPUs: 2, BatchPerGPU: 8, StepBase: time.Millisecond, PowerIdleW: 90, PowerLimitW: 300})
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	scrape := func() metrics.Snapshot {
		resp, err := http.Get(url + "/metrics")
		require.NoError(t, err)
		defer resp.Body.Close()
		s, err := metrics.Parse(resp.Body)
		require.NoError(t, err)
		s.At = time.Now()
		return s
	}
	a := scrape()
	time.Sleep(300 * time.Millisecond)
	b := scrape()
	require.Len(t, b.GPUs, 2)
	g := b.GPUs[1]
	require.Equal(t, "1", g.GPU)
	require.Equal(t, "GPU-simulated-0001", g.UUID)
	require.Equal(t, 90.0, *g.PowerW)
	require.Equal(t, 300.0, *g.PowerLimitW)
	require.Equal(t, 1.0, *g.ClockEvents)
	require.Equal(t, 0.0, *g.GPUUtil)
	require.Equal(t, 1980.0, *g.SMClockMHz)
	dt := b.At.Sub(a.At).Seconds()
	de := (*b.GPUs[1].EnergyMJ - *a.GPUs[1].EnergyMJ) / 1000
	require.InEpsilon(t, 90*dt, de, 0.1, "energy grows at the idle power")
}

package sweep

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Hand values: 2 GPUs drawing 800 W in all over the window, 4,000 tok/s and
// 10 requests/s: 400 W per GPU, 5 tokens per joule, 80 J a request, and at
// $2 a GPU hour 2 × 2 ÷ 3600 ÷ 4000 × 10⁶ = $0.27778 per million tokens.
func TestDeriveEnergyByHand(t *testing.T) {
	p := Point{ThroughputTokS: 4000, RequestRate: F(10), GPU: &GPUTelemetry{WindowS: 10, EnergyJ: F(8000), PowerW: F(800),
		GPUs: []GPUStats{{GPU: "0", PowerMeanW: F(390)}, {GPU: "1", PowerMeanW: F(420)}}}}
	DeriveEnergy(&p, 2, 2)
	require.InDelta(t, 400, *p.GPUPowerW, 1e-9)
	require.InDelta(t, 5, *p.TokensPerJoule, 1e-9)
	require.InDelta(t, 80, *p.JoulesPerRequest, 1e-9)
	require.InDelta(t, 0.277778, *p.USDPerMTok, 1e-6)
	require.Equal(t, 2.0, *p.GPU.USDPerGPUHour)

	// No energy (a power-only exporter with one sample): the samples' mean
	// power per GPU, no tokens per joule; no price, no dollars.
	q := Point{ThroughputTokS: 4000, GPU: &GPUTelemetry{GPUs: []GPUStats{{GPU: "0", PowerMeanW: F(390)}, {GPU: "1", PowerMeanW: F(410)}}}}
	DeriveEnergy(&q, 2, 0)
	require.InDelta(t, 400, *q.GPUPowerW, 1e-9)
	require.Nil(t, q.TokensPerJoule)
	require.Nil(t, q.USDPerMTok)

	// A price alone prices a level without telemetry.
	r := Point{ThroughputTokS: 1000}
	DeriveEnergy(&r, 4, 3)
	require.InDelta(t, 3.0*4/3600/1000*1e6, *r.USDPerMTok, 1e-9)
	require.Nil(t, r.GPUPowerW)
}

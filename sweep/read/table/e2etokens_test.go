package table

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// A rate sweep that prints no end-to-end latency (a real TensorRT-LLM run
// on an RTX 3090, d-triton…) still places each stage by Little's law: its
// requests' time is TTFT + TPOT × (output tok/s ÷ served req/s − 1). Before,
// it was refused for want of an E2E column.
func TestE2EFromTokensNeedsTheServedRate(t *testing.T) {
	ttft, tpot := 100.0, 10.0
	p := &sweep.Point{ThroughputTokS: 1000, RequestedRate: sweep.F(5)}
	p.TTFT.P50, p.ITL.Mean = &ttft, &tpot
	require.Nil(t, e2eFromTokens(p, p.RequestRate))
	p.RequestRate = sweep.F(5)
	require.InDelta(t, 100+10*199, *e2eFromTokens(p, p.RequestRate), 1e-9)
	p.ThroughputTokS = 2
	require.Nil(t, e2eFromTokens(p, p.RequestRate), "under one token per request")
}

package table

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// A request-rate row that cannot be placed says what it has and what knee
// needs: a p99 E2E alone is named as a tail, not as nothing (issue 26:
// the corpus's rate sweep with p99 latencies only). Synthetic points.
func TestLittleLawLacksNamesWhatTheRowHas(t *testing.T) {
	tail := &sweep.Point{RequestedRate: sweep.F(2), ThroughputTokS: 84.5}
	tail.E2E.P99, tail.TTFT.P99, tail.ITL.P99 = sweep.F(69600), sweep.F(2510), sweep.F(370)
	require.Equal(t, "this row has end-to-end latency as p99 only, which bounds the mean time in flight from above but is not it; knee needs the mean or median E2E, or else a mean or median TTFT, a mean or median TPOT and the served req/s, to derive it as TTFT + TPOT × (output tok/s ÷ served req/s − 1)", littleLawLacks(tail, true))

	bare := &sweep.Point{ThroughputTokS: 84.5}
	bare.TTFT.Mean = sweep.F(200)
	require.Equal(t, "this row has no request rate (a served req/s column, or the offered rate) and no mean or median end-to-end latency; knee needs the mean or median E2E, or else a mean or median TPOT and the served req/s, to derive it as TTFT + TPOT × (output tok/s ÷ served req/s − 1)", littleLawLacks(bare, false))
}

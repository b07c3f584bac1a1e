package knee_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
)

func TestParseSLOsReadsUnitsAndNamesTheBadPart(t *testing.T) {
	s, err := knee.ParseSLOs("ttft_p99=2s, itl_p99=50ms,tpot_p50=40000us,E2E_P95=1.5s")
	require.NoError(t, err)
	require.Equal(t, []knee.SLO{{Metric: "ttft_p99", LimitMs: 2000}, {Metric: "itl_p99", LimitMs: 50},
		{Metric: "tpot_p50", LimitMs: 40}, {Metric: "e2e_p95", LimitMs: 1500}}, s)
	require.Equal(t, "ttft_p99=2000ms,itl_p99=50ms,tpot_p50=40ms,e2e_p95=1500ms", knee.FormatSLOs(s))

	for spec, want := range map[string]string{
		"ttft_p99=2s,itl_p98=50ms": `"itl_p98=50ms": unknown statistic "p98" (want p50, p90, p95 or p99)`,
		"ttfb_p99=2s":              `"ttfb_p99=2s": unknown metric "ttfb_p99" (want one of ttft, itl, tpot, e2e, then _p50, _p90, _p95 or _p99)`,
		"ttft_p99=2":               `"ttft_p99=2": limit "2" has no unit (ms, s or us: 2s, 50ms)`,
		"ttft_p99=-2s":             `"ttft_p99=-2s": limit "-2s" must be more than 0 and at most 1e9 ms`,
		"ttft_p99=fast":            `"ttft_p99=fast": limit "fast" has no unit (ms, s or us: 2s, 50ms)`,
		"ttft_p99=xs":              `"ttft_p99=xs": limit "xs" is not a number with a unit (ms, s, us)`,
		"ttft_p99":                 `"ttft_p99": want METRIC=LIMIT, e.g. ttft_p99=2s`,
		"ttft_p99=1s,ttft_p99=2s":  `"ttft_p99=2s": ttft_p99 is given twice`,
		",":                        `",": no objective (want e.g. ttft_p99=2s,itl_p99=50ms)`,
	} {
		_, err := knee.ParseSLOs(spec)
		require.EqualError(t, err, want, spec)
	}
}

// The real H200 test-bed sweep (fixtures/testbed/h200-cbserve-0.6b): the
// throughput knee lies between 256 and 512/GPU, so the knee alone
// recommends 256. Under TTFT p99 ≤ 500 ms and TPOT p50 ≤ 120 ms, 256
// misses both (TTFT p99 774 ms, TPOT p50 145 ms) while 128 meets both (435
// and 100 ms): the SLO binds below the knee and 128 is recommended.
// Goodput at 128 by hand: TTFT p99 435 ≤ 500 but max 571 > 500, so ≥ 99%
// within TTFT; TPOT p50 100 ≤ 120 but p90 139 > 120, so ≥ 50% within TPOT;
// within both ≥ 1 − 0.01 − 0.50 = 0.49 of 19.2277 req/s and 1,230.58
// tok/s: 9.4216 req/s, 602.98 tok/s.
func TestFindSLOBindsBelowTheKneeOnTheH200Testbed(t *testing.T) {
	o := knee.DefaultOptions()
	var err error
	o.SLOs, err = knee.ParseSLOs("ttft_p99=500ms,tpot_p50=120ms")
	require.NoError(t, err)
	r, err := knee.Find(load(t, "testbed/h200-cbserve-0.6b"), o)
	require.NoError(t, err)

	require.Equal(t, 256.0, *r.Knee.LowPerGPU)
	require.Equal(t, 512.0, *r.Knee.HighPerGPU)
	require.Equal(t, 128.0, *r.RecommendedPerGPU)
	require.NotNil(t, r.SLO)
	require.Equal(t, knee.BindsSLO, r.SLO.Binds)
	require.Equal(t, 128.0, *r.SLO.EdgePerGPU)
	require.Equal(t, 256.0, *r.SLO.OverPerGPU)
	require.Equal(t, 256.0, *r.SLO.KneePerGPU)
	require.Equal(t, []string{"ttft_p99", "tpot_p50"}, r.SLO.Missed)
	require.Equal(t, knee.GoodputPercentileBound, r.SLO.GoodputMethod)
	require.Contains(t, r.RecommendationReason, "128/GPU is the highest level below the knee within the SLOs (ttft_p99 ≤ 500 ms, tpot_p50 ≤ 120 ms)")
	require.Contains(t, r.RecommendationReason, "the SLO binds, not the knee (the throughput operating point is 256/GPU)")

	p := point(t, r, 256)
	require.Equal(t, knee.VerdictSubKnee, p.Verdict)
	require.Contains(t, p.Reasons, knee.ReasonOverTTFTSLO)
	require.Contains(t, p.Reasons, knee.ReasonOverTPOTSLO)
	require.False(t, *p.SLO[0].Met)
	require.InDelta(t, 773.813, *p.SLO[0].ValueMs, 0.001)
	require.InDelta(t, 144.962, *p.SLO[1].ValueMs, 0.001)
	require.Equal(t, 0.0, *p.Goodput.Share) // TTFT p50 689 ms is already over 500: nothing shows any request within

	p = point(t, r, 128)
	require.Len(t, p.SLO, 2)
	require.Equal(t, knee.SLOCheck{Metric: "ttft_p99", LimitMs: 500, ValueMs: ptr(435.008), Met: bptr(true), WithinShare: ptr(0.99), From: "ttft_ms"}, p.SLO[0])
	require.Equal(t, knee.SLOCheck{Metric: "tpot_p50", LimitMs: 120, ValueMs: ptr(100.29), Met: bptr(true), WithinShare: ptr(0.5), From: "itl_ms"}, p.SLO[1])
	g := p.Goodput
	require.Equal(t, 0.49, *g.Share)
	require.InDelta(t, 0.49*19.227736982559446, *g.RequestRate, 1e-4)
	require.InDelta(t, 0.49*1230.5751668838045, *g.TokS, 1e-3)
	require.InDelta(t, 602.982, *g.TokSPerGPU, 1e-3)
	// 8/GPU: TTFT max 219 ms... within every SLO at p99; TPOT p50 31 ms, p99 92 ms, max 118 ms ≤ 120: all of them.
	require.Equal(t, 1.0, *point(t, r, 8).SLO[1].WithinShare)
}

// The same sweep under TTFT p99 ≤ 1 s and TPOT p90 ≤ 200 ms: 256 meets
// both (774 ms, 166 ms), 512 misses both (1,922 ms, 536 ms) but is already at the
// knee: the knee binds first and 256 stays the recommendation. Goodput at
// 256 by hand: TTFT p99 774 ≤ 1,000 (max 1,070 is over): ≥ 99%; TPOT p95
// 195 ≤ 200, p99 351 over: ≥ 95%; both ≥ 0.94 of 24.632 req/s and 1,576.43
// tok/s: 23.154 req/s, 1,481.85 tok/s.
func TestFindKneeBindsBeforeTheSLOOnTheH200Testbed(t *testing.T) {
	o := knee.DefaultOptions()
	var err error
	o.SLOs, err = knee.ParseSLOs("ttft_p99=1s,tpot_p90=200ms")
	require.NoError(t, err)
	r, err := knee.Find(load(t, "testbed/h200-cbserve-0.6b"), o)
	require.NoError(t, err)

	require.Equal(t, 256.0, *r.RecommendedPerGPU)
	require.Equal(t, knee.BindsKnee, r.SLO.Binds)
	require.Equal(t, 256.0, *r.SLO.EdgePerGPU)
	require.Equal(t, 512.0, *r.SLO.OverPerGPU)
	require.Equal(t, []string{"ttft_p99", "tpot_p90"}, r.SLO.Missed)
	require.Contains(t, r.RecommendationReason, "256/GPU is the operating point: the highest valid level below the knee")
	require.Contains(t, r.RecommendationReason, "within the SLOs (ttft_p99 ≤ 1,000 ms, tpot_p90 ≤ 200 ms) there: the knee binds, not the SLO")
	require.Contains(t, r.SLO.Detail, "above the throughput operating point 256/GPU: the knee binds")
	for _, p := range r.Points {
		for _, x := range p.Reasons {
			require.False(t, x.IsSLO(), "%v/GPU: %s", p.PerGPU, x) // 512 is at the knee: not marked
		}
	}
	g := point(t, r, 256).Goodput
	require.Equal(t, 0.94, *g.Share)
	require.InDelta(t, 0.94*24.6317756226421, *g.RequestRate, 1e-4)
	require.InDelta(t, 0.94*1576.4336398490943, *g.TokS, 0.01) // 1,481.85 (six significant figures)
	require.False(t, *point(t, r, 512).SLO[0].Met)
}

// An SLO on a statistic no level has is an option error naming what the
// input has; --ttft-slo-ms beside a --slo TTFT objective is refused.
func TestFindRefusesAnSLOTheInputCannotAnswer(t *testing.T) {
	o := knee.DefaultOptions()
	o.SLOs = []knee.SLO{{Metric: "itl_p99", LimitMs: 50}}
	_, err := knee.Find(load(t, "aicr/gb300-eks.csv"), o)
	var oe *knee.OptionError
	require.True(t, errors.As(err, &oe), "%v", err)
	require.Equal(t, "slo", oe.Option)
	require.Equal(t, "itl_p99: no level of the input has ITL p99 (it has no ITL at all)", oe.Msg)

	o.SLOs = []knee.SLO{{Metric: "ttft_p50", LimitMs: 50}}
	_, err = knee.Find(load(t, "aicr/gb300-eks.csv"), o)
	require.EqualError(t, err, "analysis option slo: ttft_p50: no level of the input has TTFT p50 (it has TTFT p99)")

	o.TTFTSLOMs = 2000
	_, err = knee.Find(load(t, "aicr/gb300-eks.csv"), o)
	require.EqualError(t, err, "analysis option slo: ttft_p50: give the TTFT SLO once, --slo or --ttft-slo-ms (which is --slo ttft_p99=2000ms)")
}

func bptr(b bool) *bool { return &b }

func ptr(v float64) *float64 { return &v }

package knee_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Real AIPerf exports (fixtures/aiperf, aiperf 0.1.1) against a simulated
// server that decodes at most 64 sequences: with no engine metrics, TTFT
// is the evidence. 32 → 128 in flight still gained 66% throughput for 4×
// the load (elasticity 0.37, over e* = 1/3: "scaling" by the elasticity
// rule alone), but TTFT p50 rose 24 → 1,443 ms while a request's time in
// flight grew 1,231 → 2,961 ms: TTFT carries 77% of that growth, so the
// added requests waited. 128 is past the knee (queueing) and the onset
// read from Little's law is 70 in flight (the cap is 64).
func TestFindQueueingFromTTFTOnRealAIPerfRunsAgainstACap(t *testing.T) {
	r := find(t, load(t, "aiperf"))
	p := point(t, r, 128)
	require.Equal(t, knee.VerdictPastKnee, p.Verdict)
	require.Equal(t, []knee.Reason{knee.ReasonPastKnee, knee.ReasonQueueing}, p.Reasons)
	require.Equal(t, "queueing: mean TTFT rose 27 → 1,360 ms from 32 in flight while a request's time in flight (Little's law, N ÷ rate) grew 1,231 → 2,961 ms: TTFT carries 77% of the growth, so about 58 requests waited and 70 in flight ran", p.Details[1])
	require.Contains(t, point(t, r, 256).Reasons, knee.ReasonQueueing)
	require.NotContains(t, point(t, r, 32).Reasons, knee.ReasonQueueing)
	require.NotNil(t, r.QueueOnset)
	require.Equal(t, 70.0, r.QueueOnset.PerGPU)
	require.Equal(t, "ttft", r.QueueOnset.From)
	require.Nil(t, r.RecommendedPerGPU)
	require.Equal(t, 32.0, *r.CandidatePerGPU)
}

// The real llmperf sweep of Yi-1.5-34B on 4× A10G (fixtures/llmperf): from
// 2 to 4 in flight mean TTFT rose 814 → 1,714 ms while a request's time in
// flight grew 8,489 → 9,866 ms, so TTFT carries 65% of the growth, but at
// 0.41 req/s that is 0.36 requests waiting, and throughput rose 38 → 65
// tok/s. Fewer than one request waiting is no queue: 4 in flight read
// "queueing … about 0 requests waited" (issue 31 item 3).
func TestFindFewerThanOneWaitingIsNoQueue(t *testing.T) {
	r := find(t, load(t, "llmperf/yi-1.5-34b-4xa10g-vllm"))
	require.NotContains(t, point(t, r, 4).Reasons, knee.ReasonQueueing)
	require.NotContains(t, point(t, r, 4).Reasons, knee.ReasonNonMonotonic)
	for _, p := range r.Points {
		for _, d := range p.Details {
			require.NotContains(t, d, "about 0 requests waited", "%v in flight", p.Concurrency)
		}
	}
}

// A throughput-only table (no TTFT, no engine metrics) keeps the
// elasticity rule: the same throughputs with TTFT removed queue nowhere.
func TestFindThroughputOnlyKeepsTheElasticityRule(t *testing.T) {
	s := load(t, "aiperf")
	for i := range s.Points {
		s.Points[i].TTFT = sweep.Dist{}
	}
	r := find(t, s)
	require.Nil(t, r.QueueOnset)
	for _, p := range r.Points {
		require.NotContains(t, p.Reasons, knee.ReasonQueueing)
	}
	require.Equal(t, knee.VerdictSubKnee, point(t, r, 128).Verdict)
	require.Equal(t, 128.0, *r.RecommendedPerGPU)
}

// Simulated engine metrics, an engine capped at 253 sequences per GPU (8
// GPUs, 2,024 in all). 512/GPU queues plainly (2,072 of 4,096 waiting);
// 256/GPU is pinned at the same cap with 24 of its 2,048 waiting in 9 of
// 10 busy samples: 1%, under the 5% that alone would call a queue. The cap
// is established by 512, so 256 is past it too, and the operating point
// is 128, below the onset at 253, not 256 above it.
func TestFindALevelJustAboveAnEstablishedEngineCapQueues(t *testing.T) {
	s := &sweep.Sweep{Version: sweep.SchemaVersion, GPUs: 8, Harness: "simulated"}
	for _, c := range []struct {
		perGPU     int
		tokS, wait float64
	}{{64, 10000, 0}, {128, 18000, 0}, {256, 30000, 24}, {512, 30100, 2072}} {
		conc := float64(c.perGPU * 8)
		run := min(conc, 2024)
		e := &sweep.EngineMetrics{Engine: "vllm", Samples: 60, BusySamples: sweep.I(60), QueuedSamples: sweep.I(0),
			RunningMean: sweep.F(0.97 * run), RunningMax: sweep.F(run), WaitingMean: sweep.F(c.wait), WaitingMax: sweep.F(c.wait)}
		if c.wait > 0 {
			e.QueuedSamples = sweep.I(54)
		}
		s.Points = append(s.Points, sweep.Point{PerGPU: sweep.F(float64(c.perGPU)), Concurrency: conc, ThroughputTokS: c.tokS,
			ThroughputPerGPU: sweep.F(c.tokS / 8), Requests: sweep.I(int(8 * conc)), Failures: sweep.I(0), Engine: e, Simulated: true})
	}
	r := find(t, s)
	require.Contains(t, point(t, r, 512).Reasons, knee.ReasonQueueing)
	require.Contains(t, point(t, r, 256).Reasons, knee.ReasonQueueing)
	require.Equal(t, knee.VerdictPastKnee, point(t, r, 256).Verdict)
	require.NotNil(t, r.QueueOnset)
	require.Equal(t, 253.0, r.QueueOnset.PerGPU)
	require.Equal(t, 256.0, r.QueueOnset.AtPerGPU)
	require.Equal(t, 128.0, *r.RecommendedPerGPU)
}

// At the cap itself (253/GPU, 2,024 in flight and 2,024 running) a few
// requests seen waiting are requests between their predecessor's end and
// their slot: the level is not queueing, and it is the operating point.
func TestFindALevelAtTheEstablishedCapDoesNotQueue(t *testing.T) {
	s := &sweep.Sweep{Version: sweep.SchemaVersion, GPUs: 8, Harness: "simulated"}
	for _, c := range []struct {
		perGPU     int
		tokS, wait float64
	}{{64, 10000, 0}, {128, 18000, 0}, {253, 29900, 3}, {512, 30100, 2072}} {
		conc := float64(c.perGPU * 8)
		run := min(conc, 2024)
		e := &sweep.EngineMetrics{Engine: "vllm", Samples: 60, BusySamples: sweep.I(60), QueuedSamples: sweep.I(0),
			RunningMean: sweep.F(0.97 * run), RunningMax: sweep.F(run), WaitingMean: sweep.F(c.wait), WaitingMax: sweep.F(c.wait)}
		if c.wait > 0 {
			e.QueuedSamples = sweep.I(54)
		}
		s.Points = append(s.Points, sweep.Point{PerGPU: sweep.F(float64(c.perGPU)), Concurrency: conc, ThroughputTokS: c.tokS,
			ThroughputPerGPU: sweep.F(c.tokS / 8), Requests: sweep.I(int(8 * conc)), Failures: sweep.I(0), Engine: e, Simulated: true})
	}
	r := find(t, s)
	require.Contains(t, point(t, r, 512).Reasons, knee.ReasonQueueing)
	require.NotContains(t, point(t, r, 253).Reasons, knee.ReasonQueueing)
	require.Equal(t, 253.0, *r.RecommendedPerGPU)
}

// Where the engine's waiting count was sampled, it speaks for the queue,
// not TTFT: the demo's simulated server at 128/GPU ran every request (0
// waiting in every sample) while TTFT p50 rose 21 → 56 ms, which Little's
// law alone would read as 62 requests waiting (simulated engine metrics).
func TestFindTTFTDoesNotOverruleAnEngineThatSawNoQueue(t *testing.T) {
	mk := func(withEngine bool) *sweep.Sweep {
		s := &sweep.Sweep{Version: sweep.SchemaVersion, GPUs: 4, Harness: "simulated"}
		for _, c := range []struct {
			perGPU    int
			tokS, p50 float64
		}{{32, 9000, 18}, {64, 17400, 21}, {128, 26500, 56}} {
			conc := float64(c.perGPU * 4)
			p := sweep.Point{PerGPU: sweep.F(float64(c.perGPU)), Concurrency: conc, ThroughputTokS: c.tokS, ThroughputPerGPU: sweep.F(c.tokS / 4),
				Requests: sweep.I(int(8 * conc)), Failures: sweep.I(0), TTFT: sweep.Dist{P50: sweep.F(c.p50), P99: sweep.F(2 * c.p50)},
				RequestRate: sweep.F(conc / (0.235 * float64(c.perGPU) / 64)), Simulated: true}
			if withEngine {
				p.Engine = &sweep.EngineMetrics{Engine: "vllm", Samples: 30, BusySamples: sweep.I(30), QueuedSamples: sweep.I(0),
					RunningMean: sweep.F(0.97 * conc), RunningMax: sweep.F(conc), WaitingMean: sweep.F(0), WaitingMax: sweep.F(0)}
			}
			s.Points = append(s.Points, p)
		}
		return s
	}
	r := find(t, mk(true))
	require.NotContains(t, point(t, r, 128).Reasons, knee.ReasonQueueing)
	require.Nil(t, r.QueueOnset)
}

package knee

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

func engineLevel(conc float64, e *sweep.EngineMetrics) *levelEval {
	return &levelEval{level: &level{x: conc / 4, concurrency: conc, achieved: 1, clientCPU: nanF(),
		points: []sweep.Point{{Concurrency: conc, Engine: e}}}}
}

func nanF() float64 { var z float64; return z / z }

// Each rule on hand-made evidence, and the order between them.
func TestLimitRules(t *testing.T) {
	F := sweep.F
	cases := []struct {
		name string
		l    *levelEval
		peak float64
		want LimitKind
		text string
	}{
		{"no metrics", engineLevel(1024, nil), 0, LimitNoMetrics, "no engine metrics"},
		{"samples missed every request", engineLevel(1024, &sweep.EngineMetrics{Samples: 2, RunningMax: F(0)}), 0, LimitNoMetrics, "none caught a running request"},
		// The 0.3 s level of a local simulated sweep: one of two scrapes
		// caught the last request draining. Not a frontend holding 127 of 128.
		{"one sample caught the level draining", engineLevel(128, &sweep.EngineMetrics{Samples: 2, BusySamples: func() *int { n := 1; return &n }(), RunningMax: F(1), WaitingMax: F(0)}), 0, LimitNoMetrics,
			"too few engine samples while requests ran: 1 of 2 caught requests running (a level needs 3"},
		{"kv full and waiting", engineLevel(1024, &sweep.EngineMetrics{RunningMax: F(700), WaitingMax: F(300), KVUsageMax: F(0.99), Preemptions: F(1240)}), 700,
			LimitKVCache, "KV cache: usage 99% at its peak, 1,240 preemptions, 300 waiting, running 700 (175/GPU)"},
		{"preemptions with waiting, no usage series", engineLevel(1024, &sweep.EngineMetrics{RunningMax: F(700), WaitingMax: F(3), Preemptions: F(5)}), 700, LimitKVCache, "5 preemptions"},
		{"kv full but nothing waits", engineLevel(512, &sweep.EngineMetrics{RunningMax: F(512), WaitingMax: F(0), KVUsageMax: F(0.97)}), 512, LimitNone, "none reached"},
		{"batch cap at the plateau", engineLevel(1024, &sweep.EngineMetrics{RunningMax: F(640), WaitingMax: F(180), KVUsageMax: F(0.4)}), 640,
			LimitBatchCap, "batch cap: running 640 (160/GPU), the most at any level, with 180 waiting, KV cache at 40%"},
		// Every request in flight ran at the level's peak: no cap bound it
		// there; the waiting ones waited for their prefill at other moments
		// (the H200 test bed's server, which has no cap, at 512 in flight).
		{"every request in flight ran at the peak", engineLevel(512, &sweep.EngineMetrics{RunningMax: F(512), WaitingMax: F(470)}), 512,
			LimitNone, "none reached: engine running 512 (128/GPU), 470 waiting"},
		{"batch cap equal to the exported cap", engineLevel(1024, &sweep.EngineMetrics{RunningMax: F(256), WaitingMax: F(10), MaxRunning: F(256)}), 256,
			LimitBatchCap, "= the engine's max running requests"},
		{"waiting below the plateau is not the cap", engineLevel(256, &sweep.EngineMetrics{RunningMax: F(200), WaitingMax: F(3)}), 1024, LimitNone, "none reached"},
		{"frontend", engineLevel(1024, &sweep.EngineMetrics{RunningMax: F(40), WaitingMax: F(0)}), 40,
			LimitFrontend, "frontend: engine running 40 (10/GPU) of the 1,024 the client holds in flight"},
		{"a Dynamo frontend that queues", engineLevel(256, &sweep.EngineMetrics{RunningMax: F(250), WaitingMax: F(0), FrontendQueuedMax: F(30)}), 250,
			LimitFrontend, "frontend: it queued up to 30 requests while the engine ran 250 (63/GPU) with none waiting"},
		{"everything running", engineLevel(256, &sweep.EngineMetrics{RunningMax: F(256), WaitingMax: F(0), KVUsageMax: F(0.3)}), 256, LimitNone, "KV cache at 30%"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := attributeLimit(c.l, 4, c.peak)
			require.Equal(t, c.want, got.Kind, got.Detail)
			require.Contains(t, got.Detail, c.text)
		})
	}
	// The client rule comes first: a starved client says nothing of the server.
	l := engineLevel(1024, &sweep.EngineMetrics{RunningMax: F(40), WaitingMax: F(0)})
	l.clientBound, l.clientCPU = true, 0.97
	got := attributeLimit(l, 4, 40)
	require.Equal(t, LimitClient, got.Kind)
	require.Equal(t, "client: the load generator was the bottleneck (client_bound), its CPU 97% busy", got.Detail)

	// Issue 31 item 8: on 2 busy cores the built-in harness's threads
	// waited for a CPU while its own share read 27%; "its CPU 27% busy"
	// contradicted the 90% rule. The harness's evidence is said instead.
	l.clientCPU = 0.27
	l.clientWhy = []string{"client threads waited for a CPU 63% of the time (other processes hold the cores)"}
	got = attributeLimit(l, 4, 40)
	require.Equal(t, "client: the load generator was the bottleneck (client_bound): client threads waited for a CPU 63% of the time (other processes hold the cores)", got.Detail)
}

// The physical bound from the KV capacity and the token lengths, and what
// it says of the knee.
func TestPhysicalBound(t *testing.T) {
	F := sweep.F
	pt := func(c float64) sweep.Point {
		return sweep.Point{Concurrency: c, InputTokensMean: F(128), OutputTokensMean: F(16),
			Engine: &sweep.EngineMetrics{KVCapacityTokens: F(4 * 3200 * 16)}}
	}
	in := input{s: &sweep.Sweep{GPUs: 4}, perGPU: true, w: words{perGPU: true},
		levels: []*levelEval{{level: &level{points: []sweep.Point{pt(256)}}}}}
	b := physicalBound(in, Knee{PerGPU: F(160), HighPerGPU: F(160)}, nil)
	require.NotNil(t, b)
	require.Equal(t, "kv_cache", b.From)
	require.InDelta(t, 3200*16/144.0, b.PerGPU, 1e-3)
	require.Equal(t, "physical bound 356/GPU: the KV cache holds 204,800 tokens = 1,422 requests of 144 tokens (prompt + output); the knee (at most 160/GPU) is far below it: another limit binds (see each level's limit)", b.Detail)
	below := physicalBound(in, Knee{PerGPU: F(240), HighPerGPU: F(256)}, nil)
	require.Contains(t, below.Detail, "the knee is below it: another limit binds first")

	far := physicalBound(in, Knee{HighPerGPU: F(64)}, nil)
	require.Contains(t, far.Detail, "the knee (at most 64/GPU) is far below it")
	atKnee := Knee{PerGPU: F(350), LowPerGPU: F(300), HighPerGPU: F(380)}
	at := physicalBound(in, atKnee, nil)
	require.Contains(t, at.Detail, "the knee is at it: the KV cache is what runs out")
	// The clause follows the limit the level above the knee names (issue
	// 31 item 3: "the KV cache is what runs out" beside a batch cap "not
	// its memory, KV cache at 80%").
	kv := []PointResult{{PerGPU: 300, Limit: &Limit{Kind: LimitNone}}, {PerGPU: 380, Limit: &Limit{Kind: LimitKVCache}}}
	require.Contains(t, physicalBound(in, atKnee, kv).Detail, "the knee is at it: the KV cache is what runs out")
	batch := []PointResult{{PerGPU: 300, Limit: &Limit{Kind: LimitNone}}, {PerGPU: 380, Limit: &Limit{Kind: LimitBatchCap}}}
	got := physicalBound(in, atKnee, batch).Detail
	require.True(t, strings.HasSuffix(got, "; the knee is near it, but at 380/GPU the engine's metrics name another limit, batch cap: it binds before the KV cache runs out"), got)
	require.NotContains(t, got, "is what runs out")
	none := []PointResult{{PerGPU: 380, Limit: &Limit{Kind: LimitNone}}}
	require.Contains(t, physicalBound(in, atKnee, none).Detail, "the knee is at it, but the engine's metrics at 380/GPU do not show the KV cache full (none)")

	// The engine's own figure wins over the computed one.
	in.levels[0].points[0].Engine.MaxConcurrency = F(800)
	e := physicalBound(in, Knee{}, nil)
	require.Equal(t, "engine", e.From)
	require.Equal(t, 200.0, e.PerGPU)

	// No capacity: no bound.
	in.levels[0].points[0].Engine = nil
	require.Nil(t, physicalBound(in, Knee{}, nil))
}

package pareto

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// point is a level with a known throughput and per-user speed: 10 output
// tokens over E2E − TTFT = 1000·10/user ms.
func point(perGPU, tokS, user float64) sweep.Point {
	return sweep.Point{PerGPU: sweep.F(perGPU), Concurrency: perGPU, ThroughputTokS: tokS, ThroughputPerGPU: sweep.F(tokS),
		Requests: sweep.I(1000), Failures: sweep.I(0), OutputTokensMean: sweep.F(10),
		TTFT: sweep.Dist{Mean: sweep.F(50), P50: sweep.F(50), P99: sweep.F(60)},
		E2E:  sweep.Dist{Mean: sweep.F(50 + 10000/user)}}
}

func sweepOf(model string, pts ...sweep.Point) *sweep.Sweep {
	return &sweep.Sweep{Version: 1, GPUs: 1, Model: model, Points: pts}
}

// A hand-made set: A (100, 50) and B (200, 40) are each best on one axis;
// C (150, 40) is beaten by B on throughput at the same speed; D (200, 40)
// ties B exactly and so is not beaten either: both stay on the frontier.
// C falls short of the best frontier point at least as fast per user, B:
// 1 − 150/200 = 0.25.
func TestFrontierByHand(t *testing.T) {
	ins := []Input{
		{Name: "a", Sweep: sweepOf("m", point(1, 100, 50), point(2, 150, 40))},
		{Name: "b", Sweep: sweepOf("m", point(4, 200, 40))},
		{Name: "d", Sweep: sweepOf("m", point(4, 200, 40))},
	}
	r, err := Analyze(context.Background(), ins, Options{Knee: knee.DefaultOptions()})
	require.NoError(t, err)
	require.ElementsMatch(t, []PointRef{{"a", 1}, {"b", 4}, {"d", 4}}, r.Frontier)
	require.Equal(t, PointRef{"a", 1}, r.Frontier[len(r.Frontier)-1], "the fastest per user last")
	var c Point
	for _, p := range r.Points {
		if p.Config == "a" && p.PerGPU == 2 {
			c = p
		}
	}
	require.False(t, c.OnFrontier)
	require.InDelta(t, 0.25, *c.Shortfall, 1e-9)
	require.InDelta(t, 40, *c.TokSPerUser, 1e-9)
	require.Equal(t, "output_tokens/(e2e-ttft)", c.UserFrom)
	require.Nil(t, r.EnergyFrontier, "no telemetry, no second frontier")
	require.Nil(t, r.Cheapest, "no price, no cheapest")
}

// Without output lengths the speed per user is 1000 ÷ ITL p50; with
// neither, the level is on no frontier and a note says so.
func TestUserSpeedFallsBackToITL(t *testing.T) {
	p := point(1, 100, 50)
	p.OutputTokensMean = nil
	p.ITL = sweep.Dist{P50: sweep.F(20)}
	q := point(2, 300, 10)
	q.OutputTokensMean = nil
	r, err := Analyze(context.Background(), []Input{{Name: "x", Sweep: sweepOf("m", p, q)}}, Options{Knee: knee.DefaultOptions()})
	require.NoError(t, err)
	require.InDelta(t, 50, *r.Points[0].TokSPerUser, 1e-9)
	require.Equal(t, "1000/itl_p50", r.Points[0].UserFrom)
	require.Nil(t, r.Points[1].TokSPerUser)
	require.Equal(t, []PointRef{{"x", 1}}, r.Frontier)
	require.Contains(t, r.Notes, "no speed per user (neither output length with E2E and TTFT nor ITL p50) at x at 2/GPU: on no frontier")
}

// Different models, workloads or an unknown GPU count are refused with an
// input error naming the input and the field.
func TestAnalyzeRefuses(t *testing.T) {
	ctx := context.Background()
	opts := Options{Knee: knee.DefaultOptions()}
	_, err := Analyze(ctx, []Input{{Name: "a", Arg: "a.json", Sweep: sweepOf("m1", point(1, 1, 1))}, {Name: "b", Arg: "b.json", Sweep: sweepOf("m2", point(1, 1, 1))}}, opts)
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "b.json", ie.File)
	require.Equal(t, "model", ie.Field)
	w := sweepOf("m", point(1, 1, 1))
	w.Points[0].Workload = map[string]string{"dataset_name": "sharegpt"}
	_, err = Analyze(ctx, []Input{{Name: "a", Arg: "a.json", Sweep: sweepOf("m", point(1, 1, 1))}, {Name: "b", Arg: "b.json", Sweep: w}}, opts)
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "workload", ie.Field)
	g := sweepOf("m", point(1, 1, 1))
	g.GPUs = 0
	_, err = Analyze(ctx, []Input{{Name: "a", Arg: "a.json", Sweep: g}}, opts)
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "gpus", ie.Field)
}

package knee_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// scaled multiplies throughput by thr and TTFT by ttft. Output length
// scales with throughput when keepRate, so the request rate Little's law
// uses is unchanged.
func scaled(s *sweep.Sweep, thr, ttft float64, keepRate bool) *sweep.Sweep {
	out := *s
	out.Points = make([]sweep.Point, len(s.Points))
	for i, p := range s.Points {
		p.ThroughputTokS *= thr
		if p.ThroughputPerGPU != nil {
			p.ThroughputPerGPU = sweep.F(*p.ThroughputPerGPU * thr)
		}
		if p.OutputTokensMean != nil && keepRate {
			p.OutputTokensMean = sweep.F(*p.OutputTokensMean * thr)
		}
		if p.TTFT.P99 != nil {
			p.TTFT.P99 = sweep.F(*p.TTFT.P99 * ttft)
		}
		if p.TTFT.P50 != nil {
			p.TTFT.P50 = sweep.F(*p.TTFT.P50 * ttft)
		}
		out.Points[i] = p
	}
	return &out
}

func withoutRate(s *sweep.Sweep) *sweep.Sweep {
	out := *s
	out.Points = make([]sweep.Point, len(s.Points))
	for i, p := range s.Points {
		p.OutputTokensMean, p.RequestRate = nil, nil
		out.Points[i] = p
	}
	return &out
}

func kneeTuple(r *knee.Result) []any {
	deref := func(p *float64) any {
		if p == nil {
			return nil
		}
		return *p
	}
	verdicts := make([]knee.Verdict, len(r.Points))
	for i, p := range r.Points {
		verdicts[i] = p.Verdict
	}
	return []any{r.Knee.Status, deref(r.Knee.LowPerGPU), deref(r.Knee.HighPerGPU), deref(r.RecommendedPerGPU), verdicts}
}

func requireSameKnee(t *testing.T, base, r *knee.Result, msg string) {
	t.Helper()
	require.Equal(t, kneeTuple(base)[:1], kneeTuple(r)[:1], "status, %s", msg)
	require.Equal(t, kneeTuple(base)[3:], kneeTuple(r)[3:], "recommendation and verdicts, %s", msg)
	for _, b := range [][2]*float64{{base.Knee.LowPerGPU, r.Knee.LowPerGPU}, {base.Knee.HighPerGPU, r.Knee.HighPerGPU}, {base.Knee.PerGPU, r.Knee.PerGPU}} {
		if b[0] == nil {
			require.Nil(t, b[1], msg)
			continue
		}
		require.NotNil(t, b[1], msg)
		require.InDelta(t, *b[0], *b[1], 1e-3**b[0], msg)
	}
}

// Scaling throughput or TTFT by a constant changes units, not the knee.
// Throughput is scaled with the output length (same request rate); TTFT
// alone is scaled where no request rate is known, because Little's law
// ties TTFT to the request rate: scaling one without the other describes
// a different system, in which a cliff may rightly appear. Scaling time
// itself (TTFT × c, rates ÷ c) keeps Little's law and must keep the knee.
func TestFindKneeInvariantToScalingThroughputAndTTFT(t *testing.T) {
	for _, s := range []*sweep.Sweep{
		load(t, "aicr/gb300-eks.csv", "aicr/gb300-eks-simulated-64.csv"),
		simSweep(simModels()[0], 5, 1, 0, 1),
		simSweep(simModels()[1], 8, 3, 0.10, 2),
		simSweep(simModels()[2], 16, 1, 0, 1),
	} {
		base := find(t, s)
		for _, c := range []float64{3, 0.01, 12.5} {
			requireSameKnee(t, base, find(t, scaled(s, c, 1, true)), fmt.Sprintf("%s throughput ×%v", s.Model, c))
			requireSameKnee(t, base, find(t, scaled(s, 1/c, c, false)), fmt.Sprintf("%s time ×%v", s.Model, c))
		}
		base = find(t, withoutRate(s))
		for _, c := range []float64{7, 0.1} {
			requireSameKnee(t, base, find(t, scaled(withoutRate(s), 1, c, false)), fmt.Sprintf("%s TTFT ×%v", s.Model, c))
		}
	}
}

// A level far past the knee (here a collapse at 4× the last level) must not
// make the recommendation worse.
func TestFindLevelFarPastKneeDoesNotWorsenRecommendation(t *testing.T) {
	for _, s := range []*sweep.Sweep{
		load(t, "aicr/gb300-eks.csv", "aicr/gb300-eks-simulated-64.csv"),
		simSweep(simModels()[0], 5, 1, 0, 1),
		simSweep(simModels()[1], 8, 1, 0, 1),
		simSweep(simModels()[2], 8, 1, 0, 1),
	} {
		base := find(t, s)
		require.NotNil(t, base.RecommendedPerGPU)
		top := s.Points[len(s.Points)-1]
		far := top
		far.PerGPU = sweep.F(*top.PerGPU * 4)
		far.Concurrency = top.Concurrency * 4
		far.ThroughputTokS = top.ThroughputTokS * 0.5
		far.ThroughputPerGPU = nil
		far.TTFT = sweep.Dist{P99: sweep.F(*top.TTFT.P99 * 20)}
		more := *s
		more.Points = append(append([]sweep.Point{}, s.Points...), far)
		r := find(t, &more)
		require.NotNil(t, r.RecommendedPerGPU)
		require.GreaterOrEqual(t, *r.RecommendedPerGPU, *base.RecommendedPerGPU, "sweep %s", s.Model)
		require.Equal(t, knee.VerdictPastKnee, r.Points[len(r.Points)-1].Verdict)
	}
}

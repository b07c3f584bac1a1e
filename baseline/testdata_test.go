package baseline

import (
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// The sweeps below are the published aicr measurements of FORMATS.md §3
// (also in fixtures/aicr/*.csv), built by hand so that the policy tests do
// not depend on the readers or the knee analysis. The 64/GPU GB300 point is
// SIMULATED (fixtures/aicr/gb300-eks-simulated-64.csv), never measured.

func pt(gpus int, perGPU, tokS, ttftP99 float64) sweep.Point {
	return sweep.Point{
		PerGPU: sweep.F(perGPU), Concurrency: perGPU * float64(gpus),
		ThroughputTokS: tokS, ThroughputPerGPU: sweep.F(tokS / float64(gpus)),
		TTFT: sweep.Dist{P99: sweep.F(ttftP99)}, Source: "aicr published table",
	}
}

func gb300Sweep(withSimulated64 bool) *sweep.Sweep {
	s := &sweep.Sweep{Version: 1, Accelerator: "gb300", GPUs: 4, Leaf: "gb300-eks-ubuntu-inference-dynamo", Model: "Qwen/Qwen3-8B",
		Sources: []string{"fixtures/aicr/gb300-eks.csv"}}
	if withSimulated64 {
		p := pt(4, 64, 43900, 452)
		p.TTFT.P50 = sweep.F(310)
		p.Simulated = true
		s.Points = append(s.Points, p)
		s.Sources = append(s.Sources, "fixtures/aicr/gb300-eks-simulated-64.csv")
	}
	s.Points = append(s.Points, pt(4, 128, 84788, 677), pt(4, 256, 20769, 33320))
	return s
}

func presult(perGPU float64, gpus int, tokS, p50, p99 float64, v knee.Verdict, rs ...knee.Reason) knee.PointResult {
	if rs == nil {
		rs = []knee.Reason{}
	}
	return knee.PointResult{PerGPU: perGPU, Concurrency: perGPU * float64(gpus), ThroughputTokS: tokS,
		ThroughputPerGPU: tokS / float64(gpus), TTFTP50Ms: p50, TTFTP99Ms: p99, Verdict: v, Reasons: rs}
}

// gb300Result is the analysis the knee package gives the GB300 sweep: the
// knee lies between 128 and 256/GPU; 256 is past it with a TTFT cliff.
func gb300Result(withSimulated64 bool) *knee.Result {
	r := &knee.Result{
		Sweep: knee.SweepInfo{Accelerator: "gb300", GPUs: 4, Leaf: "gb300-eks-ubuntu-inference-dynamo", Model: "Qwen/Qwen3-8B"},
		Knee:  knee.Knee{Status: knee.StatusBracketed, LowPerGPU: sweep.F(128), HighPerGPU: sweep.F(256), Method: "bracketing levels"},
	}
	past := presult(256, 4, 20769, 0, 33320, knee.VerdictPastKnee, knee.ReasonPastKnee, knee.ReasonCliff)
	if withSimulated64 {
		r.Points = []knee.PointResult{
			presult(64, 4, 43900, 310, 452, knee.VerdictSubKnee),
			presult(128, 4, 84788, 0, 677, knee.VerdictSubKnee),
			past,
		}
		r.RecommendedPerGPU = sweep.F(128)
		r.CandidatePerGPU = sweep.F(128)
		return r
	}
	r.Points = []knee.PointResult{presult(128, 4, 84788, 0, 677, knee.VerdictUnverified, knee.ReasonUnverified), past}
	r.CandidatePerGPU = sweep.F(128)
	return r
}

// h100Repeats are the 15 same-configuration runs on EKS H100 at 256/GPU
// (aicr's fluctuation investigation; fixtures/aicr/h100-eks-repeats-256.csv).
var h100Repeats = [][2]float64{
	{123043, 729}, {84049, 4155}, {122151, 935}, {127036, 722}, {118376, 939},
	{108739, 973}, {122189, 765}, {116678, 664}, {114380, 943}, {48920, 30743},
	{111472, 1183}, {92865, 1056}, {124479, 603}, {112637, 910}, {92590, 4844},
}

func h100RepeatsSweep() *sweep.Sweep {
	s := &sweep.Sweep{Version: 1, Accelerator: "h100", GPUs: 8, Leaf: "h100-eks-ubuntu-inference-dynamo", Model: "Qwen/Qwen3-8B",
		Sources: []string{"fixtures/aicr/h100-eks-repeats-256.csv"}}
	for i, r := range h100Repeats {
		p := pt(8, 256, r[0], r[1])
		p.Repeat = i
		s.Points = append(s.Points, p)
	}
	return s
}

// h100RepeatsResult: one level only, so the analysis cannot verify it.
func h100RepeatsResult() *knee.Result {
	return &knee.Result{
		Sweep:           knee.SweepInfo{Accelerator: "h100", GPUs: 8, Leaf: "h100-eks-ubuntu-inference-dynamo"},
		Knee:            knee.Knee{Status: knee.StatusInsufficientPoints},
		CandidatePerGPU: sweep.F(256),
		Points: []knee.PointResult{presult(256, 8, 107973.6, 0, 939, knee.VerdictUnverified,
			knee.ReasonUnverified, knee.ReasonHighVariance)},
	}
}

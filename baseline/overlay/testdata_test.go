package overlay

import (
	"slices"
	"testing"
)

const (
	gb300Overlay       = "overlays/gb300-eks-ubuntu-inference-dynamo.yaml"
	gb300OverlayNoPerf = "overlays/gb300-eks-ubuntu-inference-dynamo-no-performance.yaml"

	constraintConcurrency = "inference-concurrency-per-gpu"
	constraintThroughput  = "inference-throughput"
)

// gb300 is what knee baseline proposes from the published GB300 sweep
// (fixtures/aicr/gb300-eks.csv with the simulated 64/GPU level, default
// policy, from baseline's hand-built result): its three constraints and its
// comment block, line for line as report.CommentLines writes them. The
// patch tests hold the overlay's bytes against it.
func gb300() Proposal {
	return Proposal{
		Constraints: []Constraint{
			{Name: constraintConcurrency, Value: "128"},
			{Name: constraintThroughput, Value: ">= 63000"},
			{Name: "inference-ttft-p99", Value: "<= 2000"},
		},
		Comment: []string{
			"Measured with knee: gb300-eks-ubuntu-inference-dynamo, gb300, 4 GPUs, Qwen/Qwen3-8B.",
			"          per GPU  concurrency   tok/s  tok/s per GPU  TTFT p50 ms  TTFT p99 ms  verdict",
			"  ─────────────────────────────────────────────────────────────────────────────────────────────────",
			"   64 (simulated)          256  43,900         10,975          310          452  sub_knee",
			"            128 ◀          512  84,788         21,197            –          677  sub_knee",
			"              256        1,024  20,769          5,192            –       33,320  past_knee (cliff)",
			"Knee: between 128 and 256/GPU.",
			"inference-concurrency-per-gpu 128: 128/GPU is the highest level the knee analysis verified as",
			"  below the knee and valid (knee between 128 and 256/GPU)",
			"inference-throughput >= 63000: measured 84,788 tok/s (one run); × (1 − 0.25 headroom) = 63,591,",
			"  rounded down to 2 significant figures → 63000",
			"throughput per GPU >= 15000: 63,591 / 4 GPUs = 15,897.75, rounded down to 2 significant figures",
			"  → 15000 tok/s per GPU (for nodes of another size, aicr#1254)",
			"inference-ttft-p99 <= 2000: max(catalog ceiling 2,000 ms, measured p99 677 ms × 2 = 1,354 ms) =",
			"  2,000 ms, rounded up to 2 significant figures → 2000",
			"SIMULATED: 128/GPU is verified as below the knee only by simulated points at 64/GPU; measure",
			"  those levels on the real node before merging",
			"Policy: headroom 0.25, TTFT ceiling max(2000 ms, p99 × 2), 2 significant figures, repeats: lower",
			"  end of the 95% confidence interval.",
		},
	}
}

func gb300Proposal(t *testing.T) Proposal {
	t.Helper()
	return gb300()
}

// gb300Proposal30 is gb300 under a headroom of 0.3: another floor and the
// lines that derive it.
func gb300Proposal30(t *testing.T) Proposal {
	t.Helper()
	p := gb300()
	p.Constraints = slices.Clone(p.Constraints)
	p.Constraints[1].Value = ">= 59000"
	p.Comment = slices.Clone(p.Comment)
	p.Comment[9] = "inference-throughput >= 59000: measured 84,788 tok/s (one run); × (1 − 0.3 headroom) = 59,351.6,"
	p.Comment[10] = "  rounded down to 2 significant figures → 59000"
	p.Comment[11] = "throughput per GPU >= 14000: 59,351.6 / 4 GPUs = 14,837.9, rounded down to 2 significant figures"
	p.Comment[12] = "  → 14000 tok/s per GPU (for nodes of another size, aicr#1254)"
	p.Comment[17] = "Policy: headroom 0.3, TTFT ceiling max(2000 ms, p99 × 2), 2 significant figures, repeats: lower"
	return p
}

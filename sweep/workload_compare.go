package sweep

import (
	"fmt"
	"math"
	"sort"
)

// TokenTolerance is the relative difference of two sweeps' mean tokens per
// request beyond which they did not send one workload: generated prompts
// of one length tokenise within a few percent of each other, while another
// --input-tokens, a shared prefix or another length distribution moves
// the mean by far more.
const TokenTolerance = 0.10

// DiffSweepWorkload says where two sweeps' workloads differ (field ""
// when they do not, as far as both say): the workload knee sweep recorded
// (a default built-in sweep records none, so against a recorded one it is
// "default"), then the points' mean input and output tokens per request,
// which every harness that reports them reports alike. Issue 27 item 3:
// diff, import and baseline merged or compared sweeps of other workloads
// as if equal.
func DiffSweepWorkload(a, b *Sweep) (field, was, now string) {
	if a.Workload != nil || b.Workload != nil {
		if a.Workload != nil && b.Workload != nil || (builtin(a) && builtin(b)) {
			if f, w, n := DiffWorkload(a.Workload, b.Workload); f != "" {
				return f, w, n
			}
		}
	}
	ia, oa := MeanTokens(a)
	ib, ob := MeanTokens(b)
	for _, t := range []struct {
		name   string
		as, bs *float64
	}{{"input_tokens_mean", ia, ib}, {"output_tokens_mean", oa, ob}} {
		if t.as == nil || t.bs == nil {
			continue
		}
		if math.Abs(*t.bs-*t.as) > TokenTolerance*math.Max(*t.as, *t.bs) {
			return t.name, fmt.Sprintf("%.4g tokens per request", *t.as), fmt.Sprintf("%.4g (more than %.0f%% apart)", *t.bs, TokenTolerance*100)
		}
	}
	return "", "", ""
}

// builtin: a sweep knee sweep's built-in harness ran, where no recorded
// workload means the default one.
func builtin(s *Sweep) bool { return s.Harness == "builtin" }

// MeanTokens are the medians over a sweep's points of their mean input and
// output tokens per request (nil when no point reports them).
func MeanTokens(s *Sweep) (in, out *float64) {
	var is, os []float64
	for _, p := range s.Points {
		if p.InputTokensMean != nil && *p.InputTokensMean > 0 {
			is = append(is, *p.InputTokensMean)
		}
		if p.OutputTokensMean != nil && *p.OutputTokensMean > 0 {
			os = append(os, *p.OutputTokensMean)
		}
	}
	return median(is), median(os)
}

func median(v []float64) *float64 {
	if len(v) == 0 {
		return nil
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return &m
}

package knee

import (
	"fmt"

	"github.com/kneetool/knee/sweep"
)

// PastKneeRule is the sweep engine's --stop-past-knee test: after each
// level, stop climbing when the newest (highest) level is clearly past the
// knee — a cliff (throughput collapsed or TTFT far beyond Little's law), or
// past the knee with the level below it at or past the knee too, so that a
// single noisy level never ends a sweep. Unusable partial sweeps never stop it.
func PastKneeRule(opts Options) func(s *sweep.Sweep) (stop bool, why string) {
	// The engine asks after every level; the interval is not needed to decide.
	opts.Bootstrap = 0
	return func(s *sweep.Sweep) (bool, string) {
		if s == nil || len(s.Points) == 0 {
			return false, ""
		}
		r, err := Find(s, opts)
		if err != nil || len(r.Points) < 2 {
			return false, ""
		}
		top := r.Points[len(r.Points)-1]
		below := r.Points[len(r.Points)-2]
		if !hasReason(top, ReasonPastKnee) {
			return false, ""
		}
		unit := "/GPU"
		if r.Unit == "total" {
			unit = " in flight"
		}
		if hasReason(top, ReasonCliff) {
			return true, fmt.Sprintf("%s%s is past the knee at a cliff: %s", num(top.PerGPU), unit, cliffDetail(top))
		}
		if hasReason(top, ReasonQueueing) {
			return true, fmt.Sprintf("%s%s is past the knee: %s", num(top.PerGPU), unit, reasonDetail(top, ReasonQueueing))
		}
		if below.Verdict == VerdictPastKnee || below.Verdict == VerdictAtKnee {
			return true, fmt.Sprintf("%s%s and %s%s are both at or past the knee (%s)", num(below.PerGPU), unit, num(top.PerGPU), unit, r.Knee.Detail)
		}
		return false, ""
	}
}

func hasReason(p PointResult, r Reason) bool {
	for _, x := range p.Reasons {
		if x == r {
			return true
		}
	}
	return false
}

func cliffDetail(p PointResult) string { return reasonDetail(p, ReasonCliff) }

func reasonDetail(p PointResult, want Reason) string {
	for i, r := range p.Reasons {
		if r == want && i < len(p.Details) {
			return p.Details[i]
		}
	}
	return string(want)
}

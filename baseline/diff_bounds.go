package baseline

import "github.com/kneetool/knee/sweep"

// Intervals that cannot be (issue 31 item 2). Every quantity a diff
// compares (throughput, latencies, levels, the knee) is positive, so its
// change is never below −100%: a lower bound past that is the t
// interval's symmetry, not a possibility, and is bounded there. And an
// interval wider than the quantity itself ([-12622%, 12649%] from two runs
// against one) judges nothing: the row says so, instead of printing it.

// boundInterval bounds a row's interval at −100% and, when the interval
// holds 0 and reaches more than the quantity on either side, drops it and
// marks the row too few runs to judge (no change, as the interval held 0).
// It reports whether it judged the row.
func boundInterval(r *DiffRow) bool {
	if r.CILow == nil || r.CIHigh == nil {
		return false
	}
	lo, hi := *r.CILow, *r.CIHigh
	if lo <= 0 && hi >= 0 && (hi-lo)/2 > 1 {
		r.TooFewRuns = true
		r.CILow, r.CIHigh = nil, nil
		r.Verdict = DiffNoChange
		r.Method = "too few runs to judge: the interval (" + r.Method + ") is wider than the quantity"
		return true
	}
	if lo < -1 {
		r.CILow = sweep.F(-1)
	}
	return false
}

package knee

import (
	"fmt"
	"math"

	"github.com/kneetool/knee/sweep"
)

// windowed reads what a level's repeats say of their own precision (issue
// 30): whether every one stopped by precision or time, and the 95%
// interval of their mean throughput relative to it — the repeats' window
// intervals combined as independent estimates, √(Σ hᵢ²)/k. Results without
// windows (imports, older sweeps, fixed counts of other harnesses) give
// false and NaN, and keep every rule as it was.
func windowed(pts []sweep.Point) (all bool, halfWidth float64) {
	if len(pts) == 0 {
		return false, math.NaN()
	}
	all = true
	var ss float64
	for _, p := range pts {
		if !sweep.Windowed(p.StopReason) {
			all = false
		}
		if p.Windows == nil || !(p.Windows.HalfWidth >= 0) {
			ss = math.NaN()
			continue
		}
		ss += p.Windows.HalfWidth * p.Windows.HalfWidth
	}
	return all, math.Sqrt(ss) / float64(len(pts))
}

// minSamplesP99 is the p99's request bound for l: a level that stopped by
// precision waited for sweep.MinSamplesP99 requests by design (its interval,
// not its count, says when it is measured); others keep Options.MinSamplesP99.
func minSamplesP99(l *levelEval, o Options) int {
	if l.windowed {
		return min(o.MinSamplesP99, sweep.MinSamplesP99)
	}
	return o.MinSamplesP99
}

// windowMargin is what a windowed level's interval adds to the rule's
// noise (sweep.ExcessMargin: ln(1 + 0.6·h) beyond ln(1 + 0.6·noise)) for a
// level whose every repeat stopped by precision, step or time with windows
// (its throughput's 95% interval ±h), 0 for any other (issue 30): the
// measured rule then counts a windowed level as still scaling only when
// its gain over e* is beyond what both levels' intervals add to the noise
// r_min allows for — a step its own noise cannot resolve is read as flat,
// so the operating point is the lower level, never one its noise put above
// the knee — unless the engine's own queue puts its cap at or above the
// level (saturation.go rescued: the queue is evidence, an unresolved step
// is none). Levels within the rule's noise, and levels without windows,
// are judged as before.
func windowMargin(l *levelEval, noise float64) float64 {
	if !l.windowed || !(l.halfWidth >= 0) || math.IsInf(l.halfWidth, 0) {
		return 0
	}
	return sweep.ExcessMargin(l.halfWidth, noise)
}

// runToRunNote says when the sweep's repeats scatter wider than their own
// windows allow, and that every windowed level's interval was widened so.
func runToRunNote(in input) []string {
	if !(in.runToRun > 1) {
		return nil
	}
	return []string{fmt.Sprintf("run-to-run: the repeats scatter %.1f× what their windows' intervals allow (%d repeat(s) beyond a level's first): every level's throughput interval is widened %.1f×, so no step is decided on noise its windows cannot see",
		in.runToRun, in.runToRunDOF, in.runToRun)}
}

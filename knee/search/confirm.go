package search

import (
	"fmt"
	"math"
	"sort"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Confirm is asked when the planner is done (issue 30): before the search
// answers, the step its operating point rests on — the recommended level
// and the level one resolvable step (r_min) below it, which shows it still
// scaling — must hold two runs on each level. One run's interval sees only
// the noise within that run; the second run is the only measure of the
// noise between runs (sweep.RunToRunFactor), and the knee rule widens every
// interval by it. On the H200 test bed one run of 88/GPU read 516 tok/s
// where others read 507–649, the step 88→204/GPU looked resolved on it,
// and the search recommended 204/GPU where the run before recommended 64.
// Only a marginal step is confirmed — one whose gain over e* is within
// confirmReach times its levels' one-sided margins, the most a second run
// could move it (the test bed's repeats scattered up to 2.7× their
// windows) — so a step that scales plainly (elasticity 1 over ×2: 7.8×
// its margins at ±5%) costs no second run. Only windowed levels (those
// that stop by precision, time or their step) are confirmed; a level already run MaxRunsExtended times is not run
// again. It returns the levels to run once more (none when confirmed) and
// why.
func Confirm(measured *sweep.Sweep, opts knee.Options) ([]int, string) {
	if measured == nil || len(measured.Points) < 2 {
		return nil, ""
	}
	ruled := opts
	ruled.Bootstrap = 0
	r, err := knee.Find(measured, ruled)
	if err != nil || r.RecommendedPerGPU == nil {
		return nil, ""
	}
	op := int(math.Round(*r.RecommendedPerGPU))
	levels := runsOf(measured)
	lb, la := levels[op], stepBelow(levels, op, opts)
	if lb == nil || la == nil || math.IsNaN(lb.half) || math.IsNaN(la.half) {
		return nil, ""
	}
	if !marginal(la, lb, opts) {
		return nil, ""
	}
	var again []int
	for _, l := range []*runs{la, lb} {
		if l.n < 2 && l.n < MaxRunsExtended {
			again = append(again, l.perGPU)
		}
	}
	if len(again) == 0 {
		return nil, ""
	}
	sort.Ints(again)
	return again, fmt.Sprintf("confirm: the operating point %d/GPU rests on its step from %d/GPU (%.0f → %.0f tok/s, ±%s and ±%s within their runs): run %s/GPU once more, the only measure of the noise between runs, before answering",
		op, la.perGPU, la.thr, lb.thr, pct(la.half), pct(lb.half), sweep.FormatLadder(again))
}

// stepBelow is the level the knee rule judges op against: the highest
// measured at least one resolvable step (r_min) below it (nil: none).
func stepBelow(levels map[int]*runs, op int, opts knee.Options) *runs {
	rmin := math.Pow(1+2*opts.Noise, 1/opts.Elasticity)
	var la *runs
	for pg, l := range levels {
		if float64(pg)*rmin <= float64(op)*(1+1e-9) && (la == nil || pg > la.perGPU) {
			la = l
		}
	}
	return la
}

// confirmReach is how many times its levels' one-sided margins a step's
// gain over e* may be and still be confirmed by a second run.
const confirmReach = 3

// marginal reports whether the step la→lb is within confirmReach of
// deciding the other way.
func marginal(la, lb *runs, opts knee.Options) bool {
	d := math.Log(lb.thr/la.thr) - opts.Elasticity*math.Log(float64(lb.perGPU)/float64(la.perGPU))
	return math.Abs(d) < confirmReach*(sweep.Margin(la.half)+sweep.Margin(lb.half))
}

package sweep

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Run-to-run noise (issue 30). A level's interval comes from its own
// windows, which see how its throughput moves within one run; they cannot
// see what moves between runs — a closed loop that falls into a different
// rhythm, an engine that warmed differently. On the H200 test bed two runs
// of 64/GPU in one search read 694 and 513 tok/s at ±22% and ±9%: a
// difference 2.5 times what their intervals allow, and a search that judged
// its steps by those intervals alone recommended 64/GPU in one run and
// 204/GPU in the next. Where a sweep repeats levels, the repeats measure
// that noise: RunToRunFactor is how many times wider than their windows'
// intervals the repeats scatter (the Birge ratio √(χ²/ν) of every repeated
// level's runs about its weighted mean, in log throughput) — when the
// scatter is beyond what the intervals allow at 95% (χ² over χ²_ν's 95%
// quantile: honest intervals widen one search in twenty, not the third
// whose χ² merely exceeds ν), else 1. A sweep without windowed repeats
// gives 1: its intervals stand as they are. The knee rule and the search widen every windowed level's interval
// by it, so a step its own noise cannot resolve is never decided on.

// RunToRunFactor is the sweep's run-to-run factor and its degrees of
// freedom (the repeats beyond each level's first; 0: none, factor 1).
func RunToRunFactor(pts []Point) (factor float64, dof int) {
	groups := map[float64][]Point{}
	for _, p := range pts {
		if !Windowed(p.StopReason) || p.Windows == nil || !(p.Windows.HalfWidth > 0) || !(p.ThroughputTokS > 0) ||
			math.IsInf(p.Windows.HalfWidth, 0) {
			continue
		}
		groups[p.Level()] = append(groups[p.Level()], p)
	}
	var chi2 float64
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		var sw, swx float64
		for _, p := range g {
			w := runWeight(p)
			sw += w
			swx += w * math.Log(p.ThroughputTokS)
		}
		mean := swx / sw
		for _, p := range g {
			d := math.Log(p.ThroughputTokS) - mean
			chi2 += runWeight(p) * d * d
		}
		dof += len(g) - 1
	}
	if dof == 0 {
		return 1, 0
	}
	if chi2 <= (distuv.ChiSquared{K: float64(dof)}).Quantile(0.95) {
		return 1, dof
	}
	return math.Sqrt(chi2 / float64(dof)), dof
}

// runWeight is 1/σ² of a run's log throughput, σ its 95% half-width over
// 1.96.
func runWeight(p Point) float64 {
	s := math.Log1p(p.Windows.HalfWidth) / 1.96
	return 1 / (s * s)
}

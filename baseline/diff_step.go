package baseline

import (
	"fmt"
	"math"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Operating points one resolvable step apart (issue 30). Two searches of
// one config on a noisy engine bracket the knee where their own noise
// lets them: one reads 64→128/GPU as flat and recommends 64, the other
// reads 32→64 as flat and recommends 32. When the two levels are no
// further apart than the smallest step those runs could tell a scaling
// step from a flat one on, the move is the noise's, not the server's: the
// level row is no change, and the operating point's throughput and TTFT,
// which then compare two different loads, are not judged (the rows of the
// levels both sides ran compare like with like). Farther apart, or
// without windows (fixed counts, imports), the old rule holds.

// resolvableStep is the smallest ratio of two levels whose step the knee
// rule can read as flat or scaling at the levels' intervals: its own
// r_min = (1 + 2·noise)^(1/e*) widened by what both intervals add beyond
// that noise (sweep.ExcessMargin), in elasticity terms.
func resolvableStep(hOld, hNew float64, o knee.Options) float64 {
	rmin := math.Pow(1+2*o.Noise, 1/o.Elasticity)
	return rmin * math.Exp((sweep.ExcessMargin(hOld, o.Noise)+sweep.ExcessMargin(hNew, o.Noise))/o.Elasticity)
}

// runsHalfWidth is the relative 95% half-width of the mean throughput of a
// level's runs, their window intervals combined as independent estimates;
// false when a run has none.
func runsHalfWidth(pts []sweep.Point) (float64, bool) {
	if len(pts) == 0 {
		return 0, false
	}
	var ss float64
	for _, p := range pts {
		if p.Windows == nil || !(p.Windows.HalfWidth >= 0) {
			return 0, false
		}
		ss += p.Windows.HalfWidth * p.Windows.HalfWidth
	}
	return math.Sqrt(ss) / float64(len(pts)), true
}

// withinOneStep says, for operating points oa and ob whose runs are old
// and cur, why their move is within one resolvable step ("" when it is
// not, or the runs have no windows to tell).
func withinOneStep(oa, ob float64, old, cur []sweep.Point, o knee.Options) string {
	if oa == ob || oa <= 0 || ob <= 0 {
		return ""
	}
	ha, okA := runsHalfWidth(old)
	hb, okB := runsHalfWidth(cur)
	if !okA || !okB {
		return ""
	}
	step := resolvableStep(ha, hb, o)
	if math.Max(oa, ob)/math.Min(oa, ob) > step*(1+1e-9) {
		return ""
	}
	return fmt.Sprintf("within one resolvable step: at ±%s (OLD) and ±%s (NEW) throughput, the runs tell a flat step from a scaling one only across ×%.2f, and %s→%s/GPU is ×%.2f; a step of one run's noise, not the server's (within-run interval; --repeats 3 on each side narrows it)",
		sweep.FormatShare(ha), sweep.FormatShare(hb), step, level(oa), level(ob), math.Max(oa, ob)/math.Min(oa, ob))
}

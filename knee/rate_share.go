package knee

import (
	"math"

	"github.com/kneetool/knee/sweep"
)

// RateShares is, for each point of an open-loop sweep, the share of its
// requested rate it served net of the end-of-run drain — the number the
// rate rule compares with Options.MinAchieved — or NaN for a point without
// a requested and an achieved rate. knee/search's rate planner judges its
// levels with it, so the search and knee find share one definition.
func RateShares(pts []sweep.Point) []float64 {
	base := lowestStageE2E(pts)
	out := make([]float64, len(pts))
	for i, p := range pts {
		out[i] = math.NaN()
		if p.RequestedRate != nil && *p.RequestedRate > 0 && p.RequestRate != nil && finite(*p.RequestRate) {
			out[i] = *p.RequestRate / *p.RequestedRate / drainShare(p, base)
		}
	}
	return out
}

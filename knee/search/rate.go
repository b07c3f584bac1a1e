package search

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Rate search (knee sweep --rate … --search): the open-loop counterpart of
// Next. It climbs the offered rate ×Factor from the highest measured one
// until a level falls behind, then bisects between the last rate that kept
// up and the first that did not, at the geometric mean rounded to two
// significant figures, until that bracket is within Precision of its
// midpoint or MaxLevels rates have run. A level keeps up when it served
// at least knee's MinAchieved of its requested rate net of the drain
// (knee.RateShares, the rate rule knee find applies); one that reached
// --max-in-flight (client-bound) fell behind too: requests piled up in the
// client, the queueing of an open loop that does not keep up.

// RateSettings are the rate search's flags.
type RateSettings struct {
	Factor    float64 `json:"factor"`
	MaxRate   float64 `json:"max_rate"`
	Precision float64 `json:"precision"`
	MaxLevels int     `json:"max_levels"`
}

// DefaultMaxRate is --max-rate's default: the climb's ceiling, req/s.
const DefaultMaxRate = 1024

// Validate checks the settings; errors name the flag.
func (s RateSettings) Validate() error {
	switch {
	case !(s.Factor >= 1.1):
		return sweep.Inputf("flag", "--search", 0, "the rate climb's factor must be above 1.1, got %g", s.Factor)
	case !(s.MaxRate > 0 && s.MaxRate <= sweep.MaxRate):
		return sweep.Inputf("flag", "--max-rate", 0, "must be a rate between 0 and %g req/s, got %g", sweep.MaxRate, s.MaxRate)
	case !(s.Precision > 0 && s.Precision < 1):
		return sweep.Inputf("flag", "--precision", 0, "must be between 0 and 1 (0.125 is ±12.5%%), got %g", s.Precision)
	case s.MaxLevels < 2 || s.MaxLevels > sweep.MaxLevels:
		return sweep.Inputf("flag", "--max-levels", 0, "must be between 2 and %d, got %d", sweep.MaxLevels, s.MaxLevels)
	}
	return nil
}

// RateDecision is the rate search's answer: the rate to run next (none
// when Done), why, and the bracket as it stands (NaN where unknown).
type RateDecision struct {
	Rates  []float64
	Phase  Phase
	Reason string
	Lo, Hi float64
}

// Done reports whether the search has finished.
func (d RateDecision) Done() bool { return d.Phase == PhaseDone }

// NextRate decides the next offered rate from the rate levels measured.
func NextRate(measured *sweep.Sweep, set RateSettings, opts knee.Options) RateDecision {
	type judged struct {
		rate   float64
		behind bool
	}
	var lv []judged
	shares := knee.RateShares(measured.Points)
	for i, p := range measured.Points {
		if p.RequestedRate == nil {
			continue
		}
		behind := p.ClientBound || !(shares[i] >= opts.MinAchieved)
		lv = append(lv, judged{*p.RequestedRate, behind})
	}
	slices.SortFunc(lv, func(a, b judged) int {
		if a.rate < b.rate {
			return -1
		}
		if a.rate > b.rate {
			return 1
		}
		return 0
	})
	d := RateDecision{Lo: math.NaN(), Hi: math.NaN()}
	done := func(why string) RateDecision { d.Phase, d.Reason = PhaseDone, why; return d }
	if len(lv) == 0 {
		return done("no rate level measured")
	}
	for _, l := range lv {
		if l.behind {
			d.Hi = l.rate
			break
		}
		d.Lo = l.rate
	}
	distinct := 0
	for i := range lv {
		if i == 0 || lv[i].rate != lv[i-1].rate {
			distinct++
		}
	}
	seen := func(r float64) bool {
		return slices.ContainsFunc(lv, func(l judged) bool { return l.rate == r })
	}
	budget := distinct < set.MaxLevels
	next := func(phase Phase, r float64, why string) RateDecision {
		if !budget {
			return done(fmt.Sprintf("%s; --max-levels %d reached", why, set.MaxLevels))
		}
		d.Phase, d.Rates, d.Reason = phase, []float64{r}, why
		return d
	}
	switch {
	case math.IsNaN(d.Hi):
		top := lv[len(lv)-1].rate
		if top >= set.MaxRate {
			return done(fmt.Sprintf("every rate up to --max-rate %g req/s kept up: the knee is above it", set.MaxRate))
		}
		r := min(roundRate(top*set.Factor), set.MaxRate)
		return next(PhaseClimb, r, fmt.Sprintf("%g req/s kept up: climb ×%g", top, set.Factor))
	case math.IsNaN(d.Lo):
		r := roundRate(d.Hi / set.Factor)
		if r <= 0 || seen(r) {
			return done(fmt.Sprintf("the lowest rate %g req/s already falls behind", d.Hi))
		}
		return next(PhaseDescend, r, fmt.Sprintf("the lowest rate %g req/s falls behind: descend ÷%g", d.Hi, set.Factor))
	}
	if Within(d.Lo, d.Hi, set.Precision) {
		return done(fmt.Sprintf("the knee lies between %g and %g req/s, within ±%s", d.Lo, d.Hi, pct(set.Precision)))
	}
	mid := roundRate(math.Sqrt(d.Lo * d.Hi))
	if mid <= d.Lo || mid >= d.Hi || seen(mid) {
		return done(fmt.Sprintf("the knee lies between %g and %g req/s: no rate of two significant figures between them", d.Lo, d.Hi))
	}
	return next(PhaseBisect, mid, fmt.Sprintf("bisect between %g req/s (kept up) and %g req/s (fell behind)", d.Lo, d.Hi))
}

// roundRate rounds a rate to two significant figures: rates a person
// would type, and ones that print without a long tail in folder names.
func roundRate(r float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(r, 'g', 2, 64), 64)
	return v
}

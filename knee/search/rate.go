package search

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/kneetool/knee/internal/inputerr"
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
		return inputerr.Errorf("flag", "--search", 0, "the rate climb's factor must be above 1.1, got %g", s.Factor)
	case !(s.MaxRate > 0 && s.MaxRate <= sweep.MaxRate):
		return inputerr.Errorf("flag", "--max-rate", 0, "must be a rate between 0 and %g req/s, got %g", sweep.MaxRate, s.MaxRate)
	case !(s.Precision > 0 && s.Precision < 1):
		return inputerr.Errorf("flag", "--precision", 0, "must be between 0 and 1 (0.125 is ±12.5%%), got %g", s.Precision)
	case s.MaxLevels < 2 || s.MaxLevels > sweep.MaxLevels:
		return inputerr.Errorf("flag", "--max-levels", 0, "must be between 2 and %d, got %d", sweep.MaxLevels, s.MaxLevels)
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
	lv := judgeRates(measured, opts)
	p := ratePlan{lv: lv, set: set, d: RateDecision{Lo: math.NaN(), Hi: math.NaN()}}
	if len(lv) == 0 {
		return p.done("no rate level measured")
	}
	for _, l := range lv {
		if l.behind {
			p.d.Hi = l.rate
			break
		}
		p.d.Lo = l.rate
	}
	switch {
	case math.IsNaN(p.d.Hi):
		return p.climb()
	case math.IsNaN(p.d.Lo):
		return p.descend()
	}
	return p.bisect()
}

// judgedRate is one measured rate and whether it fell behind.
type judgedRate struct {
	rate   float64
	behind bool
}

// judgeRates judges the measured rate levels, ascending by rate.
func judgeRates(measured *sweep.Sweep, opts knee.Options) []judgedRate {
	var lv []judgedRate
	shares := knee.RateShares(measured.Points)
	for i, p := range measured.Points {
		if p.RequestedRate == nil {
			continue
		}
		behind := p.ClientBound || !(shares[i] >= opts.MinAchieved)
		lv = append(lv, judgedRate{*p.RequestedRate, behind})
	}
	slices.SortFunc(lv, func(a, b judgedRate) int {
		if a.rate < b.rate {
			return -1
		}
		if a.rate > b.rate {
			return 1
		}
		return 0
	})
	return lv
}

// ratePlan holds NextRate's judged levels and the decision as it stands.
type ratePlan struct {
	lv  []judgedRate
	set RateSettings
	d   RateDecision
}

func (p *ratePlan) done(why string) RateDecision {
	p.d.Phase, p.d.Reason = PhaseDone, why
	return p.d
}

func (p *ratePlan) seen(r float64) bool {
	return slices.ContainsFunc(p.lv, func(l judgedRate) bool { return l.rate == r })
}

// next runs rate r unless --max-levels distinct rates have run.
func (p *ratePlan) next(phase Phase, r float64, why string) RateDecision {
	distinct := 0
	for i := range p.lv {
		if i == 0 || p.lv[i].rate != p.lv[i-1].rate {
			distinct++
		}
	}
	if distinct >= p.set.MaxLevels {
		return p.done(fmt.Sprintf("%s; --max-levels %d reached", why, p.set.MaxLevels))
	}
	p.d.Phase, p.d.Rates, p.d.Reason = phase, []float64{r}, why
	return p.d
}

func (p *ratePlan) climb() RateDecision {
	top := p.lv[len(p.lv)-1].rate
	if top >= p.set.MaxRate {
		return p.done(fmt.Sprintf("every rate up to --max-rate %g req/s kept up: the knee is above it", p.set.MaxRate))
	}
	r := min(roundRate(top*p.set.Factor), p.set.MaxRate)
	return p.next(PhaseClimb, r, fmt.Sprintf("%g req/s kept up: climb ×%g", top, p.set.Factor))
}

func (p *ratePlan) descend() RateDecision {
	hi := p.d.Hi
	r := roundRate(hi / p.set.Factor)
	if r <= 0 || p.seen(r) {
		return p.done(fmt.Sprintf("the lowest rate %g req/s already falls behind", hi))
	}
	return p.next(PhaseDescend, r, fmt.Sprintf("the lowest rate %g req/s falls behind: descend ÷%g", hi, p.set.Factor))
}

func (p *ratePlan) bisect() RateDecision {
	lo, hi := p.d.Lo, p.d.Hi
	if Within(lo, hi, p.set.Precision) {
		return p.done(fmt.Sprintf("the knee lies between %g and %g req/s, within ±%s", lo, hi, pct(p.set.Precision)))
	}
	mid := roundRate(math.Sqrt(lo * hi))
	if mid <= lo || mid >= hi || p.seen(mid) {
		return p.done(fmt.Sprintf("the knee lies between %g and %g req/s: no rate of two significant figures between them", lo, hi))
	}
	return p.next(PhaseBisect, mid, fmt.Sprintf("bisect between %g req/s (kept up) and %g req/s (fell behind)", lo, hi))
}

// roundRate rounds a rate to two significant figures: rates a person
// would type, and ones that print without a long tail in folder names.
func roundRate(r float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(r, 'g', 2, 64), 64)
	return v
}

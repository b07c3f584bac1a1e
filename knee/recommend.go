package knee

import (
	"fmt"
	"math"
	"strings"

	"github.com/kneetool/knee/internal/numfmt"
)

// recommend picks the operating point: the largest level that is verified
// sub-knee and valid (cautions allowed: baseline weighs them) and within
// the TTFT SLO when one is stated; and the candidate: that level, or when
// there is none, the level whose only problem is "unverified".
func recommend(levels, used []*levelEval, loc located, opts Options, w words, targets []sloTarget) (rec, cand *float64, reason string) {
	var capped *levelEval
	for _, l := range levels {
		if l.verdict != VerdictSubKnee {
			continue
		}
		if l.missesSLO() {
			if capped == nil {
				capped = l
			}
			continue
		}
		if capped == nil {
			rec = ptr(l.x)
		}
	}
	if rec != nil {
		return rec, ptr(*rec), operatingPointReason(*rec, capped, used, loc, w, targets)
	}
	for _, l := range levels {
		if l.verdict == VerdictUnverified {
			cand = ptr(l.x)
		}
	}
	var why []string
	for _, l := range levels {
		var rs []string
		for _, rr := range l.reasons {
			if !rr.IsCaution() {
				rs = append(rs, string(rr))
			}
		}
		switch l.verdict {
		case VerdictUnverified:
			why = append(why, fmt.Sprintf("%s is unverified (nothing lower measured)", w.unit(l.x)))
		case VerdictAtKnee:
			why = append(why, fmt.Sprintf("%s is at the knee", w.unit(l.x)))
		default:
			why = append(why, fmt.Sprintf("%s is %s (%s)", w.unit(l.x), l.verdict, strings.Join(rs, ", ")))
		}
	}
	reason = "no level is verified below the knee and valid: " + strings.Join(why, "; ")
	if cand != nil {
		reason += fmt.Sprintf("; candidate %s if unverified is accepted", w.unit(*cand))
	}
	return nil, cand, reason
}

// measured reports whether a level at x was run (any validity).
func measured(in input, x float64) bool {
	for _, l := range in.levels {
		if l.x == x {
			return true
		}
	}
	return false
}

// unit0 writes a list of levels with the unit once: "32, 64 and 128/GPU".
func (w words) unit0(xs []string) string {
	last := xs[len(xs)-1]
	u := strings.TrimPrefix(w.unit(0), "0")
	if len(xs) == 1 {
		return last + u
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + last + u
}

// niceLevel rounds a suggested level to a value people run: an integer,
// a multiple of 8 from 64 up, a power-of-two fraction below 1.
func niceLevel(v float64) float64 {
	switch {
	case v >= 64:
		return math.Round(v/8) * 8
	case v >= 1:
		return math.Round(v)
	case v > 0:
		return math.Pow(2, math.Round(math.Log2(v)))
	}
	return 1
}

// allowance says how a stage counted as keeping up: what it was offered,
// what it served, and the share of its offer that counts, net of the
// end-of-run drain, against the share needed. A stage can serve well
// under its offer and still count ("offered 4, served 2.41") when the
// drain explains the rest.
func (e *levelEval) allowance(need float64) string {
	s := "offered " + reqRate(e.requested)
	if finite(e.reqRate) {
		s += ", served " + numfmt.Group(e.reqRate, -1)
	}
	if finite(e.follow) {
		s += fmt.Sprintf(" req/s: %.0f%% of the offer net of the end-of-run drain, %.0f%% needed", 100*e.follow, 100*need)
	}
	return s
}

// rateBracket gives the requested rates either side of a rate-based knee.
func rateBracket(used []*levelEval, loc located) (lo, hi float64, ok bool) {
	if !loc.rate.ok {
		return 0, 0, false
	}
	lo, hi = math.NaN(), math.NaN()
	for _, l := range used {
		if l.rateBehind {
			hi = l.requested
			break
		}
		lo = l.requested
	}
	return lo, hi, finite(lo) && finite(hi)
}

// missesSLO reports whether a level misses a stated SLO (or cannot show
// it meets one).
func (e *levelEval) missesSLO() bool {
	for _, x := range e.reasons {
		if x.IsSLO() {
			return true
		}
	}
	return false
}

func (e *levelEval) has(r Reason) bool {
	for _, x := range e.reasons {
		if x == r {
			return true
		}
	}
	return false
}

// operatingPointReason says why the recommended level is the one: where it
// sits on the curve, how much of the best valid throughput it delivers, and
// what capped it.
func operatingPointReason(x float64, capped *levelEval, used []*levelEval, loc located, w words, targets []sloTarget) string {
	var op *levelEval
	best := 0.0
	for _, l := range used {
		if l.x == x {
			op = l
		}
		best = math.Max(best, l.thr)
	}
	share := ""
	if op != nil && best > 0 {
		share = fmt.Sprintf(", %.0f%% of the best valid throughput (%s tok/s)", 100*op.thr/best, thousands(best))
	}
	var s string
	switch {
	case capped != nil:
		s = fmt.Sprintf("%s is the highest level below the knee within %s%s; %s and above are over it", w.unit(x), sloPhrase(targets), share, w.unit(capped.x))
		if loc.op != nil {
			s += fmt.Sprintf(": the SLO binds, not the knee (the throughput operating point is %s)", w.unit(loc.op.x))
		}
	case loc.knee.Status == StatusNotReached:
		s = fmt.Sprintf("%s is the highest valid level and throughput still scales there%s: the knee was not reached, measure higher", w.unit(x), share)
	case loc.rate.ok && op != nil && finite(op.requested):
		s = fmt.Sprintf("the %s req/s stage is the highest that still served its offered rate (%s)%s", reqRate(op.requested), op.allowance(loc.rate.need), share)
	case loc.rate.ok:
		s = fmt.Sprintf("%s is the highest stage that still served its offered rate%s", w.unit(x), share)
	default:
		s = fmt.Sprintf("%s is the operating point: the highest valid level below the knee%s", w.unit(x), share)
	}
	if capped == nil && len(targets) > 0 {
		s += fmt.Sprintf("; within %s there: the knee binds, not the SLO", sloPhrase(targets))
	}
	return s
}

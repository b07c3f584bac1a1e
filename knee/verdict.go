package knee

import (
	"fmt"
	"math"
)

// verdicts places every level relative to the knee: at or below subUpTo it
// is below the knee, at or above pastFrom past it, between at it. Invalid
// levels stay invalid (with past_knee added when they lie past it, so a
// refusal can say both). The lowest valid level is unverified unless
// something shows it below the knee (lowestTrusted).
func verdicts(in input, used []*levelEval, loc located, opts Options) []PointResult {
	lowest := math.NaN()
	if len(used) > 0 {
		lowest = used[0].x
	}
	w := in.w
	var out []PointResult
	limits := limitsFor(in)
	for _, l := range in.levels {
		past := l.x >= loc.pastFrom
		switch {
		case l.invalid:
			l.verdict = VerdictInvalid
			if past {
				l.add(ReasonPastKnee, fmt.Sprintf("at or above %s, past the knee", w.unit(loc.pastFrom)))
			}
		case past:
			l.verdict = VerdictPastKnee
			l.addFirst(ReasonPastKnee, pastDetail(l, loc, opts, w))
		case l.x > loc.subUpTo:
			l.verdict = VerdictAtKnee
		case l.x == lowest && !loc.lowestTrusted:
			l.verdict = VerdictUnverified
			l.addFirst(ReasonUnverified, fmt.Sprintf("nothing below %s was measured, so nothing shows the system still scaling there", w.unit(l.x)))
		default:
			l.verdict = VerdictSubKnee
		}
		pr := pointResult(l, in)
		pr.Limit = limits[l]
		out = append(out, pr)
	}
	return out
}

func (e *levelEval) addFirst(r Reason, detail string) {
	for _, have := range e.reasons {
		if have == r {
			return
		}
	}
	e.reasons = append([]Reason{r}, e.reasons...)
	e.details = append([]string{detail}, e.details...)
}

func pastDetail(l *levelEval, loc located, opts Options, w words) string {
	if l.cliff {
		return "past the knee, at a cliff"
	}
	if l.queue && !l.rateBehind {
		return "past the knee: added requests only queue (queueing)"
	}
	if l.rateBehind {
		return fmt.Sprintf("past the knee: served %.0f%% of the requested %s req/s, net of the end-of-run drain where the request count and E2E say it (the server no longer keeps up; need %.0f%%)",
			100*l.follow, num(l.requested), 100*opts.MinAchieved)
	}
	if l.flat {
		return "past the knee: " + w.flatWhy(l)
	}
	return fmt.Sprintf("past the knee, which is at or below %s", w.unit(loc.pastFrom))
}

func pointResult(l *levelEval, in input) PointResult {
	p := PointResult{
		PerGPU:         l.x,
		Concurrency:    l.concurrency,
		ThroughputTokS: l.thr,
		Verdict:        l.verdict,
		Reasons:        append([]Reason{}, l.reasons...),
		Details:        l.details,
		Repeats:        len(l.points),
		OutlierRepeats: l.outliers,
		TTFTStat:       string(in.stat),
		Simulated:      l.simulated,
		Derived:        l.derived,
		SLO:            l.slo,
		Goodput:        l.goodput,
	}
	if in.perGPU && in.s.GPUs > 0 {
		p.ThroughputPerGPU = l.thr / float64(in.s.GPUs)
	} else if in.perGPU && l.concurrency > 0 {
		p.ThroughputPerGPU = l.thr * l.x / l.concurrency
	}
	if finite(l.ttftP50) {
		p.TTFTP50Ms = l.ttftP50
	}
	if finite(l.ttftP99) {
		p.TTFTP99Ms = l.ttftP99
		p.TTFTTail = l.ttftTail
	}
	if finite(l.ttft) {
		p.TTFTMs = ptr(l.ttft)
	}
	if len(l.points) > 1 {
		p.ThroughputCV = ptr(round6(l.cv))
	}
	if finite(l.elasticity) {
		p.Elasticity = ptr(round6(l.elasticity))
	}
	if finite(l.little) {
		p.LittleRiseMs = ptr(round6(l.little))
	}
	if finite(l.reqRate) {
		p.RequestRate = ptr(round6(l.reqRate))
		p.RequestRateFrom = l.reqRateHow
	}
	if finite(l.requested) {
		p.RequestedRate = ptr(round6(l.requested))
	}
	if l.errKnown {
		p.ErrorRate = ptr(round6(l.errRate))
	}
	energyFigures(l, &p)
	return p
}

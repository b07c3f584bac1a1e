package knee

import (
	"fmt"
	"math"
	"strings"
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

// hints say, one sentence per problem, what to run next; caveats about the
// data are appended to notes.
func hints(in input, u []*levelEval, loc located, r *Result, opts Options, notes []string) ([]string, []string) {
	out := []string{}
	add := func(f string, args ...any) { out = append(out, fmt.Sprintf(f, args...)) }
	w := in.w
	k := r.Knee
	if len(u) > 1 && !loc.lowestTrusted {
		for _, l := range in.levels {
			if l.verdict == VerdictUnverified {
				if h := niceLevel(l.x / 2); !measured(in, h) {
					add("add %s to confirm %s is below the knee", w.unit(h), num(l.x))
				} else {
					add("repeat %s and %s so growth between them stands out from noise: %s is unverified", w.unit(h), num(l.x), num(l.x))
				}
			}
		}
	}
	switch k.Status {
	case StatusInsufficientPoints:
		switch len(u) {
		case 0:
			add("measure at least two valid levels: no level here has valid throughput")
		case 1:
			add("add %s and %s: one valid level cannot show a knee", w.unit(niceLevel(u[0].x/2)), w.unit(niceLevel(u[0].x*2)))
		}
	case StatusNotReached:
		top := u[len(u)-1].x
		add("add %s: throughput still scales at %s, so the knee is higher", w.unit(niceLevel(top*2)), num(top))
	case StatusBelowRange:
		if loc.lowestTrusted {
			add("nothing lower to measure: throughput is flat from %s, so added load only queues; if more throughput is needed, look at what admits one request at a time (the engine's sequence cap, max-num-seqs)", w.unit(u[0].x))
		} else {
			add("add %s and %s: the system is already saturated at %s", w.unit(niceLevel(u[0].x/4)), w.unit(niceLevel(u[0].x/2)), num(u[0].x))
		}
	case StatusBracketed, StatusLocated:
		lo, hi := u[0].x, math.NaN()
		if k.LowPerGPU != nil {
			lo = *k.LowPerGPU
		}
		if k.HighPerGPU != nil {
			hi = *k.HighPerGPU
		}
		if rlo, rhi, ok := rateBracket(u, loc); ok {
			add("add rate stages between %s and %s req/s to narrow the knee (the server kept up at the first, not at the second)", num(rlo), num(rhi))
		} else if q := r.QueueOnset; q != nil && q.PerGPU > lo && finite(hi) && q.PerGPU < hi && !measured(in, niceLevel(q.PerGPU)) {
			// The queue names the level to measure: the engine's cap (or
			// where TTFT shows the queue starting).
			add("add %s: %s, where requests start to wait", w.unit(niceLevel(q.PerGPU)), q.Detail)
		} else if finite(hi) && hi/lo > 1.3 && k.Status != StatusLocated {
			a1, a2 := niceLevel(lo+(hi-lo)/4), niceLevel(lo+(hi-lo)/2)
			// Never suggest a level already measured.
			ok1 := a1 > lo && a1 < hi && !measured(in, a1)
			ok2 := a2 > lo && a2 < hi && !measured(in, a2)
			switch {
			case ok1 && ok2 && a1 != a2:
				add("add %s and %s to narrow the knee between %s and %s", num(a1), w.unit(a2), num(lo), num(hi))
			case ok2:
				add("add %s to narrow the knee between %s and %s", w.unit(a2), num(lo), num(hi))
			case ok1:
				add("add %s to narrow the knee between %s and %s", w.unit(a1), num(lo), num(hi))
			}
		}
		if d := r.Disagreement; d != nil && d.WithinCeilingPerGPU != nil {
			add("state the TTFT SLO if it binds: --ttft-slo-ms %s recommends %s instead of %s", num(d.CeilingMs), w.unit(*d.WithinCeilingPerGPU), num(d.ThroughputPerGPU))
		}
	}
	for _, l := range in.levels {
		for _, rr := range l.reasons {
			if h := rr.hint(l, w, opts); h != "" {
				add("%s", h)
			}
		}
	}
	var drain []string
	for _, l := range in.levels {
		if l.has(ReasonDrainBiased) {
			drain = append(drain, num(l.x))
		}
	}
	if len(drain) > 0 {
		add("rerun %s with at least %d requests per slot (--requests-per-concurrency %d): fewer leave the final drain in the throughput, which then reads low", w.unit0(drain), minRequestsPerSlot, minRequestsPerSlot)
	}
	if loc.littleUnknown && len(u) >= 2 {
		notes = append(notes, "Little's-law TTFT check skipped where the request rate is unknown (no request rate, output length or mean latency in the inputs; --output-tokens assumes an output length)")
	}
	var sim []string
	for _, l := range in.levels {
		if l.simulated {
			sim = append(sim, w.unit(l.x))
		}
	}
	if len(sim) > 0 {
		notes = append(notes, fmt.Sprintf("SIMULATED, not measured: %s", strings.Join(sim, ", ")))
	}
	if len(u) >= 2 && len(u) < opts.MinFitLevels {
		notes = append(notes, fmt.Sprintf("%d valid levels: the knee is bracketed between measured levels (curves are fitted from %d)", len(u), opts.MinFitLevels))
	}
	return out, notes
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

package knee

import (
	"fmt"
	"math"
	"strings"
)

// hints say, one sentence per problem, what to run next; caveats about the
// data are appended to notes. The order is the reader's: levels to confirm,
// then what the knee's status asks for, then each level's reasons.
func hints(in input, u []*levelEval, loc located, r *Result, opts Options, notes []string) ([]string, []string) {
	out := []string{}
	out = append(out, unverifiedHints(in, u, loc)...)
	out = append(out, statusHints(in, u, loc, r)...)
	out = append(out, reasonHints(in, opts)...)
	return out, append(notes, dataNotes(in, u, loc, opts)...)
}

// unverifiedHints name the level below each unverified one that would
// show it below the knee.
func unverifiedHints(in input, u []*levelEval, loc located) []string {
	if len(u) <= 1 || loc.lowestTrusted {
		return nil
	}
	var out []string
	w := in.w
	for _, l := range in.levels {
		if l.verdict != VerdictUnverified {
			continue
		}
		if h := niceLevel(l.x / 2); !measured(in, h) {
			out = append(out, fmt.Sprintf("add %s to confirm %s is below the knee", w.unit(h), num(l.x)))
		} else {
			out = append(out, fmt.Sprintf("repeat %s and %s so growth between them stands out from noise: %s is unverified", w.unit(h), num(l.x), num(l.x)))
		}
	}
	return out
}

// statusHints are what the knee's status asks to measure next.
func statusHints(in input, u []*levelEval, loc located, r *Result) []string {
	w := in.w
	switch r.Knee.Status {
	case StatusInsufficientPoints:
		switch len(u) {
		case 0:
			return []string{"measure at least two valid levels: no level here has valid throughput"}
		case 1:
			return []string{fmt.Sprintf("add %s and %s: one valid level cannot show a knee", w.unit(niceLevel(u[0].x/2)), w.unit(niceLevel(u[0].x*2)))}
		}
	case StatusNotReached:
		top := u[len(u)-1]
		if loc.rate.ok && finite(top.requested) {
			// An open-loop sweep is set by its offered rate, not by the
			// concurrency Little's law derived from it.
			return []string{fmt.Sprintf("add a stage at %s req/s: every stage served its offered rate up to %s req/s, so the knee is higher", num(top.requested*2), num(top.requested))}
		}
		return []string{fmt.Sprintf("add %s: throughput still scales at %s, so the knee is higher", w.unit(niceLevel(top.x*2)), num(top.x))}
	case StatusBelowRange:
		if loc.lowestTrusted {
			return []string{fmt.Sprintf("nothing lower to measure: throughput is flat from %s, so added load only queues; if more throughput is needed, look at what admits one request at a time (the engine's sequence cap, max-num-seqs)", w.unit(u[0].x))}
		}
		return []string{fmt.Sprintf("add %s and %s: the system is already saturated at %s", w.unit(niceLevel(u[0].x/4)), w.unit(niceLevel(u[0].x/2)), num(u[0].x))}
	case StatusBracketed, StatusLocated:
		var out []string
		if h := narrowingHint(in, u, loc, r); h != "" {
			out = append(out, h)
		}
		if d := r.Disagreement; d != nil && d.WithinCeilingPerGPU != nil {
			out = append(out, fmt.Sprintf("state the TTFT SLO if it binds: --ttft-slo-ms %s recommends %s instead of %s", num(d.CeilingMs), w.unit(*d.WithinCeilingPerGPU), num(d.ThroughputPerGPU)))
		}
		return out
	}
	return nil
}

// narrowEnough is the widest bracket (hi/lo) find no longer asks to
// narrow: ±13%, a little over the search's default --precision (±12.5%,
// 1.29×), so that a search done at its precision leaves find nothing to add.
const narrowEnough = 1.3

// narrowingHint names what to measure inside a knee's interval: rate
// stages around a rate-based knee, else the level where requests start to
// wait, else (for a bracket) levels a quarter and half way up it.
func narrowingHint(in input, u []*levelEval, loc located, r *Result) string {
	w, k := in.w, r.Knee
	lo, hi := u[0].x, math.NaN()
	if k.LowPerGPU != nil {
		lo = *k.LowPerGPU
	} else if k.Status == StatusBracketed {
		// Nothing bounds the knee from below (the lowest level is not
		// verified): "narrow the knee between 128 and 256" read beside
		// "at or below 256/GPU (nothing measured lower bounds it)". The
		// hint to measure below the lowest level says what to run.
		return ""
	}
	if k.HighPerGPU != nil {
		hi = *k.HighPerGPU
	}
	if rlo, rhi, ok := rateBracket(u, loc); ok {
		return fmt.Sprintf("add rate stages between %s and %s req/s to narrow the knee (the server kept up at the first, not at the second)", num(rlo), num(rhi))
	}
	// Nothing to narrow once the bracket is within about ±12.5% (the
	// search's default precision stops there too), or once the operating
	// point is the engine's cap, measured (the search ends there).
	if !finite(hi) || hi/lo <= narrowEnough || r.QueueOnset.IsMeasuredCap(lo, hi) {
		return ""
	}
	if q := r.QueueOnset; q != nil && q.PerGPU > lo && q.PerGPU < hi && !measured(in, niceLevel(q.PerGPU)) {
		// The queue names the level to measure: the engine's cap (or
		// where TTFT shows the queue starting).
		return fmt.Sprintf("add %s: %s, where requests start to wait", w.unit(niceLevel(q.PerGPU)), q.Detail)
	}
	if k.Status == StatusLocated {
		return ""
	}
	return bracketHint(in, lo, hi)
}

// bracketHint names the levels a quarter and half way up a wide bracket
// that were not measured yet.
func bracketHint(in input, lo, hi float64) string {
	w := in.w
	a1, a2 := niceLevel(lo+(hi-lo)/4), niceLevel(lo+(hi-lo)/2)
	// Never suggest a level already measured.
	ok1 := a1 > lo && a1 < hi && !measured(in, a1)
	ok2 := a2 > lo && a2 < hi && !measured(in, a2)
	switch {
	case ok1 && ok2 && a1 != a2:
		return fmt.Sprintf("add %s and %s to narrow the knee between %s and %s", num(a1), w.unit(a2), num(lo), num(hi))
	case ok2:
		return fmt.Sprintf("add %s to narrow the knee between %s and %s", w.unit(a2), num(lo), num(hi))
	case ok1:
		return fmt.Sprintf("add %s to narrow the knee between %s and %s", w.unit(a1), num(lo), num(hi))
	}
	return ""
}

// reasonHints are each level's reasons' hints (the reason table), then the
// drain_biased levels in one sentence. A reason whose hint differs only by
// the level (hintAll) is one sentence naming all its levels, where its
// first level's would be.
func reasonHints(in input, opts Options) []string {
	var out, drain []string
	w := in.w
	groups := map[Reason][]*levelEval{}
	at := map[Reason]int{}
	for _, l := range in.levels {
		for _, rr := range l.reasons {
			if reasons[rr].hintAll != nil && rr.hint(l, w, opts) == "" {
				if _, ok := at[rr]; !ok {
					at[rr] = len(out)
					out = append(out, "")
				}
				groups[rr] = append(groups[rr], l)
				continue
			}
			if h := rr.hint(l, w, opts); h != "" {
				out = append(out, h)
			}
		}
	}
	for rr, ls := range groups {
		out[at[rr]] = reasons[rr].hintAll(w.stages(ls), len(ls) > 1, opts)
	}
	for _, l := range in.levels {
		if l.has(ReasonDrainBiased) {
			drain = append(drain, num(l.x))
		}
	}
	if len(drain) > 0 {
		out = append(out, fmt.Sprintf("rerun %s with at least %d requests per slot (--requests-per-concurrency %d): fewer leave the final drain in the throughput, which then reads low", w.unit0(drain), minRequestsPerSlot, minRequestsPerSlot))
	}
	return out
}

// dataNotes are the caveats about the data behind the analysis.
func dataNotes(in input, u []*levelEval, loc located, opts Options) []string {
	var notes, sim []string
	if loc.littleUnknown && len(u) >= 2 {
		notes = append(notes, "Little's-law TTFT check skipped where the request rate is unknown (no request rate, output length or mean latency in the inputs; --output-tokens assumes an output length)")
	}
	for _, l := range in.levels {
		if l.simulated {
			sim = append(sim, in.w.unit(l.x))
		}
	}
	if len(sim) > 0 {
		notes = append(notes, fmt.Sprintf("SIMULATED, not measured: %s", strings.Join(sim, ", ")))
	}
	if len(u) >= 2 && len(u) < opts.MinFitLevels {
		// Say what few levels mean for the method, not the knee's status:
		// the knee line states that (it read "the knee is bracketed" beside
		// not_reached).
		notes = append(notes, fmt.Sprintf("%d valid levels: too few to fit curves (from %d), so the knee rests on the measured levels alone", len(u), opts.MinFitLevels))
	}
	return notes
}

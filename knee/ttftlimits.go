package knee

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// summarizeTTFT reports the statistic compared and the hinge fits, and
// appends to notes which statistic stood in for p99.
func summarizeTTFT(used []*levelEval, stat ttftStat, opts Options, notes []string) (*TTFTSummary, []string) {
	if stat == statNone {
		return nil, append(notes, "no TTFT in the inputs: the knee rests on throughput alone")
	}
	t := &TTFTSummary{Stat: string(stat)}
	if len(used) >= opts.MinFitLevels {
		t.fitHinges(used)
	}
	switch stat {
	case statP90:
		notes = append(notes, p90Note(used))
	case statP95:
		notes = append(notes, "TTFT p99 is not known at every level: TTFT comparisons use p95")
	case statP50:
		notes = append(notes, "TTFT p99 and p95 are not known at every level: TTFT comparisons use p50")
	case statMean:
		notes = append(notes, "TTFT percentiles are not known at every level: TTFT comparisons use the mean (a column that named no statistic was read as the mean)")
	}
	return t, notes
}

// fitHinges fits the hinge of TTFT (the statistic compared) and of TTFT
// p50 over the levels used, keeping each hinge inside the levels' range.
func (t *TTFTSummary) fitHinges(used []*levelEval) {
	lo, hi := used[0].x, used[len(used)-1].x
	xs, ts := finiteTTFT(used, func(l *levelEval) float64 { return l.ttft })
	if h := fitHinge(xs, ts); h != nil {
		t.hinge = h
		if h.nh >= lo && h.nh <= hi {
			t.HingePerGPU = ptr(round6(h.nh))
		}
	}
	xs, ps := finiteTTFT(used, func(l *levelEval) float64 { return l.ttftP50 })
	if h := fitHinge(xs, ps); h != nil && h.nh >= lo && h.nh <= hi {
		t.HingeP50PerGPU = ptr(round6(h.nh))
	}
}

// finiteTTFT are the levels and TTFT values of the levels where stat is
// finite.
func finiteTTFT(used []*levelEval, stat func(*levelEval) float64) (xs, ts []float64) {
	for _, l := range used {
		if v := stat(l); finite(v) {
			xs, ts = append(xs, l.x), append(ts, v)
		}
	}
	return xs, ts
}

// ttftLimits applies what TTFT adds to a throughput-primary knee: with a
// TTFT SLO stated, nothing (sloLimits caps the recommendation); without
// one, a throughput operating point whose TTFT
// is past the catalog ceiling while a lower level's is within it is a
// disagreement, reported with both points.
func ttftLimits(used []*levelEval, op *levelEval, stat ttftStat, opts Options, w words, targets []sloTarget) *Disagreement {
	if stat == statNone || op == nil || !finite(op.ttft) {
		return nil
	}
	for _, t := range targets {
		if t.m.ceiling {
			return nil // a stated TTFT SLO caps the recommendation (sloLimits)
		}
	}
	ceil := opts.TTFTCeilingMs
	if !(ceil > 0) || op.ttft <= ceil {
		return nil
	}
	d := &Disagreement{ThroughputPerGPU: op.x, TTFTMs: round6(op.ttft), CeilingMs: ceil, Stat: string(stat)}
	// within: the highest level of the run from the bottom that stays within
	// the ceiling; first: the level where TTFT first passes it.
	var within, first *levelEval
	for _, l := range used {
		if l.x >= op.x || !finite(l.ttft) || first != nil {
			continue
		}
		if l.ttft <= ceil {
			within = l
		} else {
			first = l
		}
	}
	if within == nil {
		d.Detail = fmt.Sprintf("TTFT %s is past the %s ms ceiling at every level up to the throughput operating point, %s (%s ms): the ceiling cannot be met on this ladder; give --ttft-slo-ms to cap the recommendation, or measure lower levels",
			stat, thousands(ceil), w.unit(op.x), thousands(op.ttft))
		return d
	}
	d.WithinCeilingPerGPU = ptr(within.x)
	from := op
	if first != nil {
		from = first
	}
	d.Detail = fmt.Sprintf("throughput and TTFT disagree: TTFT %s passes the %s ms ceiling from %s (%s ms), long before throughput saturates; the throughput operating point is %s (TTFT %s %s ms), the highest level within the ceiling is %s (%s ms). knee recommends by throughput; baseline's TTFT ceiling states the measured p99, and --ttft-slo-ms %s would cap the recommendation at %s",
		stat, thousands(ceil), w.unit(from.x), thousands(from.ttft), w.unit(op.x), stat, thousands(op.ttft), w.unit(within.x), thousands(within.ttft), num(ceil), w.unit(within.x))
	return d
}

// p90Note says which levels' TTFT tail is p90 (a p99 of fewer than
// sweep.MinSamplesP99 requests after the warm-up) and that TTFT is compared
// on p90 at every level, as find's table labels it.
func p90Note(used []*levelEval) string {
	var at []string
	for _, l := range used {
		if l.ttftTail == sweep.TailP90 {
			at = append(at, num(l.x))
		}
	}
	where := "some levels"
	if len(at) > 0 {
		where = strings.Join(at, ", ")
	}
	return fmt.Sprintf("TTFT p99 rests on fewer than %d requests at %s: their tail is %s, and TTFT comparisons use p90 at every level",
		sweep.MinSamplesP99, where, sweep.TailP90Label)
}

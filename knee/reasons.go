package knee

import (
	"fmt"
	"math"
)

// effect is what a reason does to the verdict of the level it marks.
type effect int

const (
	// effectPastKnee: the level lies past the knee (where the knee is
	// located decides the verdict; these reasons say why).
	effectPastKnee effect = iota + 1
	// effectInvalid: the measurement cannot be used; the level is invalid.
	effectInvalid
	// effectUnverified: nothing shows the level below the knee.
	effectUnverified
	// effectCaution: reported and weighed by baseline, never a verdict.
	effectCaution
	// effectSLO: below the knee but missing a stated SLO: never recommended.
	effectSLO
)

// reasonSpec is everything said about one reason, wherever it is said:
// find's hint for a level that has it, baseline's warning for a caution,
// baseline's refusal sentence and the next run that would remove it. The
// detection rules (validity.go, shape.go, queue.go, slo.go, verdict.go)
// write the per-level detail with the numbers they saw; everything else
// about a reason is here.
type reasonSpec struct {
	effect effect
	// caution is baseline's warning for a floor proposed at a level with
	// this caution ("" for reasons that are not cautions).
	caution string
	// hint is find's sentence on what to run next for a level with this
	// reason; nil where find gives none per level (drain_biased is said
	// once for all its levels, in hints).
	hint func(l *levelEval, w words, o Options) string
	// hintAll is find's one sentence for every level with this reason,
	// named together (stages from words.stages; many when more than one),
	// where the sentence differs only by the level: six levels short of
	// their requests read as one line, not six.
	hintAll func(stages string, many bool, o Options) string
	// sentence says, with the numbers, what a refusal at a level saw.
	sentence func(s reasonSite) string
	// next names the measurement that would remove the reason.
	next func(s reasonSite) string
}

// reasons is the table. Adding a reason is a row here, its constant in
// result.go and its detection rule.
var reasons = map[Reason]reasonSpec{
	ReasonPastKnee: {
		effect:   effectPastKnee,
		sentence: pastKneeSentence,
		next:     belowKneeNextRun,
	},
	ReasonCliff: {
		effect:   effectPastKnee,
		sentence: cliffSentence,
		next:     belowKneeNextRun,
	},
	ReasonQueueing: {
		effect:   effectPastKnee,
		sentence: queueingSentence,
		next:     belowKneeNextRun,
	},
	ReasonUnverified: {
		effect:   effectUnverified,
		sentence: unverifiedSentence,
		next:     unverifiedNextRun,
	},
	ReasonErrorsPresent: {
		effect: effectInvalid,
		hintAll: func(s string, many bool, _ Options) string {
			return fmt.Sprintf("find why requests failed at %s and rerun %s", s, pick(many, "them", "it"))
		},
		sentence: func(s reasonSite) string {
			return fmt.Sprintf("requests failed at %s/GPU; a floor from a run with errors encodes the errors", s.at())
		},
		next: func(s reasonSite) string {
			return fmt.Sprintf("re-run %s/GPU after fixing the failing requests (see failure_labels in the sweep); a valid run has none", s.at())
		},
	},
	ReasonConcurrencyNotAchieved: {
		effect: effectInvalid,
		hintAll: func(s string, _ bool, _ Options) string {
			return fmt.Sprintf("rerun %s with a load generator that sustains the configured concurrency (more workers)", s)
		},
		sentence: func(s reasonSite) string {
			return fmt.Sprintf("the load generator did not keep %s requests in flight at %s/GPU, so the level was not what it claims", group(s.pt.Concurrency), s.at())
		},
		next: moreClientNextRun,
	},
	ReasonClientBound: {
		effect: effectInvalid,
		hintAll: func(s string, _ bool, _ Options) string {
			return fmt.Sprintf("rerun %s with more load-generator CPU or more client pods: the client, not the server, saturated", s)
		},
		sentence: func(s reasonSite) string {
			return fmt.Sprintf("at %s/GPU the load generator, not the server, was the bottleneck: the numbers describe the client", s.at())
		},
		next: moreClientNextRun,
	},
	ReasonCancelled: {
		effect: effectInvalid,
		hintAll: func(s string, many bool, _ Options) string {
			return fmt.Sprintf("rerun %s to completion: the run was interrupted", s)
		},
	},
	ReasonInsufficientSamples: withLevelHint(cautionRowAll(
		"too few requests for a stable p99 (insufficient_samples); the TTFT ceiling rests on a thin tail",
		func(s string, many bool, o Options) string {
			return fmt.Sprintf("rerun %s with at least %d requests so %s p99 is meaningful", s, o.MinSamplesP99, pick(many, "each", "its"))
		},
		func(s reasonSite) string {
			return fmt.Sprintf("re-run %s/GPU with more requests (aicr uses max(1000, 8 × concurrency) = %s)", s.at(), group(math.Max(1000, 8*s.pt.Concurrency)))
		}), windowedP99Hint),
	ReasonHighVariance: cautionRow(
		"repeats disagree (high_variance); the floor may sit inside run-to-run noise",
		func(l *levelEval, w words, _ Options) string {
			s := fmt.Sprintf("repeat %s more times or find why runs differ: throughput CV %.0f%%", w.stage(l), 100*l.cv)
			if len(l.outliers) > 0 {
				s += fmt.Sprintf(", outlier repeats %s (stalls?)", l.outlierNames())
			}
			return s
		},
		repeatNeighboursNextRun),
	ReasonNonMonotonic: cautionRowAll(
		"throughput is not monotonic around this level (non_monotonic); check the neighbouring levels",
		func(s string, many bool, _ Options) string {
			return fmt.Sprintf("repeat %s: %s throughput dipped and recovered above %s", s, pick(many, "each one's", "its"), pick(many, "them", "it"))
		},
		repeatNeighboursNextRun),
	// drain_biased has no hint per level: find says it once for all the
	// levels that have it (hints).
	ReasonDrainBiased: cautionRow(
		"fewer than 8 requests per slot in flight (drain_biased): the final drain weighs on its throughput, which reads low",
		nil,
		func(s reasonSite) string {
			return fmt.Sprintf("re-run %s/GPU with at least 8 requests per slot (%s)", s.at(), group(8*s.pt.Concurrency))
		}),
	ReasonOverTTFTSLO: sloSpec,
	ReasonOverITLSLO:  sloSpec,
	ReasonOverTPOTSLO: sloSpec,
	ReasonOverE2ESLO:  sloSpec,
	ReasonSLOUnknown:  sloSpec,
}

// cautionRow is a caution's row: its refusal sentence is its warning at
// the level.
func cautionRow(caution string, hint func(*levelEval, words, Options) string, next func(reasonSite) string) reasonSpec {
	return reasonSpec{
		effect:   effectCaution,
		caution:  caution,
		hint:     hint,
		sentence: func(s reasonSite) string { return fmt.Sprintf("%s/GPU: %s", s.at(), caution) },
		next:     next,
	}
}

// cautionRowAll is a caution whose find hint names all its levels at once.
// windowedP99Hint is insufficient_samples' hint for a level that stopped by
// precision: it needs a longer --level-max-duration, not more requests, and
// its p99 rests on sweep.MinSamplesP99 requests, not Options.MinSamplesP99.
func windowedP99Hint(l *levelEval, w words, o Options) string {
	if !l.windowed {
		return ""
	}
	return fmt.Sprintf("rerun %s with a longer --level-max-duration so that it reaches %d requests and its p99 is meaningful", w.stage(l), minSamplesP99(l, o))
}

func cautionRowAll(caution string, hintAll func(string, bool, Options) string, next func(reasonSite) string) reasonSpec {
	r := cautionRow(caution, nil, next)
	r.hintAll = hintAll
	return r
}

// withLevelHint gives a grouped reason a hint per level as well, for the
// levels it fits (non-empty); the others are grouped as before.
func withLevelHint(r reasonSpec, hint func(*levelEval, words, Options) string) reasonSpec {
	r.hint = hint
	return r
}

// pick is the plural or the singular word of a hint.
func pick(many bool, plural, one string) string {
	if many {
		return plural
	}
	return one
}

var sloSpec = reasonSpec{effect: effectSLO, sentence: sloSentence, next: sloNextRun}

// IsCaution reports whether a reason is a caution: reported on the level
// and weighed by baseline, but not by itself a verdict.
func (r Reason) IsCaution() bool { return reasons[r].effect == effectCaution }

// IsSLO reports whether a reason says a level misses a stated SLO.
func (r Reason) IsSLO() bool { return reasons[r].effect == effectSLO }

// invalidates reports whether a reason makes its level invalid.
func (r Reason) invalidates() bool { return reasons[r].effect == effectInvalid }

// Caution is the warning baseline writes on a floor proposed at a level
// with this caution; the reason's name for a reason that is not one.
func (r Reason) Caution() string {
	if c := reasons[r].caution; c != "" {
		return c
	}
	return string(r)
}

// hint is find's sentence for a level with this reason ("" for none).
func (r Reason) hint(l *levelEval, w words, o Options) string {
	if h := reasons[r].hint; h != nil {
		return h(l, w, o)
	}
	return ""
}

// ReasonSentence says, with the numbers, what the analysis saw at pt that
// gave it reason rs: the detail of a refusal.
func (r *Result) ReasonSentence(pt PointResult, rs Reason) string {
	if f := reasons[rs].sentence; f != nil {
		return f(reasonSite{r, pt, rs})
	}
	return fmt.Sprintf("%s/GPU: %s (verdict %s)", perLevel(pt.PerGPU), rs, pt.Verdict)
}

// NextRun names the measurement that would remove reason rs at pt.
func (r *Result) NextRun(pt PointResult, rs Reason) string {
	if f := reasons[rs].next; f != nil {
		return f(reasonSite{r, pt, rs})
	}
	return fmt.Sprintf("re-measure %s/GPU", perLevel(pt.PerGPU))
}

// markInvalid records a reason whose effect is to invalidate the level.
func (e *levelEval) markInvalid(r Reason, detail string) {
	if r.invalidates() {
		e.invalid = true
	}
	e.add(r, detail)
}

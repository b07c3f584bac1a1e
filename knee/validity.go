package knee

import (
	"fmt"
	"strings"
)

// minRequestsPerSlot: a closed loop of C slots that sends fewer than this
// many requests per slot spends a large share of its run draining (the last
// wave, with fewer than C in flight), and its throughput, which includes the
// drain, reads low: with 2 per slot a simulated engine capped at 48 read
// the same 2,500 tok/s at 32, 36 and 44/GPU.
const minRequestsPerSlot = 8

// judgeValidity gives each level its invalid reasons and cautions and
// returns the valid ones, ascending.
func judgeValidity(levels []*levelEval, stat ttftStat, o Options) (used []*levelEval) {
	for _, l := range levels {
		for _, rule := range validityRules {
			rule(l, stat, o)
		}
		if !l.invalid {
			used = append(used, l)
		}
	}
	return used
}

// validityRules are the checks of one level, in the order its reasons are
// listed: what invalidates it (the reason table says which reasons do),
// then the cautions.
var validityRules = []func(l *levelEval, stat ttftStat, o Options){
	func(l *levelEval, _ ttftStat, _ Options) {
		if l.cancelled {
			l.markInvalid(ReasonCancelled, "the harness reports the run as interrupted: its numbers are partial")
		}
	},
	func(l *levelEval, _ ttftStat, _ Options) {
		if l.thr <= 0 {
			l.markInvalid(ReasonErrorsPresent, "no output tokens were measured at this level")
		}
	},
	func(l *levelEval, _ ttftStat, o Options) {
		if l.errKnown && l.errRate > o.MaxErrorRate {
			l.markInvalid(ReasonErrorsPresent, fmt.Sprintf("%.1f%% of requests failed (limit %.1f%%)", 100*l.errRate, 100*o.MaxErrorRate))
		}
	},
	func(l *levelEval, _ ttftStat, o Options) {
		if finite(l.achieved) && l.achieved < o.MinAchieved {
			l.markInvalid(ReasonConcurrencyNotAchieved, fmt.Sprintf("the load generator sustained %.0f%% of the configured concurrency (need %.0f%%)", 100*l.achieved, 100*o.MinAchieved))
		}
	},
	func(l *levelEval, _ ttftStat, o Options) {
		switch {
		case l.clientBound:
			l.markInvalid(ReasonClientBound, "the harness reports the load generator, not the server, as the bottleneck")
		case finite(l.clientCPU) && l.clientCPU >= o.ClientCPUMax:
			l.markInvalid(ReasonClientBound, fmt.Sprintf("the load generator used %.0f%% of its CPU (limit %.0f%%): it, not the server, may have saturated", 100*l.clientCPU, 100*o.ClientCPUMax))
		}
	},
	func(l *levelEval, stat ttftStat, o Options) {
		if need := minSamplesP99(l, o); stat == statP99 && l.requestsMin != nil && *l.requestsMin < need {
			l.add(ReasonInsufficientSamples, fmt.Sprintf("%d successful requests are too few for a p99 (need %d)", *l.requestsMin, need))
		}
	},
	func(l *levelEval, _ ttftStat, _ Options) {
		// A level measured over windows left its drain out (windowed).
		if closedLoop(l) && !l.windowed && l.requestsMin != nil && l.concurrency > 0 && float64(*l.requestsMin) < minRequestsPerSlot*l.concurrency {
			l.add(ReasonDrainBiased, fmt.Sprintf("%.1f requests per slot (%d for %s in flight; want %d per slot): throughput includes the final drain, when fewer than all slots run, so it reads low by wave quantisation",
				float64(*l.requestsMin)/l.concurrency, *l.requestsMin, num(l.concurrency), minRequestsPerSlot))
		}
	},
	func(l *levelEval, _ ttftStat, o Options) {
		if len(l.thrRepeats) > 1 && l.cv > o.MaxCV {
			d := fmt.Sprintf("throughput of %d repeats varies by CV %.0f%% (limit %.0f%%)", len(l.thrRepeats), 100*l.cv, 100*o.MaxCV)
			if len(l.outliers) > 0 {
				d += fmt.Sprintf("; outlier repeats %s", l.outlierNames())
			}
			l.add(ReasonHighVariance, d)
		}
	},
}

// outlierNames lists the outlier repeats by number and says where each was
// read: repeat numbers count from 0 (the sweep JSON's "repeat"), while a
// results table may number its runs from 1 ("repeat 2 of 15" is repeat 1),
// so the source line is what a reader can look up without ambiguity.
func (l *level) outlierNames() string {
	ids := joinInts(l.outliers)
	var file string
	var lines, places []string
	tableRows := true
	for _, r := range l.outliers {
		for _, p := range l.points {
			if p.Repeat != r {
				continue
			}
			// Results folders and reports name "where: what"; keep the where.
			place, _, _ := strings.Cut(p.Source, ": ")
			places = append(places, place)
			i := strings.LastIndex(p.Source, ":")
			if i < 0 || (file != "" && p.Source[:i] != file) || !isDigits(p.Source[i+1:]) {
				tableRows = false
				continue
			}
			file = p.Source[:i]
			lines = append(lines, p.Source[i+1:])
		}
	}
	switch {
	case tableRows && len(lines) == len(l.outliers):
		return fmt.Sprintf("%s (%s lines %s)", ids, file, strings.Join(lines, ", "))
	case len(places) == len(l.outliers) && places[0] != "":
		return fmt.Sprintf("%s (%s)", ids, strings.Join(places, ", "))
	}
	return ids
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// isDigits reports whether s is a (line) number: only table rows are named
// "file:line"; other sources carry a colon before free text.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// closedLoop reports whether the level held a set number of requests in
// flight: an open-loop (rate) stage's concurrency is derived by Little's
// law, so it has no slots to drain and no in-flight count to queue beyond.
func closedLoop(l *levelEval) bool {
	if finite(l.requested) {
		return false
	}
	for _, p := range l.points {
		if p.Derived || p.RequestedRate != nil {
			return false
		}
	}
	return true
}

package search

import (
	"fmt"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Next decides the next levels. measured is the sweep so far (nil or empty
// before the first level); tried lists every level already attempted or
// planned, failed ones included, so that none is proposed twice; opts are
// the knee rule's thresholds.
func Next(measured *sweep.Sweep, tried []int, set Settings, opts knee.Options) Decision {
	if set.Slots < 1 {
		set.Slots = 1
	}
	done := map[int]bool{}
	for _, l := range tried {
		done[l] = true
	}
	budget := set.MaxLevels - len(done)
	if measured == nil || len(measured.Points) == 0 {
		return start(set, done, budget)
	}
	ruled := opts
	ruled.Bootstrap = 0 // the bracket decides the next level; the interval costs refits
	r, err := knee.Find(measured, ruled)
	if err != nil {
		return Decision{Phase: PhaseDone, Reason: fmt.Sprintf("the knee rule cannot read the levels: %v", err)}
	}
	p := &planner{measured: measured, set: set, opts: opts, done: done, budget: budget, r: r}
	p.lo, p.hi = bracket(r)
	p.top, p.bottom = levelRange(r)
	// The steps in order: each decides when its case holds, the first that
	// does answers; the last always does.
	steps := []func() (Decision, bool){
		p.clientBound, p.invalidTop, p.sloBinds, p.queueOnset, p.unbracketed,
		p.engineCap, p.fitted, p.within, p.budgetSpent,
	}
	for _, step := range steps {
		if d, ok := step(); ok {
			return d
		}
	}
	return p.bisect()
}

// start is the first decision, before any level gave a measurement.
func start(set Settings, done map[int]bool, budget int) Decision {
	if len(done) > 0 {
		return Decision{Phase: PhaseDone, Reason: "no level gave a measurement: nothing to search from"}
	}
	first := set.Start
	if len(set.Rungs) > 0 {
		first = set.Rungs[0]
	}
	return climb(first, set, done, budget, fmt.Sprintf("start at %d/GPU", first))
}

// planner holds what Next's steps read: the settings, the levels tried,
// and the knee rule's reading of the levels measured.
type planner struct {
	measured *sweep.Sweep
	set      Settings
	// opts are the caller's, bootstrap included (the fitted interval and
	// the engine's stop rule use it); r was found without the bootstrap.
	opts   knee.Options
	done   map[int]bool
	budget int
	r      *knee.Result
	// lo, hi are the knee's bracket; top, bottom the levels' range.
	lo, hi, top, bottom int
}

// decision starts an answer with the bracket as it stands.
func (p *planner) decision(phase Phase, reason string) Decision {
	return Decision{Phase: phase, Reason: reason, Low: p.lo, High: p.hi}
}

func (p *planner) clientBound() (Decision, bool) {
	cb := clientBound(p.r)
	if len(cb) < maxClientBound {
		return Decision{}, false
	}
	return p.decision(PhaseDone, fmt.Sprintf("stopped: %d levels (%s/GPU) were client_bound, so the load generator, not the server, was the bottleneck and more levels would measure the client; give it more CPU (an idle, larger or second client machine) and --resume", len(cb), sweep.FormatLadder(cb))), true
}

// invalidTop: the highest level decided nothing (client-bound, failed
// requests, short of its concurrency): a higher one would fare no better,
// so the search looks below it instead of climbing past it.
func (p *planner) invalidTop() (Decision, bool) {
	tv, ti, ok := invalidTop(p.r)
	if !ok || !(p.r.Knee.Status == knee.StatusNotReached || p.hi == 0 || p.hi > ti) {
		return Decision{}, false
	}
	why := fmt.Sprintf("%d/GPU is invalid (%s): no climb past it", ti, invalidWhy(p.r, ti))
	if tv == 0 {
		return p.decision(PhaseDone, why+"; no valid level below it to search from"), true
	}
	if v, ok := typedBetween(tv, ti); ok && !p.done[v] && p.budget > 0 {
		reason := fmt.Sprintf("%s; %d/GPU, the highest valid level, still scales: run %d between them", why, tv, v)
		return Decision{Phase: PhaseBisect, Levels: []int{v}, Reason: reason, Low: tv}, true
	}
	reason := fmt.Sprintf("%s; the knee lies above %d/GPU, the highest valid level, and no untried typed level lies between", why, tv)
	return Decision{Phase: PhaseDone, Reason: reason, Low: tv}, true
}

func (p *planner) sloBinds() (Decision, bool) {
	s := p.r.SLO
	if s == nil || s.Binds != knee.BindsSLO || s.OverPerGPU == nil {
		return Decision{}, false
	}
	return sloEdge(s, p.set, p.done, p.budget), true
}

func (p *planner) queueOnset() (Decision, bool) {
	qlo := p.lo
	if qlo == 0 && p.r.Knee.Status != knee.StatusBelowRange {
		// The lowest level is not yet verified, but a queue above it names
		// where to look: the onset, not a level below the lowest.
		qlo = p.bottom
	}
	c, why, ok := atQueueOnset(p.r, qlo, p.hi, p.done)
	if !ok || p.budget <= 0 {
		return Decision{}, false
	}
	d := p.decision(PhaseBisect, fmt.Sprintf("the knee lies in %d–%d/GPU and %s: measure there, run %d", qlo, p.hi, why, c))
	d.Levels = []int{c}
	return d, true
}

// unbracketed climbs while no level is past the knee, and descends while
// the lowest already is.
func (p *planner) unbracketed() (Decision, bool) {
	status := p.r.Knee.Status
	switch {
	case status == knee.StatusNotReached || (p.hi == 0 && status != knee.StatusBelowRange):
		return p.climbHigher(), true
	case status == knee.StatusBelowRange || p.lo == 0:
		return p.descendLower(), true
	}
	return Decision{}, false
}

func (p *planner) climbHigher() Decision {
	top, set := p.top, p.set
	if top >= set.MaxPerGPU {
		return p.decision(PhaseDone, fmt.Sprintf("still scaling at %d/GPU, the --max-per-gpu bound: the knee is above it", top))
	}
	next := min(set.up(top), set.MaxPerGPU)
	if next <= top {
		return p.decision(PhaseDone, fmt.Sprintf("still scaling at %d/GPU, the ladder's top rung: the knee is above it", top))
	}
	why := fmt.Sprintf("%d/GPU is below the knee (%s): climb %s", top, p.r.Knee.Detail, set.step())
	if len(p.r.Points) < 2 {
		why = fmt.Sprintf("one level so far: climb %s from %d/GPU", set.step(), top)
	}
	return merge(p.decision("", ""), climb(next, set, p.done, p.budget, why))
}

func (p *planner) descendLower() Decision {
	bottom, set := p.bottom, p.set
	next := set.down(bottom)
	if bottom <= 1 || next < 1 {
		return p.decision(PhaseDone, "already past the knee at 1/GPU: there is no lower level")
	}
	why := fmt.Sprintf("the lowest level %d/GPU is already past the knee: go down ×1/%d", bottom, set.Factor)
	if next != bottom/set.Factor {
		why = fmt.Sprintf("the lowest level %d/GPU is already past the knee: go down to the rung below", bottom)
	}
	return merge(p.decision("", ""), descend(next, set, p.done, p.budget, why))
}

// engineCap: the operating point is the engine's own cap, measured: every
// level above it only adds waiting requests (the engine said so), so no
// level between the cap and the first that queues can be better, whatever
// the bracket's width.
func (p *planner) engineCap() (Decision, bool) {
	q, lo, hi := p.r.QueueOnset, p.lo, p.hi
	if !q.IsMeasuredCap(float64(lo), float64(hi)) {
		return Decision{}, false
	}
	d := p.decision(PhaseDone, fmt.Sprintf("the knee is the engine's cap, %d/GPU, measured: above it requests only wait (%s)", lo, q.Detail))
	d.Within = Within(float64(lo), float64(hi), p.set.Precision)
	return d, true
}

// unconfirmed: a first level past the knee that is also the highest is
// confirmed by one more rung unless the rule the engine stops a climb with
// agrees (a cliff, or two levels at or past the knee), so that one noisy
// level never ends the climb. The confirmation is asked for only when the
// search would otherwise stop: a bisected level that reads flat below the
// top confirms it for free (PastKneeRule then stops), which on the
// benchmark saves most of the extra rung.
func (p *planner) unconfirmed() (Decision, bool) {
	top, set := p.top, p.set
	if !set.Confirm || p.hi != top || top >= set.MaxPerGPU || p.budget <= 0 || set.up(top) <= top {
		return Decision{}, false
	}
	if stop, _ := knee.PastKneeRule(p.opts)(p.measured); stop {
		return Decision{}, false
	}
	next := min(set.up(top), set.MaxPerGPU)
	why := fmt.Sprintf("%d/GPU is the first level past the knee and the highest: climb %s to confirm it (one noisy level never ends a climb)", top, set.step())
	return merge(p.decision("", ""), climb(next, set, p.done, p.budget, why)), true
}

// stop ends the search with d unless the highest level still needs its
// confirming rung.
func (p *planner) stop(d Decision) Decision {
	if c, need := p.unconfirmed(); need {
		return c
	}
	return d
}

func (p *planner) fitted() (Decision, bool) {
	fl, fh, ok := fitted(p.measured, p.opts, p.set)
	if !ok {
		return Decision{}, false
	}
	reason := fmt.Sprintf("the fitted knee's %.0f%% interval %d–%d/GPU lies inside the measured bracket %d–%d/GPU and within ±%s", 100*p.opts.Confidence, fl, fh, p.lo, p.hi, pct(p.set.Precision))
	return p.stop(Decision{Phase: PhaseDone, Reason: reason, Low: fl, High: fh, Within: true}), true
}

func (p *planner) within() (Decision, bool) {
	if !Within(float64(p.lo), float64(p.hi), p.set.Precision) {
		return Decision{}, false
	}
	d := p.decision(PhaseDone, fmt.Sprintf("the knee lies in %d–%d/GPU, within ±%s", p.lo, p.hi, pct(p.set.Precision)))
	d.Within = true
	return p.stop(d), true
}

func (p *planner) budgetSpent() (Decision, bool) {
	if p.budget > 0 {
		return Decision{}, false
	}
	lo, hi := p.lo, p.hi
	return p.decision(PhaseDone, fmt.Sprintf("--max-levels %d reached with the knee in %d–%d/GPU (±%s, wanted ±%s)", p.set.MaxLevels, lo, hi, pct(halfWidth(lo, hi)), pct(p.set.Precision))), true
}

func (p *planner) bisect() Decision {
	lo, hi := p.lo, p.hi
	pts := splits(lo, hi, min(p.set.Slots, p.budget), p.done)
	if len(pts) == 0 {
		return p.stop(p.decision(PhaseDone, fmt.Sprintf("the knee lies in %d–%d/GPU (±%s): no untried typed level lies between", lo, hi, pct(halfWidth(lo, hi)))))
	}
	d := p.decision(PhaseBisect, fmt.Sprintf("the knee lies in %d–%d/GPU (±%s, wanted ±%s): bisect at %s", lo, hi, pct(halfWidth(lo, hi)), pct(p.set.Precision), sweep.FormatLadder(pts)))
	d.Levels = pts
	return d
}

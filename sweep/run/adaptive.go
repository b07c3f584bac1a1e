package run

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// Planner decides which per-GPU levels an adaptive sweep runs next, from
// the sweep measured so far and every level already in the plan (tried,
// failed ones included). done ends the search; why is logged either way.
// The knee package provides the real one (knee/search); run must not
// import the knee rule.
type Planner func(s *sweep.Sweep, tried []int) (levels []int, done bool, why string)

// AdaptiveOptions control RunAdaptive.
type AdaptiveOptions struct {
	Options
	// Planner, when set, grows the plan (--search); nil runs the plan's
	// ladder (stopping past the knee when StopRule is set).
	Planner Planner
	// Repeats is the most runs of each level (--repeats; 1 or 0: one).
	Repeats int
	// UntilCI, when > 0, stops repeating a level once the 95% confidence
	// half-width of its mean throughput is within this share of the mean
	// (--until-ci); Repeats still bounds it.
	UntilCI float64
	// Slots are where levels run; at least one.
	Slots []Slot
	// Extend, when set, is asked before the planner: levels already
	// measured whose step the planner's decision rests on is unresolved by
	// their own intervals, to run again first (knee/search.Extend).
	Extend func(s *sweep.Sweep) (levels []int, why string)
	// Confirm, when set, is asked once the planner is done: levels to run
	// once more before the search answers — the two its operating point
	// rests on, so that their repeats measure the noise between runs
	// (knee/search.Confirm). The budget bounds them as any level.
	Confirm func(s *sweep.Sweep) (levels []int, why string)
	// Deadline, when set, is the search's time budget (--search-budget,
	// budget.go): no level starts that the longest level so far would
	// carry past it.
	Deadline time.Time
}

// RunAdaptive is the engine with the planner for --search,
// --repeats/--until-ci and several endpoints or nodes. It runs the plan's
// pending levels, as many at once as there are slots, then asks the
// planner for more until it is done, then adds repeats in rounds — one
// more run of every level that still needs one, in ladder order, so
// repeats of a level are interleaved with other levels rather than back
// to back and drift shows as spread, not signal — and asks the planner
// again after each round, since repeats move the means the knee rule
// reads. Every decision is logged with its reason in events.log and on the
// log. Stopping, failures and Ctrl-C are the engine's, as for Run: every
// finished level is on disk, and --resume continues the search from the
// plan.json it grew.
func RunAdaptive(ctx context.Context, st *store.Store, opts AdaptiveOptions) (*Outcome, error) {
	if len(opts.Slots) == 0 {
		return nil, errors.New("no slot to run levels on")
	}
	e := newEngine(st, opts.Options, opts.Slots)
	return e.run(ctx, &adaptive{opts: opts})
}

// adaptive is RunAdaptive's planner.
type adaptive struct {
	opts     AdaptiveOptions
	lastDone string // the search's last "done" reason, said once per answer
}

func (p *adaptive) begin(*engine) (bool, error)                 { return false, nil }
func (p *adaptive) measured(*engine, sweep.Level) (bool, error) { return false, nil }

// next is the pending levels, one per slot; when none is left, the
// search's next levels, then the next round of repeats.
func (p *adaptive) next(_ context.Context, e *engine) ([]sweep.Level, bool, error) {
	for {
		todo, err := p.pending(e)
		if err != nil {
			return nil, false, err
		}
		if len(todo) > 0 {
			if why := e.outOfTime(p.opts.Deadline, todo...); why != "" {
				return nil, false, p.outOfTime(e, why, len(todo))
			}
			return todo[:min(len(todo), len(e.slots))], false, nil
		}
		grew, err := p.search(e)
		if err != nil {
			return nil, false, err
		}
		if grew {
			continue
		}
		more, why := p.repeatsNeeded(e)
		if len(more) == 0 {
			return nil, false, nil
		}
		if _, err := e.st.AddLevels(more...); err != nil {
			return nil, false, err
		}
		if err := e.event("repeat", "%s", why); err != nil {
			return nil, false, err
		}
	}
}

// outOfTime ends the search on its budget, said once, naming the
// levels planned and left for --resume.
func (p *adaptive) outOfTime(e *engine, why string, left int) error {
	if why == p.lastDone {
		return nil
	}
	p.lastDone = why
	if left > 0 {
		why += fmt.Sprintf("; %d planned level(s) not run", left)
	}
	e.out.StoppedEarly = why
	return e.event("search", "done: %s", why)
}

// pending are the engine's pending levels; without a planner, StopRule
// drops the rungs above a sweep already clearly past the knee, said once.
func (p *adaptive) pending(e *engine) ([]sweep.Level, error) {
	todo := e.pending()
	if p.opts.Planner != nil || p.opts.StopRule == nil || len(todo) == 0 {
		return todo, nil
	}
	stop, why := checkStop(p.opts.StopRule, e.st)
	if !stop {
		return todo, nil
	}
	kept := belowTop(todo, e.st.Sweep())
	if len(kept) == len(todo) {
		return todo, nil // nothing above the knee is left to skip
	}
	if !e.out.PastKnee {
		e.out.PastKnee, e.out.StoppedEarly = true, why
		if err := e.event("stopped", "past the knee: %s; higher levels are not run", why); err != nil {
			return nil, err
		}
	}
	return kept, nil
}

// belowTop keeps the levels no higher than the highest measured per GPU.
func belowTop(levels []sweep.Level, s *sweep.Sweep) []sweep.Level {
	top := 0
	for _, p := range s.Points {
		if p.PerGPU != nil && int(*p.PerGPU) > top {
			top = int(*p.PerGPU)
		}
	}
	var kept []sweep.Level
	for _, l := range levels {
		if l.PerGPU <= top {
			kept = append(kept, l)
		}
	}
	return kept
}

// search asks the planner for more levels: grew when it added some. A
// planner must not ask for a level again (repeats are this engine's);
// taking it at its word would never end.
func (p *adaptive) search(e *engine) (grew bool, err error) {
	if p.opts.Planner == nil {
		return false, nil
	}
	if p.opts.Extend != nil {
		if again, why := p.opts.Extend(e.st.Sweep()); len(again) > 0 {
			if _, err := e.st.AddLevels(again...); err != nil {
				return false, err
			}
			return true, e.event("search", "%s", why)
		}
	}
	tried := tried(e.st)
	levels, done, why := p.opts.Planner(e.st.Sweep(), tried)
	if !done && !newLevels(levels, tried) {
		done, why = true, fmt.Sprintf("the planner asked for %s, all already in the plan (%s)", sweep.FormatLadder(levels), why)
	}
	if done && p.opts.Confirm != nil {
		if again, cwhy := p.opts.Confirm(e.st.Sweep()); len(again) > 0 {
			if _, err := e.st.AddLevels(again...); err != nil {
				return false, err
			}
			return true, e.event("search", "%s", cwhy)
		}
	}
	if done {
		// Asked again after each round of repeats: said once per answer.
		if why != p.lastDone {
			p.lastDone = why
			return false, e.event("search", "done: %s", why)
		}
		return false, nil
	}
	if _, err := e.st.AddLevels(levels...); err != nil {
		return false, err
	}
	return true, e.event("search", "%s", why)
}

// newLevels reports whether levels is non-empty and none of it is in tried.
func newLevels(levels, tried []int) bool {
	in := map[int]bool{}
	for _, t := range tried {
		in[t] = true
	}
	for _, l := range levels {
		if in[l] {
			return false
		}
	}
	return len(levels) > 0
}

// tried lists the distinct per-GPU levels in the plan, measured or not.
func tried(st *store.Store) []int {
	seen := map[int]bool{}
	var out []int
	for _, pg := range st.Plan().PerGPU {
		if !seen[pg] {
			seen[pg] = true
			out = append(out, pg)
		}
	}
	sort.Ints(out)
	return out
}

// repeatsNeeded is the next round of repeats: one more run of every
// measured level that has fewer than Repeats runs and, with UntilCI, whose
// throughput's 95% confidence half-width is still wider than UntilCI of
// its mean. Levels that failed in this run are not repeated.
func (p *adaptive) repeatsNeeded(e *engine) ([]int, string) {
	most := max(p.opts.Repeats, 1)
	if most <= 1 {
		return nil, ""
	}
	runs := throughputs(e.st)
	failed := map[int]bool{}
	for i := range e.failedHere {
		failed[e.st.Plan().Levels()[i].PerGPU] = true
	}
	var more []int
	var why []string
	for _, pg := range tried(e.st) {
		xs := runs[pg]
		if len(xs) == 0 || len(xs) >= most || failed[pg] {
			continue
		}
		if reason, again := p.again(pg, xs, most); again {
			why = append(why, reason)
			more = append(more, pg)
		}
	}
	if len(more) == 0 {
		return nil, ""
	}
	goal := fmt.Sprintf("--repeats %d", most)
	if p.opts.UntilCI > 0 {
		goal = fmt.Sprintf("--until-ci %.1f%% (at most %d runs)", 100*p.opts.UntilCI, most)
	}
	return more, fmt.Sprintf("one more run of %s, interleaved (%s): %s", sweep.FormatLadder(more), goal, strings.Join(why, "; "))
}

// again says whether a level with runs xs (fewer than most) runs again,
// and why: with UntilCI, only while its confidence interval is too wide.
func (p *adaptive) again(pg int, xs []float64, most int) (string, bool) {
	if p.opts.UntilCI > 0 && len(xs) >= 2 {
		hw, mean := CIHalfWidth(xs)
		if hw <= p.opts.UntilCI*mean {
			return "", false
		}
		return fmt.Sprintf("%d/GPU ±%.1f%% after %d", pg, 100*hw/mean, len(xs)), true
	}
	return fmt.Sprintf("%d/GPU has %d of %d", pg, len(xs), most), true
}

// throughputs are every successful run's throughput, by per-GPU level.
func throughputs(st *store.Store) map[int][]float64 {
	out := map[int][]float64{}
	for _, l := range st.Plan().Levels() {
		rec := st.Record(l.Index)
		if rec == nil || len(rec.Points) == 0 {
			continue
		}
		out[l.PerGPU] = append(out[l.PerGPU], rec.Points[0].ThroughputTokS)
	}
	return out
}

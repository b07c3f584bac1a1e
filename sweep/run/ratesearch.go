package run

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// RatePlanner decides an open-loop search's next rates from the sweep so
// far (knee/search.NextRate behind a closure): none and done to stop.
type RatePlanner func(s *sweep.Sweep) (rates []float64, done bool, why string)

// RunRateSearch runs a rate plan's levels (those given with --rate, and on
// --resume every rate already decided), then asks planner for the next
// rate, appends it to plan.json (store.AddRates) before running it, and
// repeats until the planner is done. A failed level stops the search with
// its error (it is stored as failed: --resume runs it again, then goes on
// searching); Ctrl-C stops it as Run does. The planner decides where the
// climb ends: opts.StopRule is not asked. A non-zero deadline is the
// search's time budget (--search-budget), kept as the concurrency search
// keeps it: no rate starts once the longest level so far would end past it.
func RunRateSearch(ctx context.Context, exec sweep.Executor, st *store.Store, planner RatePlanner, opts Options, deadline time.Time) (*Outcome, error) {
	opts.StopRule = nil
	e := newEngine(st, opts, []Slot{{Exec: exec}})
	e.oneByOne = true
	return e.run(ctx, &rateSearch{plan: planner, deadline: deadline})
}

// rateSearch is RunRateSearch's planner: rounds of the ladder's levels one
// by one, then the planner's next rates as the next round. The engine's
// summary line closes the whole search once, not each round: a round is
// one level, and "1 level(s) measured" after each read as if the sweep
// had ended there.
type rateSearch struct {
	plan     RatePlanner
	deadline time.Time
	// measured0 is the round's start: the levels measured by then.
	measured0 int
	// skipped are the levels a resume found done.
	skipped int
	// added is how many levels the round's rates added (0: the first round).
	added int
}

func (p *rateSearch) begin(e *engine) (bool, error) {
	p.skipped = len(e.out.Skipped)
	return false, sayReruns(e)
}

func (p *rateSearch) measured(*engine, sweep.Level) (bool, error) { return false, nil }

func (p *rateSearch) next(ctx context.Context, e *engine) ([]sweep.Level, bool, error) {
	if todo := firstPending(e); len(todo) > 0 {
		if why := e.outOfTime(p.deadline); why != "" {
			return nil, true, p.outOfTime(e, why, len(e.pending()))
		}
		return todo, false, nil
	}
	if len(e.failures) > 0 {
		// --keep-going ran past a failed level: the search stops there.
		return nil, true, e.summarise(len(e.out.Measured), p.skipped)
	}
	if len(e.out.Measured)-p.measured0 < p.added {
		return nil, true, errors.New("the search's level was not measured")
	}
	if err := ctx.Err(); err != nil {
		e.out.StoppedEarly = "interrupted"
		return nil, true, fmt.Errorf("interrupted: %w", err)
	}
	rates, done, why := p.plan(e.st.Sweep())
	if done || len(rates) == 0 {
		if err := e.event("search", "done: %s", why); err != nil {
			return nil, true, err
		}
		return nil, true, e.summarise(len(e.out.Measured), p.skipped)
	}
	if err := e.event("search", "%s: next %s req/s", why, sweep.FormatRates(rates)); err != nil {
		return nil, true, err
	}
	p.measured0 = len(e.out.Measured)
	levels, err := e.st.AddRates(rates...)
	if err != nil {
		return nil, true, err
	}
	p.added = len(levels)
	return p.next(ctx, e)
}

// outOfTime ends the search on its budget, naming the rates planned and
// left for --resume, and closes it with the engine's summary.
func (p *rateSearch) outOfTime(e *engine, why string, left int) error {
	if left > 0 {
		why += fmt.Sprintf("; %d planned rate(s) not run", left)
	}
	e.out.StoppedEarly = why
	if err := e.event("search", "done: %s", why); err != nil {
		return err
	}
	return e.summarise(len(e.out.Measured), p.skipped)
}

package run

import (
	"context"
	"errors"
	"fmt"

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
// climb ends: opts.StopRule is not asked.
func RunRateSearch(ctx context.Context, exec sweep.Executor, st *store.Store, planner RatePlanner, opts Options) (*Outcome, error) {
	opts.StopRule = nil
	e := newEngine(st, opts, []Slot{{Exec: exec}})
	e.oneByOne = true
	return e.run(ctx, &rateSearch{plan: planner})
}

// rateSearch is RunRateSearch's planner: rounds of the ladder's levels one
// by one, each round closed by the engine's summary line, then the
// planner's next rates as the next round.
type rateSearch struct {
	plan RatePlanner
	// measured0 and skipped are the round's start: the levels measured by
	// then, and those done (a resume's, then every earlier round's).
	measured0, skipped int
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
		return todo, false, nil
	}
	measured := len(e.out.Measured) - p.measured0
	if err := e.summarise(measured, p.skipped); err != nil {
		return nil, true, err
	}
	if measured < p.added {
		return nil, true, errors.New("the search's level was not measured")
	}
	if err := ctx.Err(); err != nil {
		e.out.StoppedEarly = "interrupted"
		return nil, true, fmt.Errorf("interrupted: %w", err)
	}
	rates, done, why := p.plan(e.st.Sweep())
	if done || len(rates) == 0 {
		return nil, true, e.event("search", "done: %s", why)
	}
	if err := e.event("search", "%s: next %s req/s", why, sweep.FormatRates(rates)); err != nil {
		return nil, true, err
	}
	p.measured0, p.skipped = len(e.out.Measured), doneLevels(e.st)
	levels, err := e.st.AddRates(rates...)
	if err != nil {
		return nil, true, err
	}
	p.added = len(levels)
	return p.next(ctx, e)
}

// doneLevels counts the plan's measured levels.
func doneLevels(st *store.Store) int {
	n := 0
	for _, l := range st.Plan().Levels() {
		if st.Done(l.Index) {
			n++
		}
	}
	return n
}

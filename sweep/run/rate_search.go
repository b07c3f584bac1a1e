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
// searching); Ctrl-C stops it as Run does.
func RunRateSearch(ctx context.Context, exec sweep.Executor, st *store.Store, planner RatePlanner, opts Options) (*Outcome, error) {
	opts.StopRule = nil // the planner decides where the climb ends
	out, err := Run(ctx, exec, st, opts)
	if err != nil {
		return out, err
	}
	total := &Outcome{Measured: out.Measured, Skipped: out.Skipped}
	logf := func(format string, args ...any) {
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, format+"\n", args...)
		}
	}
	for {
		if err := ctx.Err(); err != nil {
			total.StoppedEarly, total.Sweep = "interrupted", st.Sweep()
			return total, fmt.Errorf("interrupted: %w", err)
		}
		rates, done, why := planner(st.Sweep())
		if done || len(rates) == 0 {
			total.StoppedEarly, total.Sweep = "", st.Sweep()
			logf("search: done: %s", why)
			return total, st.Event("search", "done: %s", why)
		}
		logf("search: %s: next %s req/s", why, sweep.FormatRates(rates))
		if err := st.Event("search", "%s: next %s req/s", why, sweep.FormatRates(rates)); err != nil {
			return total, err
		}
		levels, err := st.AddRates(rates...)
		if err != nil {
			return total, err
		}
		out, err := Run(ctx, exec, st, quietResume(opts))
		total.Measured = append(total.Measured, out.Measured...)
		total.Failed = append(total.Failed, out.Failed...)
		total.Sweep = out.Sweep
		if err != nil {
			total.StoppedEarly = out.StoppedEarly
			return total, err
		}
		if len(out.Measured) < len(levels) {
			return total, errors.New("the search's level was not measured")
		}
	}
}

// quietResume is opts for the search's later rounds: Run would see the
// levels measured before as a resume and log "resumed" each round.
func quietResume(opts Options) Options {
	opts.searchRound = true
	return opts
}

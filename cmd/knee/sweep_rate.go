package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/knee/search"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/run"
	"github.com/kneetool/knee/sweep/store"
)

// rateFlags are knee sweep's open-loop flags: --rate makes each level an
// offered request rate (whole endpoint) instead of a concurrency per GPU.
// They are plan fields, not settings: another rate ladder, arrival
// process, bound or duration measures something else, so --resume refuses
// it (store.DiffPlan).
type rateFlags struct {
	Rates       string
	Arrivals    string
	MaxInFlight int
	Duration    time.Duration
	// MaxRate is --max-rate: the ceiling of --search's rate climb.
	MaxRate float64
}

func (r *rateFlags) bind(fl *pflag.FlagSet) {
	fl.StringVar(&r.Rates, "rate", "", "open loop: ladder of offered request rates per second for the whole endpoint, e.g. 2,4,8,16 (every harness; excludes --per-gpu and --ladder)")
	fl.StringVar(&r.Arrivals, "arrivals", sweep.ArrivalsPoisson, "--rate's arrival process: poisson (seeded by --seed) or constant")
	fl.IntVar(&r.MaxInFlight, "max-in-flight", sweep.DefaultMaxInFlight, "--rate's bound on outstanding requests; a level that reaches it is recorded as client-bound (no longer open-loop)")
	fl.DurationVar(&r.Duration, "rate-duration", 0, "--rate: each level sends rate × this many requests (default: --min-requests per level)")
	fl.Float64Var(&r.MaxRate, "max-rate", search.DefaultMaxRate, "--rate with --search climbs no higher than this many requests per second")
}

// settings are the rate search's, from the flags knee sweep --search shares.
func (r *rateFlags) settings(s *searchFlags) search.RateSettings {
	return search.RateSettings{Factor: 2, MaxRate: r.MaxRate, Precision: s.Precision, MaxLevels: s.MaxLevels}
}

// apply puts the flags into the plan (on --resume only those given) and
// refuses what a rate sweep cannot be combined with (exit 2).
func (r *rateFlags) apply(fl *pflag.FlagSet, p *sweep.Plan, resume bool, sf *searchFlags) error {
	given := fl.Changed("rate")
	if given && (fl.Changed("per-gpu") || fl.Changed("ladder")) {
		return usagef("give --rate (requests/s) or --per-gpu/--ladder (concurrency per GPU), not both")
	}
	if !given && !p.IsRate() {
		return refuseRateOnly(fl)
	}
	if err := r.refuseWithRate(fl, sf); err != nil {
		return err
	}
	if given {
		rates, err := sweep.ParseRates(r.Rates)
		if err != nil {
			return err
		}
		p.Rates = rates
	}
	if err := r.setPlan(fl, p, resume); err != nil {
		return err
	}
	// Every harness runs a rate ladder; what one cannot express (say
	// inference-perf without --rate-duration) its registry check refuses.
	if p.Runner == "kube" && p.GPUs == 0 {
		// The kube runner reads the GPU count from the node; the whole plan
		// is validated once it has (sweepOptions.run), the rate fields now.
		q := *p
		q.GPUs = 1
		return q.Validate()
	}
	return p.Validate()
}

// refuseRateOnly refuses a rate flag on a sweep without --rate.
func refuseRateOnly(fl *pflag.FlagSet) error {
	for _, name := range []string{"arrivals", "max-in-flight", "rate-duration", "max-rate"} {
		if fl.Changed(name) {
			return usagef("--%s applies to a rate sweep: give --rate", name)
		}
	}
	return nil
}

// refuseWithRate refuses what a rate ladder cannot be combined with, and
// checks --search's rate settings.
func (r *rateFlags) refuseWithRate(fl *pflag.FlagSet, sf *searchFlags) error {
	// Repeats interleave per-GPU levels (run.RunAdaptive); a rate ladder
	// searches with its own planner (knee/search NextRate) instead.
	for _, name := range []string{"repeats", "until-ci"} {
		if fl.Changed(name) {
			return usagef("--%s on a --rate ladder is not available: give a rate twice to measure it twice", name)
		}
	}
	if n := len(sf.endpoints); n > 1 {
		return usagef("--endpoint given %d times: a --rate ladder runs against one endpoint", n)
	}
	if sf.On {
		return r.settings(sf).Validate()
	}
	return nil
}

// setPlan puts the rate flags into the plan: on --resume only those given.
func (r *rateFlags) setPlan(fl *pflag.FlagSet, p *sweep.Plan, resume bool) error {
	set := func(name string) bool { return !resume || fl.Changed(name) }
	if set("arrivals") {
		p.Arrivals = r.Arrivals
	}
	if set("max-in-flight") {
		if r.MaxInFlight < 1 || r.MaxInFlight > sweep.MaxRequests {
			return inputerr.Errorf("flag", "--max-in-flight", 0, "must be between 1 and %d, got %d", sweep.MaxRequests, r.MaxInFlight)
		}
		p.MaxInFlight = r.MaxInFlight
	}
	if set("rate-duration") {
		if r.Duration < 0 {
			return inputerr.Errorf("flag", "--rate-duration", 0, "must not be negative, got %s", r.Duration)
		}
		p.RateDurationS = r.Duration.Seconds()
	}
	return nil
}

// runRateSearch runs a rate plan with --search: the given rates first,
// then the planner's (run.RunRateSearch: the engine with a rate planner).
func (o *sweepOptions) runRateSearch(ctx context.Context, exec sweep.Executor, st *store.Store, opts run.Options) (*run.Outcome, error) {
	set := o.Rate.settings(&o.Search) // checked by apply
	kopts := knee.DefaultOptions()
	var deadline time.Time
	if o.Search.Budget > 0 {
		deadline = o.started.Add(o.Search.Budget)
	}
	fmt.Fprintf(o.root.stderr, "search: on the rate axis: ±%.1f%%, at most %d rates, up to %g req/s%s\n", 100*set.Precision, set.MaxLevels, set.MaxRate, budgetNote(o.Search.Budget))
	return run.RunRateSearch(ctx, exec, st, func(s *sweep.Sweep) ([]float64, bool, string) {
		d := search.NextRate(s, set, kopts)
		return d.Rates, d.Done(), d.Reason
	}, opts, deadline)
}

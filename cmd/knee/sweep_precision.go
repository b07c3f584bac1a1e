package main

import (
	"time"

	"github.com/spf13/pflag"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// precisionFlags are --level-precision and its bounds: how long a level
// lasts when it stops by precision (sweep/precision.go), the default for
// the built-in harness on the local runner.
type precisionFlags struct {
	Precision     float64
	Min, Max      time.Duration
	explicitFixed bool
}

func (f *precisionFlags) bind(fl *pflag.FlagSet) {
	fl.Float64Var(&f.Precision, "level-precision", sweep.DefaultLevelPrecision,
		"a level stops once the 95% interval of its throughput is within ± this share (0.03 = ±3%), with ≥ 100 requests and every slot past two (builtin, local); --min-requests or --requests-per-concurrency given means fixed counts instead")
	fl.DurationVar(&f.Min, "level-min-duration", sweep.DefaultLevelMinDuration, "least time a level that stops by precision runs")
	fl.DurationVar(&f.Max, "level-max-duration", sweep.DefaultLevelMaxDuration, "most time a level that stops by precision runs (its stop reason is then time_cap)")
}

// apply puts the stop rule into a new plan: precision unless the request
// counts are given, the harness cannot watch a level (only the built-in
// one does), the runner is not local, or the plan is a rate sweep. On
// --resume the stored plan's rule stays.
func (f *precisionFlags) apply(fl *pflag.FlagSet, p *sweep.Plan, resume bool) error {
	fixed := fl.Changed("min-requests") || fl.Changed("requests-per-concurrency")
	given := fl.Changed("level-precision") || fl.Changed("level-min-duration") || fl.Changed("level-max-duration")
	if fixed && given {
		return usagef("--min-requests/--requests-per-concurrency fix each level's requests; --level-precision and its durations stop a level by precision: give one or the other")
	}
	if resume {
		if given {
			return usagef("--level-precision and its durations are the stored plan's on --resume (plan.json level_precision): start a new sweep to change them")
		}
		return nil
	}
	canWatch := p.Harness == builtin.Name && p.Runner == "local" && !p.IsRate()
	if given && !canWatch {
		return inputerr.Errorf("flag", "--level-precision", 0, "only the built-in harness on the local runner with a --per-gpu ladder stops levels by precision; give --min-requests instead")
	}
	if fixed || !canWatch {
		return nil
	}
	p.LevelPrecision, p.LevelMinDurationS, p.LevelMaxDurationS = f.Precision, f.Min.Seconds(), f.Max.Seconds()
	return p.CheckPrecision()
}

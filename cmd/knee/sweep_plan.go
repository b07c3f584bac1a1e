package main

import (
	"github.com/spf13/pflag"

	"github.com/kneetool/knee/internal/drivers/harness"
	"github.com/kneetool/knee/internal/drivers/harness/inferenceperf"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// The steps of (*sweepOptions).complete, in its order: the plan to start
// from, the flags put into it, then the checks of what they make.

// startPlan is the stored plan on --resume, else an empty one.
func (o *sweepOptions) startPlan() (sweep.Plan, error) {
	if o.Resume == "" {
		return sweep.Plan{}, nil
	}
	if o.Out != "" {
		return sweep.Plan{}, usagef("--out and --resume exclude each other: --resume continues the folder it names")
	}
	return store.ReadPlan(o.Resume)
}

// planFlags puts the ladder and the plan's fields into p: every flag on a
// new sweep, on --resume only those given.
func (o *sweepOptions) planFlags(fl *pflag.FlagSet, p *sweep.Plan) error {
	if err := o.ladderFlags(fl, p); err != nil {
		return err
	}
	set := func(name string) bool { return o.Resume == "" || fl.Changed(name) }
	for _, f := range []struct {
		name string
		dst  *string
		v    string
	}{
		{"runner", &p.Runner, o.Runner}, {"harness", &p.Harness, o.Harness}, {"endpoint", &p.Endpoint, o.Endpoint},
		{"model", &p.Model, o.Model}, {"api", &p.API, o.API}, {"accelerator", &p.Accelerator, o.Accelerator}, {"leaf", &p.Leaf, o.Leaf},
	} {
		if set(f.name) {
			*f.dst = f.v
		}
	}
	for _, f := range []struct {
		name string
		dst  *int
		v    int
	}{
		{"gpus", &p.GPUs, o.GPUs}, {"input-tokens", &p.InputTokens, o.InputTokens}, {"output-tokens", &p.OutputTokens, o.OutputTokens},
		{"min-requests", &p.MinRequests, o.MinRequests}, {"requests-per-concurrency", &p.RequestsPerConcurrency, o.PerConcurrency},
	} {
		if set(f.name) {
			*f.dst = f.v
		}
	}
	// inference-perf's random data generator speaks only the completion
	// API: make that the default for it rather than fail on the default.
	if p.Harness == inferenceperf.Harness && !fl.Changed("api") && o.Resume == "" {
		p.API = "completion"
	}
	return nil
}

// ladderFlags is --per-gpu or --ladder, not both.
func (o *sweepOptions) ladderFlags(fl *pflag.FlagSet, p *sweep.Plan) error {
	var err error
	switch {
	case fl.Changed("per-gpu") && fl.Changed("ladder"):
		return usagef("give --per-gpu or --ladder, not both")
	case fl.Changed("per-gpu"):
		p.PerGPU, err = sweep.ParsePerGPU(o.PerGPU)
	case fl.Changed("ladder"):
		p.PerGPU, err = sweep.ParseLadder(o.Ladder)
	}
	return err
}

// checkPlan refuses what the flags make of the plan (exit 2), the
// harness and runner first: a typo there is the first thing to hear
// about, not the missing ladder.
func (o *sweepOptions) checkPlan(fl *pflag.FlagSet, p *sweep.Plan) error {
	if _, ok := harness.Lookup(p.Harness); !ok {
		return inputerr.Errorf("flag", "--harness", 0, "must be %s, got %q", harness.Names(nil), p.Harness)
	}
	if p.Runner != "local" && p.Runner != "kube" {
		return inputerr.Errorf("flag", "--runner", 0, "must be local or kube, got %q", p.Runner)
	}
	if err := o.Rate.apply(fl, p, o.Resume != "", &o.Search); err != nil {
		return err
	}
	if err := o.Search.check(fl, p); err != nil {
		return err
	}
	if err := o.Precision.apply(fl, p, o.Resume != ""); err != nil {
		return err
	}
	if len(p.PerGPU) == 0 && !p.IsRate() && o.Resume == "" {
		return usagef("give the ladder: --per-gpu 64,128,256 or --ladder 16:1024:x2")
	}
	if err := o.Workload.apply(fl, p); err != nil {
		return err
	}
	// Before any cluster is asked or executor built: a plan too large to
	// run (a flag, or a plan.json edited) is bad input now, not memory
	// exhausted at the first level.
	return p.CheckSizes()
}

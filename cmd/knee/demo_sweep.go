package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/metrics"
	"github.com/kneetool/knee/sweep/run"
	"github.com/kneetool/knee/sweep/store"
)

// sweep runs the demo's ladder against a fresh simulated server with cfg,
// into o.Out or a new temporary folder.
func (o *demoOptions) sweep(ctx context.Context, cfg simserver.Config, kopts knee.Options) (*run.Outcome, string, error) {
	errw := o.root.stderr
	srv := simserver.New(cfg)
	url, err := srv.Start()
	if err != nil {
		return nil, "", fmt.Errorf("starting the simulated server: %w", err)
	}
	defer srv.Close()

	plan := simserver.DemoPlan(url)
	plan.ID = sweep.NewPlanID(time.Now())
	dir := o.Out
	if dir == "" {
		if dir, err = os.MkdirTemp("", "knee-demo-"); err != nil {
			return nil, "", err
		}
	}
	st, err := store.Create(dir, plan)
	if err != nil {
		return nil, "", err
	}
	defer st.Close()
	fmt.Fprintf(errw, "knee demo: simulated GB300-like server at %s (%d GPUs, true knee %.0f/GPU, clock ×%g); sweeping %s per GPU\n",
		url, cfg.GPUs, cfg.TrueKneeFor(plan.InputTokens, plan.OutputTokens), cfg.TimeScale, sweep.FormatLadder(plan.PerGPU))

	// The simulated server exports vLLM-style /metrics, sampled as knee
	// sweep samples a real engine's: find then names each level's limit.
	exec := metrics.Wrap(simulatedExec{builtin.New(builtin.Options{Progress: errw, Seed: 1}), "simulated server (simserver.GB300Like)"},
		metrics.NewHTTPSource(url+"/metrics"), metrics.Options{Interval: 250 * time.Millisecond})
	ropts := run.Options{Log: errw}
	if o.StopPastKnee {
		ropts.StopRule = knee.PastKneeRule(kopts)
	}
	out, err := run.Run(ctx, exec, st, ropts)
	if err != nil {
		return nil, dir, fmt.Errorf("demo sweep: %w (partial results in %s)", err, dir)
	}
	return out, dir, nil
}

// sweepUntilClientFree runs sweepOnce and, when adapt and some level was
// client_bound, slows the simulated clock ×3 and sweeps again (the last
// attempt's folder is removed), at most twice. It returns the last sweep,
// its folder and the configuration it ran with.
func sweepUntilClientFree(cfg simserver.Config, adapt bool, log io.Writer, sweepOnce func(simserver.Config) (*run.Outcome, string, error)) (*run.Outcome, string, simserver.Config, error) {
	for attempt := 0; ; attempt++ {
		out, dir, err := sweepOnce(cfg)
		if err != nil {
			return nil, dir, cfg, err
		}
		bound := clientBoundLevels(out.Sweep)
		if bound == 0 || !adapt || attempt == 2 {
			return out, dir, cfg, nil
		}
		fmt.Fprintf(log, "knee demo: the load generator, not the simulated server, limited %d level(s) (client_bound); slowing the simulated clock ×3 (--time-scale %g) and sweeping again\n",
			bound, 3*cfg.TimeScale)
		_ = os.RemoveAll(dir)
		cfg.TimeScale *= 3
	}
}

func clientBoundLevels(s *sweep.Sweep) int {
	n := 0
	for _, p := range s.Points {
		if p.ClientBound {
			n++
		}
	}
	return n
}

package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/internal/drivers/harness"
	"github.com/kneetool/knee/internal/drivers/runner/local"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// executor builds what runs the sweep's levels: the Kubernetes runner, the
// built-in harness in this process, or a harness as a local process.
func (o *sweepOptions) executor(ctx context.Context, c *cobra.Command) (sweep.Executor, error) {
	stderr := o.root.stderr
	if o.plan.Runner == "kube" {
		return o.kube.executor(ctx, c, &o.plan, stderr)
	}
	if o.kube.DatasetPVC != "" {
		return nil, usagef("--dataset-pvc applies to --runner kube: the local runner reads --dataset from its path")
	}
	if o.plan.Endpoint == "" {
		return nil, inputerr.Errorf("flag", "--endpoint", 0, "give the server's URL, e.g. --endpoint http://127.0.0.1:8000")
	}
	h, _ := harness.Lookup(o.plan.Harness) // complete checked the name
	set := o.harnessSettings()
	// Refuse what the harness cannot run before a results folder exists.
	if h.Check != nil {
		if err := h.Check(o.plan, set); err != nil {
			return nil, err
		}
	}
	if h.InProcess != nil {
		return h.InProcess(set), nil
	}
	return local.New(local.Options{Harness: o.plan.Harness, Bin: o.HarnessBin, Output: stderr, Settings: set})
}

// harnessSettings are the flags a harness reads, for every runner.
func (o *sweepOptions) harnessSettings() harness.Settings {
	return harness.Settings{Workers: o.Workers, Timeout: o.Timeout, Progress: o.root.stderr, Seed: o.Seed, JSONL: o.JSONL,
		APIKey: o.secret.apiKey, User: o.secret.user}
}

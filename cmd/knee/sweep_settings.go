package main

import (
	"bytes"
	"encoding/csv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// resumeSettings are the flags that change what a sweep does beyond what
// DiffPlan compares (the ladder, endpoint, model, tokens …): plan.json
// records each one's value, and --resume takes every one not given again
// from it. A flag given again with another value overrides the stored one,
// and the store logs it (events.log "settings") and records it — except
// --seed, which picks the prompts: another seed is another measurement, so
// it is refused like --model. Flags absent from this build (the Kubernetes
// runner's) are skipped. --kubeconfig is a path on one machine and
// --api-key-env a name whose value is never stored; both are given again.
var resumeSettings = []string{
	"stop-past-knee", "keep-going", "request-timeout", "workers", "seed", "requests-jsonl", "harness-bin", "api-key-env",
	// --runner kube
	"namespace", "context", "node", "service", "image", "loadgen-node-selector", "loadgen-toleration", "loadgen-labels",
	"loadgen-cpu", "loadgen-memory", "loadgen-gpus", "hf-token-secret", "dataset-pvc", "api-key-secret", "job-deadline", "job-ttl", "pending-timeout", "keep",
	// --search, --repeats, --until-ci (sweep_search.go)
	"search", "precision", "max-levels", "max-per-gpu", "search-start", "search-confirm", "search-rungs", "search-budget", "repeats", "until-ci", "slo",
	// --rate --search (sweep_rate.go)
	"max-rate",
	// --runner kube --nodes (sweep_kube_nodes.go)
	"nodes", "node-selector",
}

// restoreSettings sets every resume setting not given on the command line
// from the stored plan (on --resume), then records the value of each in
// p.Settings.
func restoreSettings(fl *pflag.FlagSet, p *sweep.Plan, resume bool) error {
	stored := p.Settings
	now := map[string]string{}
	for _, name := range resumeSettings {
		f := fl.Lookup(name)
		if f == nil {
			continue
		}
		if v, ok := stored[name]; ok && resume && !f.Changed {
			if err := setFlagValue(f, v); err != nil {
				return inputerr.Errorf("plan.json", "settings."+name, 0, "cannot be given to --%s: %w", name, err)
			}
		}
		now[name] = flagValue(f)
	}
	p.Settings = now
	return nil
}

// flagValue is a flag's value as --flag=VALUE would set it; a list flag's
// items are written as CSV, which is how pflag reads them back.
func flagValue(f *pflag.Flag) string {
	if sv, ok := f.Value.(pflag.SliceValue); ok {
		var b bytes.Buffer
		w := csv.NewWriter(&b)
		_ = w.Write(sv.GetSlice())
		w.Flush()
		return strings.TrimSuffix(b.String(), "\n")
	}
	return f.Value.String()
}

// setFlagValue sets f to v without marking it given on the command line.
func setFlagValue(f *pflag.Flag, v string) error {
	if sv, ok := f.Value.(pflag.SliceValue); ok {
		var items []string
		if v != "" {
			rec, err := csv.NewReader(strings.NewReader(v)).Read()
			if err != nil {
				return err
			}
			items = rec
		}
		return sv.Replace(items)
	}
	return f.Value.Set(v)
}

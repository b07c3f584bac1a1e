package main

import (
	"github.com/spf13/pflag"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/sweep"
)

// workloadFlags are knee sweep's flags for what each request contains
// (every harness; inference-perf and AIPerf get them translated): length distributions, a prompt dataset, shared
// prefixes, and whether outputs may end at EOS.
type workloadFlags struct {
	InputDist, OutputDist string
	Dataset               string
	SharedPrefix          string
	IgnoreEOS             bool
}

var workloadFlagNames = []string{"input-dist", "output-dist", "dataset", "shared-prefix", "ignore-eos"}

func (f *workloadFlags) bind(fl *pflag.FlagSet) {
	fl.StringVar(&f.InputDist, "input-dist", "", "prompt length distribution in tokens: fixed:N, uniform:MIN-MAX, normal:MEAN,SD[,MAX] or file:PATH (one length a line, or input and output lengths a line) (instead of --input-tokens; every harness translates what it can express)")
	fl.StringVar(&f.OutputDist, "output-dist", "", "output length distribution (max_tokens), as --input-dist (instead of --output-tokens)")
	fl.StringVar(&f.Dataset, "dataset", "", "prompts sampled (with --seed) from a ShareGPT JSON array or a JSONL file of {\"prompt\": …, \"output_tokens\": N}")
	fl.StringVar(&f.SharedPrefix, "shared-prefix", "", "N:LEN: every prompt starts with one of N shared prefixes of LEN tokens (a system prompt), then its own text")
	fl.BoolVar(&f.IgnoreEOS, "ignore-eos", true, "send ignore_eos, so that every output runs to its length; --ignore-eos=false lets the model end outputs early and records the tokens the server reports")
}

// apply puts the workload the flags describe on p. On --resume the stored
// workload is the base and the flags given change it (store.Open then
// refuses a change); with none given it is kept as stored. Its files are
// read now, so that a bad one is exit 2 before a results folder exists,
// and a resumed dataset that changed is refused by its SHA-256.
func (f *workloadFlags) apply(fl *pflag.FlagSet, p *sweep.Plan) error {
	given := ""
	for _, name := range workloadFlagNames {
		if fl.Changed(name) && given == "" {
			given = name
		}
	}
	if given == "" && p.Workload == nil {
		return nil
	}
	if err := f.check(fl); err != nil {
		return err
	}
	w := sweep.Workload{
		Input:     sweep.LengthDist{Kind: sweep.DistFixed, Value: p.InputTokens},
		Output:    sweep.LengthDist{Kind: sweep.DistFixed, Value: p.OutputTokens},
		IgnoreEOS: true,
	}
	if p.Workload != nil {
		w = *p.Workload
	}
	if err := f.applyLengths(fl, p, &w); err != nil {
		return err
	}
	if err := f.applyContent(fl, &w); err != nil {
		return err
	}
	prepared, err := builtin.PrepareWorkload(w)
	if err != nil {
		return err
	}
	if fl.Changed("output-dist") && prepared.Spec().Input.Paired {
		return usagef("--input-dist file:%s has two columns, which give the output lengths too: leave out --output-dist", w.Input.File)
	}
	spec := prepared.Spec()
	p.InputTokens, p.OutputTokens = prepared.MeanLengths()
	if spec.Default() {
		p.Workload = nil
		return nil
	}
	p.Workload = spec
	return nil
}

// check refuses a distribution given with the fixed length it replaces.
// Every harness
// sends a workload: what one cannot express its registry check refuses,
// naming the flag and the harness.
func (f *workloadFlags) check(fl *pflag.FlagSet) error {
	for _, c := range [][2]string{{"input-dist", "input-tokens"}, {"output-dist", "output-tokens"}} {
		if fl.Changed(c[0]) && fl.Changed(c[1]) {
			return usagef("give --%s or --%s, not both: --%s fixed:N is --%s N", c[0], c[1], c[0], c[1])
		}
	}
	return nil
}

// applyLengths sets w's input and output lengths from the flags given: a
// distribution, or the fixed length --input-tokens/--output-tokens gave.
// A new input distribution drops output lengths paired with the old one.
func (f *workloadFlags) applyLengths(fl *pflag.FlagSet, p *sweep.Plan, w *sweep.Workload) error {
	var err error
	if fl.Changed("input-dist") {
		if w.Input, err = sweep.ParseLengthDist("--input-dist", f.InputDist); err != nil {
			return err
		}
		if w.Output.Paired {
			w.Output = sweep.LengthDist{Kind: sweep.DistFixed, Value: p.OutputTokens}
		}
	} else if fl.Changed("input-tokens") {
		w.Input = sweep.LengthDist{Kind: sweep.DistFixed, Value: p.InputTokens}
	}
	if fl.Changed("output-dist") {
		if w.Output, err = sweep.ParseLengthDist("--output-dist", f.OutputDist); err != nil {
			return err
		}
	} else if fl.Changed("output-tokens") {
		w.Output = sweep.LengthDist{Kind: sweep.DistFixed, Value: p.OutputTokens}
	}
	return nil
}

// applyContent sets w's dataset, shared prefixes and EOS handling from the
// flags given; an empty value removes a stored one.
func (f *workloadFlags) applyContent(fl *pflag.FlagSet, w *sweep.Workload) error {
	if fl.Changed("dataset") {
		w.Dataset = nil
		if f.Dataset != "" {
			w.Dataset = &sweep.DataFile{File: f.Dataset}
		}
	}
	if fl.Changed("shared-prefix") {
		w.SharedPrefix = nil
		if f.SharedPrefix != "" {
			var err error
			if w.SharedPrefix, err = sweep.ParseSharedPrefix(f.SharedPrefix); err != nil {
				return err
			}
		}
	}
	if fl.Changed("ignore-eos") {
		w.IgnoreEOS = f.IgnoreEOS
	}
	return nil
}

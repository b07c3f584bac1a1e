package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report"
)

// baselineOptions is `knee baseline`: inputs, analysis thresholds, floor
// policy and the overlay to compare with or write.
type baselineOptions struct {
	root    *rootOptions
	inputs  inputFlags
	knee    knee.Options
	policy  baseline.Policy
	overlay string
	// overlays is a recipes/overlays folder: one overlay per leaf (--overlays).
	overlays string
	write    bool
	// allowMismatch lets --write patch an overlay of another accelerator,
	// model or GPU count (--allow-target-mismatch).
	allowMismatch bool
	format        string
	args          []string
}

func newBaselineCmd(root *rootOptions) *cobra.Command {
	o := &baselineOptions{root: root, knee: knee.DefaultOptions(), policy: baseline.DefaultPolicy()}
	o.inputs.analysis = &o.knee
	cmd := &cobra.Command{
		Use:   "baseline INPUT…",
		Short: "Propose concurrency and regression floors from a sweep, or refuse with reasons (exit 3)",
		Long: `baseline picks the level the knee analysis recommends (or --at PER_GPU) and proposes the
aicr constraints inference-concurrency-per-gpu, inference-throughput ">= N" (whole node,
output tok/s) and inference-ttft-p99 "<= N" (ms), plus a per-GPU throughput floor.

Policy: throughput floor = measured × (1 − headroom), rounded down to --sig-figs significant
figures; with repeats of the level, measured is the lower end of the --floor-confidence
interval of the mean (Student t). TTFT ceiling = max(--ttft-ceiling-ms, measured p99 ×
--ttft-multiplier), rounded up. Every number says how it was derived.

It refuses (exit 3, every reason listed with the next run that fixes it) when the level is
past the knee, invalid, unverified (unless --accept-unverified), or nothing is recommended.

--overlay FILE compares an aicr overlay's current values with the proposal and the
measurements; --write edits it in place: only the three constraints and the knee comment
block change, every other byte stays. A refusal never touches the file.`,
		Example: `  knee baseline fixtures/aicr/gb300-eks.csv fixtures/aicr/gb300-eks-simulated-64.csv
  knee baseline gb300.csv --at 256 -o json
  knee baseline gb300.csv --overlay recipes/overlays/gb300-eks-ubuntu-inference-dynamo.yaml --write
  knee baseline --overlays recipes/overlays gb300.csv fixtures/aicr/gb200-eks.csv fixtures/aicr/h100-eks.csv`,
		Args: cobra.MinimumNArgs(1),
		RunE: completeValidateRun(o),
	}
	o.inputs.bind(cmd)
	bindAnalysisFlags(cmd.Flags(), &o.knee)
	bindPolicyFlags(cmd.Flags(), &o.policy)
	cmd.Flags().StringVar(&o.overlay, "overlay", "", "aicr overlay (recipes/overlays/<leaf>.yaml) to compare with the proposal")
	cmd.Flags().StringVar(&o.overlays, "overlays", "", "aicr recipes/overlays folder: baseline every RUN's leaf against DIR/<leaf>.yaml, one summary for the PR")
	cmd.Flags().BoolVar(&o.write, "write", false, "edit --overlay (or every proposed leaf's overlay with --overlays) in place with the proposed constraints (never on a refusal)")
	cmd.Flags().BoolVar(&o.allowMismatch, "allow-target-mismatch", false, "let --write patch an overlay whose accelerator, model, GPU count or leaf (service, os, intent, platform) differs from the sweep's (refused with target_mismatch otherwise)")
	return cmd
}

func (o *baselineOptions) Complete(args []string) error {
	o.args = args
	f, err := chooseReadable(o.root, report.RecommendationEncoders)
	o.format = f
	return err
}

func (o *baselineOptions) Validate() error {
	if o.overlays != "" && o.root.Output == "" {
		// The catalog's summary is made for a PR: markdown even on a terminal.
		o.format = string(report.CatalogEncoders.Default())
	}
	switch {
	case o.overlays != "" && o.overlay != "":
		return usagef("--overlay and --overlays: give one overlay FILE or the folder of them, not both")
	case o.overlays != "" && o.policy.At != 0:
		return usagef("--at: one level for every leaf of a catalog makes no sense; baseline the leaf alone with --overlay")
	case o.overlays != "" && !report.CatalogEncoders.Has(output.Format(o.format)):
		return usagef("-o %s is not supported with --overlays; use %s", o.format, strings.Join(report.CatalogEncoders.Names(), " or "))
	case o.allowMismatch && !o.write:
		return usagef("--allow-target-mismatch: only means something with --write")
	case o.write && o.overlay == "" && o.overlays == "":
		return usagef("--write: needs --overlay FILE (the overlay to edit) or --overlays DIR")
	}
	if err := o.policy.Validate(); err != nil {
		return err
	}
	return o.knee.Validate()
}

func (o *baselineOptions) Run() error {
	if o.overlays != "" {
		return o.runCatalog()
	}
	s, err := o.inputs.load(o.args)
	if err != nil {
		return err
	}
	printReadNotes(o.root.stderr, s)
	rec, err := baseline.Run(s, baseline.Request{Knee: o.knee, Policy: o.policy, Overlay: o.overlay, Write: o.write, AllowTargetMismatch: o.allowMismatch, Context: o.root.context(), Comment: report.CommentLines})
	if err != nil {
		return flagError(err)
	}
	if err := report.RenderRecommendation(o.root.stdout, rec, o.format); err != nil {
		return err
	}
	if output.Format(o.format).ForMachines() {
		// YAML and JSON usually go to a file or a pipe: warnings (SIMULATED,
		// UNVERIFIED, noise) must still reach the person who ran the command.
		for _, w := range rec.Warnings {
			fmt.Fprintf(o.root.stderr, "knee: warning: %s\n", w)
		}
	}
	if rec.Status == baseline.StatusRefused {
		return &refusedError{msg: refusalSummary(rec)}
	}
	return nil
}

// refusalSummary is the one line printed to stderr with exit code 3.
func refusalSummary(rec *baseline.Recommendation) string {
	var rs []string
	for _, r := range rec.Refusals {
		rs = append(rs, string(r.Reason))
	}
	at := "the sweep"
	if rec.AtPerGPU != nil {
		at = fmt.Sprintf("%g/GPU", *rec.AtPerGPU)
	}
	return fmt.Sprintf("baseline refused at %s: %s", at, strings.Join(rs, ", "))
}

package main

import (
	"github.com/spf13/cobra"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report"
)

// compareOptions is `knee compare`: every input is its own sweep.
type compareOptions struct {
	root   *rootOptions
	inputs inputFlags
	knee   knee.Options
	format string
	args   []string
}

func newCompareCmd(root *rootOptions) *cobra.Command {
	o := &compareOptions{root: root, knee: knee.DefaultOptions()}
	cmd := &cobra.Command{
		Use:   "compare INPUT…",
		Short: "One row per sweep: recommended level, tok/s per node and per GPU, TTFT p99, knee",
		Long: `compare analyses every input as its own sweep (a file or results folder each) and lines
them up: accelerator, leaf, GPUs, the recommended level (or the candidate, marked
unverified), throughput there for the node and per GPU, TTFT p99, and the knee.
Metadata flags (--gpus --accelerator --leaf --model) apply to every input.`,
		Example: `  knee compare fixtures/aicr/gb300-eks.csv fixtures/aicr/gb200-eks.csv fixtures/aicr/h100-eks.csv -o markdown`,
		Args:    cobra.MinimumNArgs(1),
		RunE:    completeValidateRun(o),
	}
	o.inputs.bind(cmd)
	bindAnalysisFlags(cmd.Flags(), &o.knee)
	return cmd
}

func (o *compareOptions) Complete(args []string) error {
	o.args = args
	f, err := chooseFormat(o.root, report.ComparisonEncoders)
	o.format = f
	return err
}

func (o *compareOptions) Validate() error { return o.knee.Validate() }

func (o *compareOptions) Run() error {
	sweeps, err := o.inputs.loadEach(o.args)
	if err != nil {
		return err
	}
	c, err := baseline.CompareContext(o.root.context(), sweeps, o.knee)
	if err != nil {
		return err
	}
	return report.RenderComparison(o.root.stdout, c, o.format)
}

package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report/plot"
)

// plotOptions is `knee plot`: draw a sweep and its knee to a PNG or SVG.
type plotOptions struct {
	root     *rootOptions
	inputs   inputFlags
	analysis knee.Options
	policy   baseline.Policy
	floors   bool
	values   bool
	args     []string
	path     string
}

func newPlotCmd(root *rootOptions) *cobra.Command {
	o := &plotOptions{root: root, analysis: knee.DefaultOptions(), policy: baseline.DefaultPolicy()}
	cmd := &cobra.Command{
		Use:   "plot INPUT... -o FILE.png|FILE.svg",
		Short: "Draw throughput and TTFT against concurrency, with the knee and the verdicts",
		Long: `Draw the sweep: throughput (top) and TTFT p99 (bottom, log scale) against concurrency
per GPU on a log2 axis. Every measured level is marked by its verdict (green circle below
the knee, blue ring unverified, orange triangle at the knee, red square past it, grey
cross invalid), with the fitted curves, the knee interval shaded and the recommended
level as a dashed green line. Repeats show as small grey dots. The title names the
accelerator, model, leaf and GPU count, then the knee and the recommended level as knee
find reports them. Without a GPU count the axis is requests in flight on the node.

--floors draws the throughput floor and TTFT ceiling that knee baseline would propose
with the same policy flags (nothing when it refuses, and it says why); --values labels
every level with its measured tok/s and TTFT.

-o names the output file; its extension (.png or .svg) picks the format. The analysis
flags are those of knee find.`,
		Example: `  knee plot fixtures/aicr/gb300-eks.csv -o gb300.png
  knee plot results/ -o sweep.svg
  knee plot fixtures/testbed/h200-cbserve-0.6b --floors --values -o h200.png`,
		Args: cobra.ArbitraryArgs,
		RunE: completeValidateRun(o),
	}
	o.inputs.bind(cmd)
	bindAnalysisFlags(cmd.Flags(), &o.analysis)
	bindPolicyFlags(cmd.Flags(), &o.policy)
	cmd.Flags().BoolVar(&o.floors, "floors", false, "draw the floor and ceiling knee baseline would propose (policy flags as in knee baseline)")
	cmd.Flags().BoolVar(&o.values, "values", false, "label every level with its measured tok/s and TTFT")
	return cmd
}

func (o *plotOptions) Complete(args []string) error {
	o.args = args
	o.path = o.root.Output
	return nil
}

func (o *plotOptions) Validate() error {
	if len(o.args) == 0 {
		return needInputs("plot")
	}
	if o.path == "" {
		return usagef("knee plot needs -o FILE.png or -o FILE.svg")
	}
	if ext := strings.ToLower(filepath.Ext(o.path)); ext != ".png" && ext != ".svg" {
		return usagef("-o %s: the chart format comes from the extension; use .png or .svg", o.path)
	}
	if err := o.policy.Validate(); err != nil {
		return err
	}
	return o.analysis.Validate()
}

func (o *plotOptions) Run() error {
	s, r, err := o.inputs.analyse(o.root, o.args, o.analysis)
	if err != nil {
		return err
	}
	popts := plot.Options{Values: o.values}
	if o.floors {
		rec, err := baseline.Propose(s, r, o.policy)
		if err != nil {
			return err
		}
		if rec.Status == baseline.StatusProposed && rec.Floors != nil {
			popts.ThroughputFloor = &rec.Floors.ThroughputTokS
			if rec.Floors.TTFTP99Ms > 0 { // none is proposed for a sweep that measured no TTFT
				popts.TTFTCeiling = &rec.Floors.TTFTP99Ms
			}
		} else {
			fmt.Fprintf(o.root.stderr, "knee: no floors drawn: %s\n", refusalSummary(rec))
		}
	}
	if err := plot.Write(o.path, s, r, popts); err != nil {
		return err
	}
	fmt.Fprintf(o.root.stdout, "wrote %s (knee %s)\n", o.path, r.Knee.Status)
	return nil
}

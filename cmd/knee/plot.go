package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/knee/plot"
)

func init() { commands = append(commands, newPlotCmd) }

// plotOptions is `knee plot`: draw a sweep and its knee to a PNG or SVG.
type plotOptions struct {
	root     *rootOptions
	inputs   inputFlags
	analysis knee.Options
	args     []string
	path     string
}

func newPlotCmd(root *rootOptions) *cobra.Command {
	o := &plotOptions{root: root, analysis: knee.DefaultOptions()}
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

-o names the output file; its extension (.png or .svg) picks the format. The analysis
flags are those of knee find.`,
		Example: `  knee plot fixtures/aicr/gb300-eks.csv -o gb300.png
  knee plot results/ -o sweep.svg`,
		Args: cobra.ArbitraryArgs,
		RunE: completeValidateRun(o),
	}
	o.inputs.bind(cmd)
	o.analysis.BindFlags(cmd.Flags())
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
	return o.analysis.Validate()
}

func (o *plotOptions) Run() error {
	s, err := o.inputs.load(o.args)
	if err != nil {
		return err
	}
	r, err := knee.FindContext(o.root.context(), s, o.analysis)
	if err != nil {
		return err
	}
	if err := plot.Write(o.path, s, r, plot.Options{}); err != nil {
		return err
	}
	fmt.Fprintf(o.root.stdout, "wrote %s (knee %s)\n", o.path, r.Knee.Status)
	return nil
}

package main

import (
	"github.com/spf13/cobra"

	"github.com/kneetool/knee/knee"
)

func init() { commands = append(commands, newFindCmd) }

// findOptions is `knee find`: locate the knee of a sweep and judge each level.
type findOptions struct {
	root     *rootOptions
	inputs   inputFlags
	analysis knee.Options
	args     []string
	output   string
}

func newFindCmd(root *rootOptions) *cobra.Command {
	o := &findOptions{root: root, analysis: knee.DefaultOptions()}
	cmd := &cobra.Command{
		Use:   "find INPUT...",
		Short: "Locate the concurrency knee and give every measured level a verdict",
		Long: `Locate the knee of a sweep: the concurrency per GPU where throughput stops growing
and TTFT starts to climb. Every level gets a verdict (sub_knee, at_knee, past_knee,
unverified, invalid) with reasons; the knee gets an interval and a status (located,
bracketed, not_reached, below_range, insufficient_points, disagreement).

The knee is the lowest concurrency N where the marginal throughput gain dX/dN falls
below --gain-fraction (1/4) of the low-load gain: for a sharp roofline that is its
corner, for smooth (Amdahl) saturation the point N* where the low-load line meets the
ceiling. From --min-fit-levels (5) valid levels it is fitted (linear, Amdahl, roofline
and Universal Scalability Law curves, chosen by AICc) with a seeded bootstrap interval;
with fewer it is bracketed between measured levels: the first segment whose measured
gain is below 1/4 of the origin secant X_1/N_1 is past the knee, levels reached with
gains of at least 1/2 of it are below it. For rate-based sweeps the knee lies where
the achieved request rate stops following the requested one. A cliff (throughput more
than --cliff-drop below the best lower level, or TTFT rising more than --little-factor
times Little's-law prediction) is past the knee; a TTFT rise of --ttft-rise times is
at the knee at best.

recommended_per_gpu is the largest valid level verified below the knee; the lowest
level is unverified because nothing below it shows the system still scaling.
The command exits 0 even when nothing can be recommended (baseline refuses).`,
		Example: `  knee find fixtures/aicr/gb300-eks.csv
  knee find gb300.md --gpus 4 -o json
  knee find results/ --gain-fraction 0.4 -o markdown`,
		Args: cobra.ArbitraryArgs,
		RunE: completeValidateRun(o),
	}
	o.inputs.bind(cmd)
	o.analysis.BindFlags(cmd.Flags())
	return cmd
}

func (o *findOptions) Complete(args []string) error {
	o.args = args
	out, err := o.root.checkOutput("table", "table", "markdown", "json")
	o.output = out
	return err
}

func (o *findOptions) Validate() error {
	if len(o.args) == 0 {
		return needInputs("find")
	}
	return o.analysis.Validate()
}

func (o *findOptions) Run() error {
	s, err := o.inputs.load(o.args)
	if err != nil {
		return err
	}
	r, err := knee.Find(s, o.analysis)
	if err != nil {
		return err
	}
	if o.output == "json" {
		return writeJSON(o.root.stdout, r)
	}
	return knee.Render(o.root.stdout, r, o.output)
}

package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report"
	"github.com/kneetool/knee/report/plot"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/run"
)

type demoOptions struct {
	root         *rootOptions
	Out, Plot    string
	StopPastKnee bool
	TimeScale    float64
	// md: markdown (-o markdown, or stdout is a file or a pipe), else
	// aligned tables for a terminal (-o table, or stdout is one).
	md bool
}

func newDemoCmd(root *rootOptions) *cobra.Command {
	o := &demoOptions{root: root}
	c := &cobra.Command{
		Use:   "demo",
		Short: "The whole flow on a built-in simulated GB300-like server: sweep, find, baseline, plot",
		Long: `demo starts a simulated OpenAI-compatible server in-process (4 "GPUs", GB300-like:
throughput grows to a knee between 128 and 256 requests per GPU, then collapses, as the
Dynamo frontend did on GB300 in aicr #2385), sweeps it with the built-in harness into a
results folder, and prints what knee find and knee baseline say, and writes the plot:
tables on a terminal, markdown with Mermaid charts into a file or a pipe (-o picks). No GPU, no cluster, no Python. Every point is marked simulated.`,
		Args: cobra.NoArgs,
		RunE: completeValidateRun(o),
	}
	c.Flags().StringVar(&o.Out, "out", "", "results folder (default: a new temp folder, kept)")
	c.Flags().StringVar(&o.Plot, "plot", "knee-demo.png", "write the chart here (.png or .svg); empty for none")
	c.Flags().Float64Var(&o.TimeScale, "time-scale", 0, "slow the simulated server's clock by this factor (default: the preset's); raise it when the machine is busy, so CPU contention does not distort the simulation")
	c.Flags().BoolVar(&o.StopPastKnee, "stop-past-knee", true, "stop the climb once a level is clearly past the knee")
	return c
}

// simulatedExec marks every point it returns as simulated, so that no
// analysis downstream mistakes the demo for a measurement.
type simulatedExec struct {
	sweep.Executor
	note string
}

func (e simulatedExec) RunLevel(ctx context.Context, p sweep.Plan, l sweep.Level) (*sweep.LevelResult, error) {
	res, err := e.Executor.RunLevel(ctx, p, l)
	if res != nil {
		for i := range res.Points {
			res.Points[i].Simulated = true
			res.Points[i].Note = e.note
		}
	}
	return res, err
}

func (o *demoOptions) Complete([]string) error {
	def := output.Markdown
	if o.root.Output == "" && onTerminal(o.root.stdout) {
		def = output.Table
	}
	f, err := o.root.checkOutput(string(def), outputFormats["demo"]...)
	o.md = f == string(output.Markdown)
	return err
}

func (o *demoOptions) Validate() error {
	if o.TimeScale < 0 {
		return usagef("--time-scale must be positive, got %g", o.TimeScale)
	}
	return nil
}

func (o *demoOptions) Run() error {
	ctx := o.root.context()
	w, errw := o.root.stdout, o.root.stderr
	cfg := simserver.GB300Like()
	if o.TimeScale > 0 {
		cfg.TimeScale = o.TimeScale
	}
	kopts := knee.DefaultOptions()
	// On a busy machine the load generator, not the simulated server, can be
	// the bottleneck (client_bound): the demo then slows the simulation's
	// clock and sweeps again, at most twice, unless the user chose the clock
	// or the results folder.
	adapt := o.TimeScale == 0 && o.Out == ""
	out, dir, cfg, err := sweepUntilClientFree(cfg, adapt, errw, func(c simserver.Config) (*run.Outcome, string, error) { return o.sweep(ctx, c, kopts) })
	if err != nil {
		return err
	}
	res, err := knee.Find(out.Sweep, kopts)
	if err != nil {
		return err
	}
	format := output.Table
	if o.md {
		format = output.Markdown
	}
	demoIntro(w, out, cfg, adapt, o.md)
	fmt.Fprintln(w, heading(o.md, 2, "knee find"))
	fmt.Fprintln(w)
	if err := report.FindEncoders.Encode(w, format, res); err != nil {
		return err
	}
	// Every demo point is simulated, which baseline refuses by default; the
	// demo shows the method end to end, floors included, marked SIMULATED.
	policy := baseline.DefaultPolicy()
	policy.AllowSimulated = true
	rec, err := baseline.Propose(out.Sweep, res, policy)
	if err != nil {
		return err
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, heading(o.md, 2, "knee baseline"))
	fmt.Fprintln(w)
	if err := report.RecommendationEncoders.Encode(w, format, rec); err != nil {
		return err
	}
	if err := o.writePlot(out, res, rec); err != nil {
		return err
	}
	if rec.Simulated {
		fmt.Fprintf(w, "\nThese floors come from simulated numbers (the demo passes --allow-simulated): they show the method. On real measurements %s derives them the same way, and without that flag it refuses simulated levels.\n", code(o.md, "knee baseline"))
	}
	abs, _ := filepath.Abs(dir)
	fmt.Fprintf(w, "\nResults folder: %s (try %s).", code(o.md, abs), code(o.md, "knee find "+abs))
	if o.Plot != "" {
		fmt.Fprintf(w, " Plot: %s.", code(o.md, o.Plot))
	}
	fmt.Fprintln(w)
	return nil
}

// demoIntro says what was simulated and how the sweep went: a slowed
// clock, an early stop, levels the load generator limited.
func demoIntro(w io.Writer, out *run.Outcome, cfg simserver.Config, adapt, md bool) {
	fmt.Fprintf(w, "%s\n\n", heading(md, 1, fmt.Sprintf("knee demo (simulated GB300-like server, %d GPUs)", cfg.GPUs)))
	if base := simserver.GB300Like().TimeScale; adapt && cfg.TimeScale != base {
		fmt.Fprintf(w, "The simulated clock runs ×%g slower than the preset's: at the faster clock the load generator, not the server, limited some levels on this machine.\n\n", cfg.TimeScale/base)
	}
	if out.PastKnee {
		fmt.Fprintf(w, "The sweep stopped early: %s.\n\n", out.StoppedEarly)
	}
	for _, p := range out.Sweep.Points {
		if p.ClientBound {
			quote := "> "
			if !md {
				quote = ""
			}
			fmt.Fprintf(w, "%sThe load generator, not the simulated server, limited some levels (client_bound): the machine is busy (other processes held the CPUs) or too small for the simulation's clock. Rerun when it is idle, or with a slower clock, e.g. %s.\n\n", quote, code(md, fmt.Sprintf("knee demo --time-scale %g", 3*cfg.TimeScale)))
			return
		}
	}
}

// heading is a markdown heading of level n, or on a terminal the words
// underlined, which read as a heading without markup.
func heading(md bool, n int, s string) string {
	if md {
		return strings.Repeat("#", n) + " " + s
	}
	under := "="
	if n > 1 {
		under = "-"
	}
	return s + "\n" + strings.Repeat(under, utf8.RuneCountInString(s))
}

// code marks a command or path as code in markdown; a terminal shows it bare.
func code(md bool, s string) string {
	if md {
		return "`" + s + "`"
	}
	return s
}

// writePlot draws the chart with the proposed floors, when --plot asks.
func (o *demoOptions) writePlot(out *run.Outcome, res *knee.Result, rec *baseline.Recommendation) error {
	if o.Plot == "" {
		return nil
	}
	var popts plot.Options
	if rec.Floors != nil {
		popts.ThroughputFloor = &rec.Floors.ThroughputTokS
		popts.TTFTCeiling = &rec.Floors.TTFTP99Ms
	}
	return plot.Write(o.Plot, out.Sweep, res, popts)
}

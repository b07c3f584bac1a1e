package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/knee/pareto"
	"github.com/kneetool/knee/report"
	"github.com/kneetool/knee/report/plot"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

// paretoOptions is `knee pareto`: one sweep per configuration, read as
// points of throughput per GPU against speed per user, and the frontier.
type paretoOptions struct {
	root   *rootOptions
	inputs inputFlags
	knee   knee.Options
	price  float64
	format string
	chart  string
	args   []string
}

func newParetoCmd(root *rootOptions) *cobra.Command {
	o := &paretoOptions{root: root, knee: knee.DefaultOptions()}
	cmd := &cobra.Command{
		Use:   "pareto [NAME=]RUN…",
		Short: "The Pareto frontier of throughput per GPU against tokens per second per user across configurations",
		Long: `pareto reads every RUN as one serving configuration (an engine setting, a parallelism,
an accelerator, a model variant) of one model and workload, named NAME or by its leaf,
else by its file or folder name. Every level is a point: throughput per GPU, and one
user's speed, output tokens ÷ (E2E − TTFT), else 1000 ÷ ITL p50. The frontier is the
points no other point beats on both; the table says for each level whether it is on it
or how far short it falls (1 − its tok/s/GPU ÷ the best frontier point at the same or a
higher speed per user). A frontier point past its configuration's knee is marked:
choosing it means running past the knee.

With --slo, the configuration and level with the most throughput per GPU that meets
every SLO at or below its configuration's SLO edge (every valid level up to it meets them); with GPU telemetry (knee sweep --telemetry), a second frontier on tokens per
joule; with --gpu-hour-price (or prices recorded by knee sweep), the cheapest level per
million output tokens (that meets the SLOs). Sweeps of different models or workloads
are refused (exit 2).

-o table|markdown|json|yaml, or -o FILE.png|FILE.svg for a chart with one curve per
configuration and the frontier drawn; markdown carries a Mermaid chart.`,
		Example: `  knee pareto cap4=fixtures/simulated-pareto/cap4.json cap8=fixtures/simulated-pareto/cap8.json cap16=fixtures/simulated-pareto/cap16.json -o markdown
  knee pareto fixtures/simulated-pareto/cap8.json fixtures/simulated-pareto/cap16.json --slo ttft_p99=9ms --gpu-hour-price 3.5
  knee pareto fixtures/simulated-pareto/cap8.json fixtures/simulated-pareto/cap16.json -o frontier.png`,
		Args: cobra.ArbitraryArgs,
		RunE: completeValidateRun(o),
	}
	o.inputs.bind(cmd)
	bindAnalysisFlags(cmd.Flags(), &o.knee)
	cmd.Flags().Float64Var(&o.price, "gpu-hour-price", 0, "price of one GPU hour in USD: dollars per million output tokens at every level, and the cheapest")
	return cmd
}

func (o *paretoOptions) Complete(args []string) error {
	o.args = args
	if ext := strings.ToLower(filepath.Ext(o.root.Output)); ext == ".png" || ext == ".svg" {
		o.chart = o.root.Output
		return nil
	}
	f, err := o.root.checkOutput(string(report.ParetoEncoders.Default()), outputFormats["pareto"]...)
	o.format = f
	return err
}

func (o *paretoOptions) Validate() error {
	if len(o.args) == 0 {
		return needInputs("pareto")
	}
	if o.price < 0 || math.IsNaN(o.price) || math.IsInf(o.price, 0) {
		return usagef("--gpu-hour-price must be a finite price in USD, not negative, got %g", o.price)
	}
	return o.knee.Validate()
}

func (o *paretoOptions) Run() error {
	ins, err := o.load()
	if err != nil {
		return err
	}
	r, err := pareto.Analyze(o.root.context(), ins, pareto.Options{Knee: o.knee, USDPerGPUHour: o.price})
	if err != nil {
		return err
	}
	if o.chart != "" {
		if err := plot.WritePareto(o.chart, r); err != nil {
			return err
		}
		fmt.Fprintf(o.root.stdout, "wrote %s (%d points on the frontier)\n", o.chart, len(r.Frontier))
		return nil
	}
	return report.RenderPareto(o.root.stdout, r, o.format)
}

// load reads each [NAME=]RUN as its own sweep and names it.
func (o *paretoOptions) load() ([]pareto.Input, error) {
	opts, err := o.inputs.options()
	if err != nil {
		return nil, err
	}
	var ins []pareto.Input
	seen := map[string]int{}
	for _, a := range o.args {
		name, path := splitNamed(a)
		s, err := read.File(path, opts)
		if err != nil {
			return nil, err
		}
		if name == "" {
			name = defaultConfigName(s, path)
		}
		if seen[name]++; seen[name] > 1 {
			name = fmt.Sprintf("%s#%d", name, seen[name])
		}
		ins = append(ins, pareto.Input{Name: name, Sweep: s, Arg: path})
	}
	return ins, nil
}

// splitNamed reads NAME=RUN; an argument that is an existing path is a RUN
// whatever it contains.
func splitNamed(a string) (name, path string) {
	if _, err := os.Stat(a); err == nil {
		return "", a
	}
	if i := strings.Index(a, "="); i > 0 {
		return a[:i], a[i+1:]
	}
	return "", a
}

// defaultConfigName is the sweep's leaf, else its file or folder name.
func defaultConfigName(s *sweep.Sweep, path string) string {
	if s.Leaf != "" {
		return s.Leaf
	}
	base := filepath.Base(filepath.Clean(path))
	if base == "sweep.json" {
		base = filepath.Base(filepath.Dir(filepath.Clean(path)))
	}
	return strings.TrimSuffix(base, filepath.Ext(base))
}

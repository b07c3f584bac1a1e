package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report"
	"github.com/kneetool/knee/sweep"
)

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
	o.inputs.analysis = &o.analysis
	cmd := &cobra.Command{
		Use:   "find INPUT...",
		Short: "Locate the concurrency knee and give every measured level a verdict",
		Long: `Locate the knee of a sweep: the concurrency per GPU where throughput stops growing
and TTFT starts to climb. Every level gets a verdict (sub_knee, at_knee, past_knee,
unverified, invalid) with reasons; the knee gets an interval and a status
(` + statusList() + `).

The knee is the over-saturation point: where throughput stops growing with load and
added requests only queue. A level is flat when, against a lower level at least one
resolvable step below it, less than --elasticity (1/3) of the relative load increase
became throughput, ln(X_i/X_h) / ln(N_i/N_h) ≤ 1/3 (by Little's law the rest became
waiting time), or when throughput fell beyond --noise. The levels past the knee are
the run of flat levels at the top of the sweep; the operating point (recommended) is
the highest valid level below them, and the knee lies between the two. From
--min-fit-levels (5) valid levels, curves (linear, Amdahl, roofline, Universal
Scalability Law) are fitted with gonum and chosen by AICc to estimate the knee inside
that bracket, with a seeded bootstrap interval. For rate-based sweeps the knee lies
where the achieved request rate stops following the requested one. A cliff
(throughput more than --cliff-drop below the best lower level, or TTFT rising more
than --little-factor times Little's-law prediction) is past the knee.

TTFT growing while throughput still grows is batch growth, not a knee: the policy is
throughput-primary, as aicr's is. --ttft-slo-ms caps the recommendation at the
highest level within it; without it, an operating point whose TTFT is past
--ttft-ceiling-ms while a lower level's is within it is reported as a disagreement
with both points. --slo (ttft_p99=2s,itl_p99=50ms,tpot_p50=…,e2e_p95=…) states latency
SLOs: each level's SLOs and goodput are given, the recommendation is the highest
valid level below the knee within all of them, and the output says which binds
(slo or knee); --ttft-slo-ms X is --slo ttft_p99=Xms.

recommended_per_gpu is the operating point when it is verified: the lowest level is
verified by throughput still growing above it (or by --trusted-per-gpu).
The command exits 0 even when nothing can be recommended (baseline refuses).`,
		Example: `  knee find fixtures/aicr/gb300-eks.csv
  knee find gb300.md --gpus 4 -o json
  knee find results/ --ttft-slo-ms 2000 -o markdown
  knee find fixtures/testbed/h200-cbserve-0.6b --slo ttft_p99=500ms,tpot_p50=120ms`,
		Args: cobra.ArbitraryArgs,
		RunE: completeValidateRun(o),
	}
	o.inputs.bind(cmd)
	bindAnalysisFlags(cmd.Flags(), &o.analysis)
	cmd.Flags().Float64Var(&o.analysis.TTFTCeilingMs, "ttft-ceiling-ms", o.analysis.TTFTCeilingMs, "catalog TTFT ceiling in ms: an operating point past it is reported as a disagreement (baseline takes the same flag)")
	return cmd
}

func (o *findOptions) Complete(args []string) error {
	o.args = args
	out, err := chooseFormat(o.root, report.FindEncoders)
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
	_, r, err := o.inputs.analyse(o.root, o.args, o.analysis)
	if err != nil {
		return o.runCurves(err)
	}
	return report.FindEncoders.Encode(o.root.stdout, output.Format(o.output), r)
}

// runCurves answers every curve of an input whose curves give different
// answers (a table comparing engines or configurations), instead of
// refusing it; any other error err stands.
func (o *findOptions) runCurves(err error) error {
	curves, unread, ok := o.inputs.eachCurve(o.args, err)
	if !ok {
		return err
	}
	// What the readings share (the columns read, the columns left) is
	// said once; the curves set aside are named in the output.
	kept, _ := baseline.Answerable(curves)
	printReadNotes(o.root.stderr, &sweep.Sweep{Notes: distinctNotes(kept)})
	c, cerr := baseline.CurvesContext(o.root.context(), err.Error(), curves, o.analysis)
	if cerr != nil {
		return cerr
	}
	if len(c.Curves) == 0 {
		return err
	}
	c.SetAside = append(unread, c.SetAside...)
	return report.CurvesEncoders.Encode(o.root.stdout, output.Format(o.output), c)
}

// statusList names every knee status the analysis gives, from knee.Statuses.
func statusList() string {
	names := make([]string, len(knee.Statuses))
	for i, s := range knee.Statuses {
		names[i] = string(s)
	}
	return strings.Join(names, ", ")
}

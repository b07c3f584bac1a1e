package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/baseline/overlay"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

// diffOptions is `knee diff OLD NEW` (or `knee diff --overlay FILE NEW`).
type diffOptions struct {
	root    *rootOptions
	inputs  inputFlags
	knee    knee.Options
	diff    baseline.DiffOptions
	overlay string
	format  string
	sides   [][]string
}

// regressionError is exit 1 after the diff was printed: a CI gate fails.
type regressionError struct {
	n       int
	overlay bool
}

func (e *regressionError) Error() string {
	if e.overlay {
		return fmt.Sprintf("%d row(s) regressed: NEW fails the overlay's gates", e.n)
	}
	return fmt.Sprintf("%d row(s) regressed beyond the threshold", e.n)
}

func newDiffCmd(root *rootOptions) *cobra.Command {
	o := &diffOptions{root: root, knee: knee.DefaultOptions(), diff: baseline.DefaultDiffOptions()}
	cmd := &cobra.Command{
		Use:   "diff OLD NEW | diff --overlay FILE NEW",
		Short: "Regression gate: NEW against OLD (or an overlay's floors) per level, at the operating point and the knee, with a verdict",
		Long: `diff compares two sweeps of the same target, metric by metric: throughput, TTFT and ITL
p50/p99 at every level both measured, each side's operating point, and the knee. Each
side is any input the analysis commands take; several inputs of one side (repeats) are
given comma-separated, e.g. run-1,run-2,run-3. Repeats give a t interval on the
difference of the means (Welch's when both sides repeat); a single run each side gives
no interval and is judged on the change alone.

Every row gets a verdict, as benchstat's: regressed, improved, no change (the interval
holds 0, or the change is under --threshold), or not comparable (accelerator, model, GPU
count or workload differ: refused, never compared). With --overlay FILE, NEW is judged
against the overlay's inference-throughput and inference-ttft-p99 at its
inference-concurrency-per-gpu.

A level valid in OLD and invalid in NEW, an operating point or a knee NEW lost are
regressions; a level OLD measured and NEW did not (below NEW's knee) is not comparable.
Two rate sweeps (--rate) are matched on the offered rate, not on achieved concurrency.

Exit codes: 0 no significant regression, 1 a row regressed, 2 bad input or usage, the
sides not comparable (the rows are printed, refused), or a row not comparable.`,
		Example: `  knee diff results fixtures/testbed/h200-cbserve-0.6b-narrow  # exit 1
  knee diff fixtures/testbed/h200-cbserve-0.6b-repeats/run-1,fixtures/testbed/h200-cbserve-0.6b-repeats/run-2 fixtures/testbed/h200-cbserve-0.6b-repeats/run-3 -o markdown > comment.md
  knee diff --overlay fixtures/overlays/gb300-eks-ubuntu-inference-dynamo.yaml gb300.csv  # exit 1`,
		Args: cobra.RangeArgs(1, 2),
		RunE: completeValidateRun(o),
	}
	o.inputs.bind(cmd)
	bindAnalysisFlags(cmd.Flags(), &o.knee)
	cmd.Flags().Float64Var(&o.diff.Threshold, "threshold", o.diff.Threshold, "relative change below which a row is no change (0.05: 5%)")
	cmd.Flags().Float64Var(&o.diff.Confidence, "diff-confidence", o.diff.Confidence, "coverage of the interval on each difference")
	cmd.Flags().StringVar(&o.overlay, "overlay", "", "judge NEW against this aicr overlay's floors instead of an OLD sweep")
	return cmd
}

func (o *diffOptions) Complete(args []string) error {
	want := 2
	if o.overlay != "" {
		want = 1
	}
	if len(args) != want {
		if want == 1 {
			return usagef("knee diff --overlay FILE takes one input, NEW (got %d)", len(args))
		}
		return usagef("knee diff takes two inputs, OLD and NEW (got %d); or --overlay FILE NEW", len(args))
	}
	o.sides = nil
	for _, a := range args {
		var side []string
		for _, p := range strings.Split(a, ",") {
			if p = strings.TrimSpace(p); p != "" {
				side = append(side, p)
			}
		}
		if len(side) == 0 {
			return usagef("knee diff: an empty input %q", a)
		}
		o.sides = append(o.sides, side)
	}
	if err := stdinOnce(o.sides); err != nil {
		return err
	}
	f, err := chooseFormat(o.root, report.DiffEncoders)
	o.format = f
	return err
}

func (o *diffOptions) Validate() error {
	if err := o.knee.Validate(); err != nil {
		return err
	}
	if err := o.diff.Validate(); err != nil {
		var pe *baseline.PolicyError
		if errors.As(err, &pe) && pe.Option == "confidence" {
			return usagef("--diff-confidence %s", pe.Msg)
		}
		if pe != nil {
			return usagef("--threshold %s", pe.Msg)
		}
		return err
	}
	return nil
}

func (o *diffOptions) Run() error {
	var loaded []*sweep.Sweep
	for _, side := range o.sides {
		s, err := o.inputs.load(side)
		if err != nil {
			return err
		}
		loaded = append(loaded, s)
	}
	var d *baseline.Diff
	var err error
	if o.overlay != "" {
		ov, rerr := overlay.Read(o.overlay)
		if rerr != nil {
			return rerr
		}
		d, err = baseline.DiffOverlay(o.root.context(), ov, loaded[0], o.knee, o.diff)
	} else {
		d, err = baseline.DiffSweeps(o.root.context(), loaded[0], loaded[1], o.knee, o.diff)
	}
	if err != nil {
		return err
	}
	if err := report.RenderDiff(o.root.stdout, d, o.format); err != nil {
		return err
	}
	if len(d.NotComparable) > 0 {
		// Two targets are not one comparison: a CI gate must not pass on it.
		return usagef("not comparable: %s", strings.Join(d.NotComparable, "; "))
	}
	if d.Regressed > 0 {
		return &regressionError{n: d.Regressed, overlay: o.overlay != ""}
	}
	if n := d.Unjudged(); n > 0 {
		// A level or gate NEW did not measure: the gate cannot pass it.
		return usagef("%d row(s) not comparable (the notes say why): the gate cannot pass what it could not judge", n)
	}
	return nil
}

// stdinOnce refuses standard input on both sides (`knee diff - -`): it
// can be read once, and the second side read it empty.
func stdinOnce(sides [][]string) error {
	n := 0
	for _, side := range sides {
		for _, p := range side {
			if p == read.Stdin {
				n++
			}
		}
	}
	if n > 1 {
		return usagef("knee diff: - (standard input) is given %d times; it can be read once (give the other side as a file)", n)
	}
	return nil
}

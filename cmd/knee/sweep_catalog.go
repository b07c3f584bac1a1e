package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kneetool/knee/internal/drivers/harness"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/catalog"
)

// `knee sweep --catalog plan.yaml --out DIR` sweeps every leaf of the
// catalog as `knee sweep --runner kube --leaf NAME …FLAGS --out DIR/NAME`
// (or --resume DIR/NAME when that folder holds a sweep that did not
// finish) would: sweep/catalog runs the leaves; this file binds each
// leaf's flags to its own sweep command's options, the same code path as a
// sweep typed by hand. Flags given beside --catalog go to every leaf; a
// leaf's own key or flag wins over them.

// notPerLeaf are the flags that belong to the catalog run itself.
var notPerLeaf = map[string]bool{"catalog": true, "out": true, "output": true, "help": true}

func (o *sweepOptions) runCatalog(c *cobra.Command) error {
	format, err := chooseFormat(o.root, catalogFormats)
	if err != nil {
		return err
	}
	fl := c.Flags()
	if err := o.checkCatalogFlags(fl); err != nil {
		return err
	}
	plan, err := catalog.ReadFile(o.Catalog)
	if err != nil {
		return err
	}
	rows, err := catalog.Sweep(c.Context(), catalog.Options{Plan: plan, Common: passThrough(fl), Out: o.Out,
		Bind: bindLeaf(plan), Judge: judgeLeaf, Progress: o.root.stderr})
	if rows == nil {
		return err
	}
	if werr := catalogFormats.Encode(o.root.stdout, output.Format(format), rows); werr != nil {
		return werr
	}
	for _, r := range rows {
		if r.Status == string(catalog.Failed) {
			fmt.Fprintf(o.root.stderr, "[%s] failed: %s\n", r.Leaf, message(errors.New(r.Error)))
		}
	}
	return o.catalogUnfinished(err)
}

// checkCatalogFlags refuses the flags a catalog run cannot take.
func (o *sweepOptions) checkCatalogFlags(fl *pflag.FlagSet) error {
	for _, name := range []string{"resume", "leaf"} {
		if fl.Changed(name) {
			return usagef("--%s cannot be given with --catalog: the catalog names each leaf and resumes it by itself (run the same command again)", name)
		}
	}
	if fl.Changed("runner") && o.Runner != "kube" {
		return usagef("--catalog runs every leaf with --runner kube (got --runner %s)", o.Runner)
	}
	if o.Out == "" {
		return usagef("--catalog needs --out DIR: each leaf is swept into DIR/<leaf>, and the same command again resumes the leaves that did not finish")
	}
	return nil
}

// catalogUnfinished says how to continue a run in which leaves failed or
// Ctrl-C stopped it.
func (o *sweepOptions) catalogUnfinished(err error) error {
	var u *catalog.Unfinished
	switch {
	case !errors.As(err, &u):
		return err
	case u.Interrupted:
		return fmt.Errorf("interrupted (%w); finished leaves and levels are kept; run the same knee sweep --catalog %s --out %s again to continue", context.Canceled, o.Catalog, o.Out)
	}
	return fmt.Errorf("%d of %d leaves failed (%s); their finished levels are kept; run the same knee sweep --catalog %s --out %s again to resume only the leaves that did not finish",
		len(u.Failed), u.Leaves, strings.Join(u.Failed, ", "), o.Catalog, o.Out)
}

// bindLeaf binds a leaf's flags to a sweep command of its own and refuses
// a leaf whose flags do not parse or whose harness does not run in a pod.
func bindLeaf(plan *catalog.Plan) func(catalog.Leaf, []string) (catalog.LeafOptions, error) {
	return func(l catalog.Leaf, args []string) (catalog.LeafOptions, error) {
		root := &rootOptions{stdout: io.Discard, stderr: io.Discard}
		c, leaf := newSweepCommand(root)
		if err := c.ParseFlags(args); err != nil {
			return catalog.LeafOptions{}, inputerr.Errorf(plan.File, l.Name+".flags", l.Line, "%v", err)
		}
		if !runsInPod(leaf.Harness) {
			return catalog.LeafOptions{}, inputerr.Errorf(plan.File, l.Name+".harness", l.Line, "a catalog leaf runs on Kubernetes: give harness: aiperf or inference-perf (got %s; builtin runs only with --runner local)", leaf.Harness)
		}
		cfg := leaf.kube.config
		// Before kubeTarget loads them: KUBECONFIG=/dev/zero must not hang
		// the catalog before its first leaf.
		if err := checkKubeconfigs(*cfg.KubeConfig); err != nil {
			return catalog.LeafOptions{}, err
		}
		lo := leafTarget(*cfg.KubeConfig, *cfg.Context, *cfg.Namespace)
		lo.Sweep = leaf.sweepLeaf
		return lo, nil
	}
}

// sweepLeaf runs the leaf's bound options as `knee sweep --runner kube
// …FLAGS --out DIR` (--resume DIR when resume) would run, in this process:
// its table output dropped (the catalog prints one report) and its
// progress lines on progress.
func (o *sweepOptions) sweepLeaf(ctx context.Context, dir string, resume bool, progress io.Writer) error {
	where := "out"
	if resume {
		where = "resume"
	}
	fl := o.cmd.Flags()
	if err := fl.Set("runner", "kube"); err != nil {
		return err
	}
	if err := fl.Set(where, dir); err != nil {
		return err
	}
	o.root.stderr, o.root.ctx = progress, ctx
	o.cmd.SetContext(ctx)
	return completeValidateRun(o)(o.cmd, nil)
}

// runsInPod says whether the named harness runs on the kube runner.
func runsInPod(name string) bool {
	h, ok := harness.Lookup(name)
	return ok && h.Pod != nil
}

// judgeLeaf is what knee find says of a leaf's levels, for its row.
func judgeLeaf(s *sweep.Sweep) (string, *float64) {
	res, err := knee.Find(s, knee.DefaultOptions())
	if err != nil {
		return "", nil
	}
	return string(res.Knee.Status), res.RecommendedPerGPU
}

// passThrough is every flag given beside --catalog, as arguments.
func passThrough(fl *pflag.FlagSet) []string {
	var a []string
	fl.Visit(func(f *pflag.Flag) {
		if notPerLeaf[f.Name] || f.Name == "runner" {
			return
		}
		if f.Value.Type() == "stringArray" {
			for _, v := range f.Value.(pflag.SliceValue).GetSlice() {
				a = append(a, "--"+f.Name+"="+v)
			}
			return
		}
		a = append(a, "--"+f.Name+"="+flagValue(f))
	})
	return a
}

package catalog

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"sort"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// LeafOptions are one leaf's knee sweep as the caller bound it from the
// leaf's flags (Leaf.ArgsOver) with knee sweep's own flag set: the catalog
// reads what it needs of them typed and never parses a flag itself.
type LeafOptions struct {
	// Cluster identifies where the leaf runs (its kubeconfig files and
	// context): leaves of one cluster run one after another.
	Cluster string
	// Context and Namespace name where it runs, for the report.
	Context, Namespace string
	// Sweep runs the leaf's sweep into dir (continuing the sweep there when
	// resume), its progress on progress; a leaf's own report is dropped.
	Sweep func(ctx context.Context, dir string, resume bool, progress io.Writer) error
}

// Options are one run of a catalog (`knee sweep --catalog plan.yaml --out
// DIR`): every leaf is swept into DIR/<leaf>, or resumed there when that
// folder holds a sweep that did not finish.
type Options struct {
	Plan *Plan
	// Common are the flags given beside --catalog, "--name=value" each:
	// every leaf takes those it does not set itself.
	Common []string
	// Out is the catalog's results folder.
	Out string
	// Bind binds one leaf's flags. A leaf whose flags do not bind is bad
	// input, named before any leaf runs: a typo in the tenth leaf is said
	// now, not after an hour of sweeping.
	Bind func(l Leaf, args []string) (LeafOptions, error)
	// Judge is what the analysis says of a leaf's levels: the knee's status
	// and the recommended concurrency per GPU ("" and nil: no answer; a nil
	// Judge: no analysis). The catalog does not analyse: sweep knows
	// nothing of knee.
	Judge func(*sweep.Sweep) (knee string, recommended *float64)
	// Progress receives the run's lines, each leaf's with its name in front.
	Progress io.Writer
}

// Unfinished is the error of a run in which a leaf failed or Ctrl-C
// stopped the catalog; the finished leaves and levels are kept, and the
// same command again resumes the rest.
type Unfinished struct {
	Leaves      int
	Failed      []string // sorted
	Interrupted bool
}

func (u *Unfinished) Error() string {
	if u.Interrupted {
		return "interrupted"
	}
	return fmt.Sprintf("%d of %d leaves failed", len(u.Failed), u.Leaves)
}

// boundLeaf is a leaf with its flags and what they bound to.
type boundLeaf struct {
	args []string
	opts LeafOptions
}

// Sweep runs the catalog: it binds every leaf's flags, prepares Out, runs
// the leaves (one cluster's one after another, clusters side by side),
// records each in catalog.json and returns one row per leaf in catalog
// order, with *Unfinished when a leaf did not finish.
func Sweep(ctx context.Context, o Options) ([]Row, error) {
	bound := make(map[string]boundLeaf, len(o.Plan.Leaves))
	jobs := make([]Job, len(o.Plan.Leaves))
	clusters := map[string]bool{}
	for i, l := range o.Plan.Leaves {
		args := l.ArgsOver(o.Common)
		lo, err := o.Bind(l, args)
		if err != nil {
			return nil, err
		}
		bound[l.Name] = boundLeaf{args: args, opts: lo}
		jobs[i] = Job{Leaf: l, Cluster: lo.Cluster}
		clusters[lo.Cluster] = true
	}
	state, err := prepareOut(o.Out, o.Plan.Leaves)
	if err != nil {
		return nil, err
	}
	progress := &lockedWriter{w: o.Progress}
	fmt.Fprintf(progress, "catalog %s: %d leaves on %d clusters into %s\n", inputerr.QuoteName(o.Plan.File), len(jobs), len(clusters), inputerr.QuoteName(o.Out))
	results := Run(ctx, jobs, func(ctx context.Context, j Job) (Status, error) {
		return sweepLeaf(ctx, j.Leaf.Name, bound[j.Leaf.Name], filepath.Join(o.Out, j.Leaf.Name), state, progress)
	})
	rows := make([]Row, len(results))
	u := &Unfinished{Leaves: len(results)}
	for i, r := range results {
		rows[i] = leafRow(r, bound[r.Job.Leaf.Name].opts, filepath.Join(o.Out, r.Job.Leaf.Name), o.Judge)
		switch r.Status {
		case Failed:
			u.Failed = append(u.Failed, r.Job.Leaf.Name)
		case Interrupted:
			u.Interrupted = true
		}
	}
	if !u.Interrupted && len(u.Failed) == 0 {
		return rows, nil
	}
	sort.Strings(u.Failed)
	return rows, u
}

// sweepLeaf sweeps one leaf into dir (resuming a folder an earlier run
// left), unless an earlier run finished it with the same flags.
func sweepLeaf(ctx context.Context, name string, b boundLeaf, dir string, state *State, progress io.Writer) (Status, error) {
	digest := FlagsDigest(b.args)
	if state.Finished(name, digest) && store.IsResultsDir(dir) {
		fmt.Fprintf(progress, "[%s] finished in an earlier run with the same flags: skipped\n", name)
		return Skipped, nil
	}
	pw := &prefixWriter{w: progress, prefix: "[" + name + "] "}
	err := b.opts.Sweep(ctx, dir, store.IsResultsDir(dir), pw)
	pw.Flush()
	st := Done
	switch {
	case err != nil && ctx.Err() != nil:
		st = Interrupted
	case err != nil:
		st = Failed
	}
	if rerr := state.Record(name, digest, st, err); rerr != nil {
		fmt.Fprintf(progress, "[%s] could not record the leaf in %s: %v\n", name, StateFile, rerr)
	}
	return st, err
}

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/kneetool/knee/internal/drivers/harness"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/internal/table"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep/catalog"
	"github.com/kneetool/knee/sweep/store"
)

// `knee sweep --catalog plan.yaml --out DIR` runs, for every leaf of the
// catalog, the very command `knee sweep --runner kube --leaf NAME …FLAGS
// --out DIR/NAME` (or --resume DIR/NAME when that folder holds a sweep that
// did not finish): a fresh sweep command per leaf, through the same code
// path as a sweep typed by hand. Flags given beside --catalog go to every
// leaf; a leaf's own key or flag wins over them.

// notPerLeaf are the flags that belong to the catalog run itself.
var notPerLeaf = map[string]bool{"catalog": true, "out": true, "output": true, "help": true}

func (o *sweepOptions) runCatalog(c *cobra.Command) error {
	format, err := o.root.checkOutput("table", "table", "markdown", "json")
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
	jobs, args, err := o.leafJobs(plan, passThrough(fl))
	if err != nil {
		return err
	}
	state, err := o.prepareCatalogOut(plan.Leaves)
	if err != nil {
		return err
	}
	stderr := &lockedWriter{w: o.root.stderr}
	clusters := map[string]bool{}
	for _, j := range jobs {
		clusters[j.Cluster] = true
	}
	fmt.Fprintf(stderr, "catalog %s: %d leaves on %d clusters into %s\n", inputerr.QuoteName(plan.File), len(jobs), len(clusters), inputerr.QuoteName(o.Out))

	index := map[string]int{}
	for i, l := range plan.Leaves {
		index[l.Name] = i
	}
	results := catalog.Run(c.Context(), jobs, func(ctx context.Context, j catalog.Job) (catalog.Status, error) {
		return o.sweepLeaf(ctx, j, args[index[j.Leaf.Name]], state, stderr)
	})
	return o.catalogReport(results, func(leaf string) []string { return args[index[leaf]] }, format)
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

// leafJobs are the catalog's leaves as jobs and each leaf's sweep
// arguments. Every leaf's flags parse before any leaf runs: a typo in the
// tenth leaf is bad input now, not after an hour of sweeping.
func (o *sweepOptions) leafJobs(plan *catalog.Plan, common []string) ([]catalog.Job, [][]string, error) {
	jobs := make([]catalog.Job, len(plan.Leaves))
	args := make([][]string, len(plan.Leaves))
	for i, l := range plan.Leaves {
		args[i] = leafArgs(common, l)
		if err := o.checkLeaf(plan, l, args[i]); err != nil {
			return nil, nil, err
		}
		jobs[i] = catalog.Job{Leaf: l, Cluster: clusterOf(flagIn(args[i], "kubeconfig"), flagIn(args[i], "context"))}
	}
	return jobs, args, nil
}

// checkLeaf refuses a leaf whose flags do not parse or whose harness does
// not run in a pod.
func (o *sweepOptions) checkLeaf(plan *catalog.Plan, l catalog.Leaf, args []string) error {
	check := newSweepCmd(&rootOptions{stdout: io.Discard, stderr: io.Discard})
	if err := check.ParseFlags(args); err != nil {
		return inputerr.Errorf(plan.File, l.Name+".flags", l.Line, "%v", err)
	}
	if h := flagIn(args, "harness"); !runsInPod(h) {
		if h == "" {
			h = o.Harness
		}
		return inputerr.Errorf(plan.File, l.Name+".harness", l.Line, "a catalog leaf runs on Kubernetes: give harness: aiperf or inference-perf (got %s; builtin runs only with --runner local)", h)
	}
	// Before clusterOf loads them: KUBECONFIG=/dev/zero must not hang
	// the catalog before its first leaf.
	return checkKubeconfigs(flagIn(args, "kubeconfig"))
}

// runsInPod says whether the named harness runs on the kube runner.
func runsInPod(name string) bool {
	h, ok := harness.Lookup(name)
	return ok && h.Pod != nil
}

// prepareCatalogOut checks and makes --out, and loads what an earlier run
// of the catalog recorded there.
func (o *sweepOptions) prepareCatalogOut(leaves []catalog.Leaf) (*catalog.State, error) {
	if st, err := os.Stat(o.Out); err == nil && !st.IsDir() {
		return nil, inputerr.Errorf(o.Out, "--out", 0, "is a file, not a folder")
	}
	if store.IsResultsDir(o.Out) {
		return nil, inputerr.Errorf(o.Out, "--out", 0, "holds a single sweep, not a catalog's leaves; give another folder")
	}
	if err := checkCatalogOut(o.Out, leaves); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, fmt.Errorf("--out %s: %w", o.Out, err)
	}
	return catalog.LoadState(o.Out)
}

// sweepLeaf sweeps one leaf into --out/<leaf> (resuming a folder an
// earlier run left), unless an earlier run finished it with the same flags.
func (o *sweepOptions) sweepLeaf(ctx context.Context, j catalog.Job, a []string, state *catalog.State, stderr io.Writer) (catalog.Status, error) {
	digest := catalog.FlagsDigest(a)
	dir := filepath.Join(o.Out, j.Leaf.Name)
	if state.Finished(j.Leaf.Name, digest) && store.IsResultsDir(dir) {
		fmt.Fprintf(stderr, "[%s] finished in an earlier run with the same flags: skipped\n", j.Leaf.Name)
		return catalog.Skipped, nil
	}
	where := "--out=" + dir
	if store.IsResultsDir(dir) {
		where = "--resume=" + dir
	}
	pw := &prefixWriter{w: stderr, prefix: "[" + j.Leaf.Name + "] "}
	err := runLeaf(ctx, append(a, where), pw)
	pw.Flush()
	st := catalog.Done
	switch {
	case err != nil && ctx.Err() != nil:
		st = catalog.Interrupted
	case err != nil:
		st = catalog.Failed
	}
	if rerr := state.Record(j.Leaf.Name, digest, st, err); rerr != nil {
		fmt.Fprintf(stderr, "[%s] could not record the leaf in %s: %v\n", j.Leaf.Name, catalog.StateFile, rerr)
	}
	return st, err
}

// runLeaf runs one leaf as `knee sweep ARGS` would run, in this process:
// a new root command, so the leaf has its own flags and options, with its
// table output dropped (the catalog prints one report) and its progress
// lines on stderr under the leaf's name.
func runLeaf(ctx context.Context, args []string, stderr io.Writer) error {
	root := newRootCmd(io.Discard, stderr)
	root.SetArgs(append([]string{"sweep", "--runner=kube"}, args...))
	return root.ExecuteContext(ctx)
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

// leafArgs are the common flags the leaf does not set itself, then the
// leaf's own, then --leaf.
func leafArgs(common []string, l catalog.Leaf) []string {
	own := l.Args()
	set := map[string]bool{}
	for _, a := range own {
		set[catalog.FlagName(a)] = true
	}
	// --per-gpu, --ladder and --search together make the ladder: a leaf
	// giving one of them replaces all three of the command line's.
	if set["per-gpu"] || set["ladder"] || set["search"] {
		set["per-gpu"], set["ladder"], set["search"] = true, true, true
	}
	if set["endpoint"] || set["service"] {
		set["endpoint"], set["service"] = true, true
	}
	var a []string
	for _, c := range common {
		if !set[catalog.FlagName(c)] {
			a = append(a, c)
		}
	}
	return append(append(a, own...), "--leaf="+l.Name)
}

// flagIn is the value of the last --name=value in args ("" if none).
func flagIn(args []string, name string) string {
	v := ""
	for _, a := range args {
		if catalog.FlagName(a) == name {
			_, v, _ = strings.Cut(a, "=")
		}
	}
	return v
}

// checkCatalogOut refuses, before any leaf runs, an --out folder that is
// not this catalog's: one that holds entries but no catalog.json and
// something that is no leaf of this plan (a home folder, another
// project), and a DIR/<leaf> that is a symbolic link, through which a
// leaf's results (and a later --resume's rewrites) would land wherever it
// points.
func checkCatalogOut(out string, leaves []catalog.Leaf) error {
	ents, err := os.ReadDir(out)
	if err != nil {
		return nil // missing: made below; unreadable: said by MkdirAll or the state
	}
	names := map[string]bool{}
	for _, l := range leaves {
		names[l.Name] = true
	}
	if _, err := os.Lstat(filepath.Join(out, catalog.StateFile)); err != nil {
		for _, e := range ents {
			if !names[e.Name()] {
				return inputerr.Errorf(out, "--out", 0, "folder is not empty and is not this catalog's (no %s; it holds %s, which is no leaf of the catalog): give a new or empty folder", catalog.StateFile, inputerr.QuoteName(e.Name()))
			}
		}
	}
	for _, l := range leaves {
		p := filepath.Join(out, l.Name)
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&os.ModeSymlink == 0 {
			continue
		}
		to, _ := os.Readlink(p)
		return inputerr.Errorf(p, "--out", 0, "is a symbolic link (to %s), not leaf %s's own folder: knee writes a leaf's results only into a real folder under --out; remove the link", inputerr.QuoteName(to), l.Name)
	}
	return nil
}

// clusterOf names the cluster a leaf runs on: its kubeconfig files and
// context, the current context when none is given. Two leaves on one
// cluster run one after another. A kubeconfig that cannot be read names
// itself; the leaf then fails on its own with kubectl's error.
func clusterOf(kubeconfig, context string) string {
	files, ctx, _ := kubeTarget(kubeconfig, context)
	return files + "\x00" + ctx
}

// kubeTarget resolves a leaf's kubeconfig files, context and namespace as
// kubectl would (KUBECONFIG, ~/.kube/config, the current context and its
// namespace).
func kubeTarget(kubeconfig, context string) (files, ctx, namespace string) {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	files = strings.Join(rules.Precedence, string(filepath.ListSeparator))
	if kubeconfig != "" {
		rules.ExplicitPath = kubeconfig
		files = kubeconfig
	}
	cc := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: context})
	ctx = context
	if raw, err := cc.RawConfig(); err == nil && ctx == "" {
		ctx = raw.CurrentContext
	}
	namespace, _, _ = cc.Namespace()
	return files, ctx, namespace
}

// leafRow is one line of the catalog's report.
type leafRow struct {
	Leaf        string   `json:"leaf"`
	Context     string   `json:"context"`
	Namespace   string   `json:"namespace"`
	Status      string   `json:"status"`
	Results     string   `json:"results"`
	Levels      int      `json:"levels"`
	GPUs        int      `json:"gpus,omitempty"`
	Accelerator string   `json:"accelerator,omitempty"`
	Knee        string   `json:"knee,omitempty"`
	Recommended *float64 `json:"recommended_per_gpu"`
	Error       string   `json:"error,omitempty"`
}

// catalogReport prints one row per leaf (what knee find says of its
// results folder) and fails (exit 1) when any leaf failed.
func (o *sweepOptions) catalogReport(results []catalog.Result, argsOf func(leaf string) []string, format string) error {
	var rows []leafRow
	var failed []string
	interrupted := false
	for _, r := range results {
		row := o.leafReport(r, argsOf(r.Job.Leaf.Name))
		switch r.Status {
		case catalog.Failed:
			failed = append(failed, row.Leaf)
		case catalog.Interrupted:
			interrupted = true
		}
		rows = append(rows, row)
	}
	if err := writeLeafRows(o.root.stdout, rows, format); err != nil {
		return err
	}
	for _, r := range rows {
		if r.Status == string(catalog.Failed) {
			fmt.Fprintf(o.root.stderr, "[%s] failed: %s\n", r.Leaf, message(errors.New(r.Error)))
		}
	}
	if interrupted {
		return fmt.Errorf("interrupted (%w); finished leaves and levels are kept; run the same knee sweep --catalog %s --out %s again to continue", context.Canceled, o.Catalog, o.Out)
	}
	if len(failed) > 0 {
		sort.Strings(failed)
		return fmt.Errorf("%d of %d leaves failed (%s); their finished levels are kept; run the same knee sweep --catalog %s --out %s again to resume only the leaves that did not finish",
			len(failed), len(rows), strings.Join(failed, ", "), o.Catalog, o.Out)
	}
	return nil
}

// leafReport is one leaf's row: where it ran, how it ended, and what knee
// find says about the levels its folder holds.
func (o *sweepOptions) leafReport(r catalog.Result, args []string) leafRow {
	dir := filepath.Join(o.Out, r.Job.Leaf.Name)
	_, kctx, ns := kubeTarget(flagIn(args, "kubeconfig"), flagIn(args, "context"))
	if v := flagIn(args, "namespace"); v != "" {
		ns = v
	}
	row := leafRow{Leaf: r.Job.Leaf.Name, Context: kctx, Namespace: ns, Status: string(r.Status), Results: dir}
	if r.Err != nil {
		row.Error = r.Err.Error()
	}
	s, err := store.Load(dir)
	if err != nil {
		row.Results = ""
		return row
	}
	row.Levels, row.GPUs, row.Accelerator = len(s.Points), s.GPUs, s.Accelerator
	if res, err := knee.Find(s, knee.DefaultOptions()); err == nil {
		row.Knee, row.Recommended = string(res.Knee.Status), res.RecommendedPerGPU
	}
	return row
}

// writeLeafRows prints the catalog's report: JSON, or a table.
func writeLeafRows(w io.Writer, rows []leafRow, format string) error {
	if format == "json" {
		return writeJSON(w, rows)
	}
	var cells [][]string
	for _, r := range rows {
		rec := "–"
		if r.Recommended != nil {
			rec = fmt.Sprintf("%g", *r.Recommended)
		}
		knee := r.Knee
		if knee == "" {
			knee = "–"
		}
		cells = append(cells, []string{r.Leaf, r.Context, r.Namespace, r.Status, fmt.Sprint(r.Levels), knee, rec, firstLine(r.Error)})
	}
	return table.Write(w, table.Format(format), []string{"leaf", "context", "namespace", "status", "levels", "knee", "recommended /GPU", "error"}, cells, []byte("llllrlrl"))
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// lockedWriter lets leaves running side by side share stderr line by line.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// prefixWriter writes each complete line with the leaf's name in front, so
// the progress of leaves on different clusters stays readable when mixed.
type prefixWriter struct {
	w      io.Writer
	prefix string
	buf    bytes.Buffer
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.buf.Write(b)
	for {
		i := bytes.IndexByte(p.buf.Bytes(), '\n')
		if i < 0 {
			break
		}
		line := p.buf.Next(i + 1)
		if _, err := io.WriteString(p.w, p.prefix+string(line)); err != nil {
			return len(b), err
		}
	}
	return len(b), nil
}

// Flush writes a last line without its newline.
func (p *prefixWriter) Flush() {
	if p.buf.Len() > 0 {
		_, _ = io.WriteString(p.w, p.prefix+p.buf.String()+"\n")
		p.buf.Reset()
	}
}

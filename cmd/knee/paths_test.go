package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// catalogOnDownCluster writes a one-leaf catalog (leaf a) on a cluster that
// refuses connections, so that a leaf that does run fails at once.
func catalogOnDownCluster(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["down"] = &clientcmdapi.Cluster{Server: "https://127.0.0.1:1"}
	cfg.AuthInfos["u"] = &clientcmdapi.AuthInfo{Token: "t"}
	cfg.Contexts["c"] = &clientcmdapi.Context{Cluster: "down", AuthInfo: "u", Namespace: "serving"}
	require.NoError(t, clientcmd.WriteToFile(*cfg, filepath.Join(dir, "kc")))
	plan := filepath.Join(dir, "plan.yaml")
	require.NoError(t, os.WriteFile(plan, []byte("leaves:\n  - {leaf: a, kubeconfig: kc, context: c, service: fe, per_gpu: [8], harness: aiperf}\n"), 0o644))
	return plan
}

// Issue 21 item 8: --catalog --out into an unrelated non-empty folder (no
// catalog.json, entries that are no leaf of the plan) is refused before any
// leaf runs (exit 2), the folder untouched; the catalog's own folder (its
// leaves, catalog.json) is not.
func TestCatalogOutRefusesAnUnrelatedFolder(t *testing.T) {
	plan := catalogOnDownCluster(t)
	out := filepath.Join(t.TempDir(), "home")
	require.NoError(t, os.MkdirAll(out, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(out, "notes.txt"), []byte("mine\n"), 0o644))
	code, _, errs := runKneeCLI(t, "sweep", "--catalog", plan, "--out", out)
	require.Equal(t, exitUsage, code, errs)
	require.Contains(t, errs, "knee: "+out+": --out: folder is not empty and is not this catalog's (no catalog.json; it holds notes.txt, which is no leaf of the catalog): give a new or empty folder")
	ents, err := os.ReadDir(out)
	require.NoError(t, err)
	require.Len(t, ents, 1)

	// A folder holding only this catalog's leaves (a first run stopped
	// before catalog.json) is the catalog's: the leaf runs (and fails on
	// the down cluster, exit 1).
	mine := filepath.Join(t.TempDir(), "out")
	require.NoError(t, os.MkdirAll(filepath.Join(mine, "a"), 0o755))
	code, _, errs = runKneeCLI(t, "sweep", "--catalog", plan, "--out", mine)
	require.Equal(t, exitRuntime, code, errs)
	// With catalog.json it is the catalog's whatever else it holds.
	require.NoError(t, os.WriteFile(filepath.Join(mine, "README"), []byte("x"), 0o644))
	code, _, errs = runKneeCLI(t, "sweep", "--catalog", plan, "--out", mine)
	require.Equal(t, exitRuntime, code, errs)
}

// Issue 21 item 8: a symbolic link pre-placed at DIR/<leaf> would carry the
// leaf's results (and a later --resume's rewrites) wherever it points; it
// is refused before any leaf runs (exit 2), nothing written through it.
func TestCatalogRefusesALinkAtALeafFolder(t *testing.T) {
	plan := catalogOnDownCluster(t)
	out := filepath.Join(t.TempDir(), "out")
	elsewhere := t.TempDir()
	require.NoError(t, os.MkdirAll(out, 0o755))
	require.NoError(t, os.Symlink(elsewhere, filepath.Join(out, "a")))
	code, _, errs := runKneeCLI(t, "sweep", "--catalog", plan, "--out", out)
	require.Equal(t, exitUsage, code, errs)
	require.Contains(t, errs, "knee: "+filepath.Join(out, "a")+": --out: is a symbolic link (to "+elsewhere+"), not leaf a's own folder")
	ents, err := os.ReadDir(elsewhere)
	require.NoError(t, err)
	require.Empty(t, ents)
}

// Issue 21 item 8: an overlay in the --overlays folder that is a symbolic
// link to a file outside it is refused (exit 2) naming both, and the file
// it points at is not written; a link inside the folder is followed.
func TestBaselineOverlaysRefusesALinkOutOfTheFolder(t *testing.T) {
	dir, orig := copyCatalog(t)
	run := h200Leaf(t, dir, orig, true)
	outside := filepath.Join(t.TempDir(), "elsewhere.yaml")
	overlay := filepath.Join(dir, "h200-testbed-local.yaml")
	b, err := os.ReadFile(overlay)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(outside, b, 0o644))
	require.NoError(t, os.Remove(overlay))
	require.NoError(t, os.Symlink(outside, overlay))
	code, _, errs := runKneeCLI(t, "baseline", "--overlays", dir, run, "--write")
	require.Equal(t, exitUsage, code, errs)
	require.Contains(t, errs, "knee: "+overlay+": --overlays: is a symbolic link to "+outside+", outside the overlays folder "+dir)
	got, err := os.ReadFile(outside)
	require.NoError(t, err)
	require.Equal(t, string(b), string(got))

	// A link to a file inside the folder is the folder's own.
	inside := filepath.Join(dir, "real", "h200.yaml")
	require.NoError(t, os.MkdirAll(filepath.Dir(inside), 0o755))
	require.NoError(t, os.WriteFile(inside, b, 0o644))
	require.NoError(t, os.Remove(overlay))
	require.NoError(t, os.Symlink(inside, overlay))
	code, _, errs = runKneeCLI(t, "baseline", "--overlays", dir, run, "--write")
	require.Equal(t, 0, code, errs)
}

// Issue 21 item 8: a results folder whose name holds a newline is printed
// quoted wherever knee names it (results:, --resume advice, the stop
// line), so that no part of the name starts a line of its own that reads
// like knee's.
func TestSweepQuotesAPathWithANewline(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run\nknee: all levels passed")
	code, _, errs := runKneeCLI(t, "sweep", "--endpoint", "http://127.0.0.1:1", "--per-gpu", "8", "--gpus", "1", "--model", "m",
		"--metrics", "none", "--out", out)
	require.Equal(t, exitRuntime, code, errs)
	require.DirExists(t, out)
	q := strconv.Quote(out)
	require.Contains(t, errs, "results: "+strconv.Quote(mustAbs(t, out))+" (analyse with: knee find "+q+")")
	require.Contains(t, errs, "continue with: knee sweep --resume "+q)
	for _, line := range strings.Split(errs, "\n") {
		require.False(t, strings.HasPrefix(line, "knee: all levels passed"), "a line starts inside the folder's name:\n%s", errs)
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	require.NoError(t, err)
	return a
}

package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// copyCatalog copies the test overlays of fixtures/overlays/catalog into a
// temporary recipes/overlays folder and returns it with the originals.
func copyCatalog(t *testing.T) (string, map[string][]byte) {
	t.Helper()
	src := fixtures.Path("overlays/catalog")
	dir := filepath.Join(t.TempDir(), "overlays")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	entries, err := os.ReadDir(src)
	require.NoError(t, err)
	orig := map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644))
		orig[e.Name()] = b
	}
	return dir, orig
}

// A catalog re-baseline on real data: the H200 test-bed sweep (named leaf
// h200-testbed-local here) is verified and proposed, so its overlay is
// written; GB300's published run is refused (128/GPU unverified), so its
// overlay stays byte-identical, as does every overlay no run names; the run
// exits 3 and the PR table lists both with the next run for GB300.
func TestBaselineOverlaysWritesProposedLeavesOnly(t *testing.T) {
	dir, orig := copyCatalog(t)
	run := h200Leaf(t, dir, orig, true)

	code, out, errs := runKneeCLI(t, "baseline", "--overlays", dir, run, fixtures.Path("aicr/gb300-eks.csv"), "--write")
	require.Equal(t, exitRefused, code, out)
	require.Equal(t, "knee: baseline refused for 1 of 2 leaves (their overlays are untouched): gb300-eks-ubuntu-inference-dynamo\n", errs)
	require.Contains(t, out, "### knee baseline: 2 leaves, 1 proposed, 1 refused")
	require.Contains(t, out, "| gb300-eks-ubuntu-inference-dynamo | gb300       |    4 | `256` (kept) | `>= 50000` (kept)    | `<= 2000` (kept) | 84,788 tok/s at 128/GPU, p99 677 ms | at or below 256/GPU (nothing measured lower bounds it) | refused: unverified |")
	require.Contains(t, out, "| h200-testbed-local                | h200        |    1 | `256` (same) | `>= 500` → `>= 1100` | `<= 2000` (same) | 1,576 tok/s at 256/GPU, p99 774 ms  | between 256 and 512/GPU, estimate ≈267                 | proposed            |")
	require.Regexp(t, `\| h200-testbed-local +\| the current floor >= 500 lets a 71% drop at 256/GPU pass \(1,576 → 450 tok/s still passes 0.9 × 500\); the proposed >= 1100 fails any drop beyond 37% +\|`, out)
	require.Regexp(t, `\| gb300-eks-ubuntu-inference-dynamo +\| the current floor >= 50000 lets a 47% drop at 128/GPU pass .*; a floor at the policy's 25% headroom fails any drop beyond 32% +\|`, out)
	require.Contains(t, out, "| gb300-eks-ubuntu-inference-dynamo | 128/GPU | `unverified` | measure 64/GPU (half of 128)")

	for name, b := range orig {
		got, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		require.Equal(t, string(b), string(got), "%s must be byte-identical", name)
	}
	got, err := os.ReadFile(filepath.Join(dir, "h200-testbed-local.yaml"))
	require.NoError(t, err)
	require.Contains(t, string(got), `value: ">= 1100"`)
	require.Contains(t, string(got), "# knee:begin")
}

// h200Leaf writes the overlay of leaf h200-testbed-local into dir (the GB300
// overlay renamed, with the H200 test bed's model and a floor of 500; its
// criteria say h200 unless sameAccelerator is false) and returns the test
// bed's sweep imported as that leaf.
func h200Leaf(t *testing.T, dir string, orig map[string][]byte, sameAccelerator bool) string {
	t.Helper()
	r := []string{"gb300-eks-ubuntu-inference-dynamo", "h200-testbed-local", "Qwen/Qwen3-8B", "Qwen/Qwen3-0.6B-random",
		`value: ">= 50000"`, `value: ">= 500"`}
	if sameAccelerator {
		r = append(r, "accelerator: gb300", "accelerator: h200")
	}
	overlay := strings.NewReplacer(r...).Replace(string(orig["gb300-eks-ubuntu-inference-dynamo.yaml"]))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "h200-testbed-local.yaml"), []byte(overlay), 0o644))
	code, h200, errs := runKneeCLI(t, "import", fixtures.Path("testbed/h200-cbserve-0.6b"), "--leaf", "h200-testbed-local", "-o", "json")
	require.Equal(t, 0, code, errs)
	run := filepath.Join(t.TempDir(), "h200.json")
	require.NoError(t, os.WriteFile(run, []byte(h200), 0o644))
	return run
}

// An overlay whose criteria gate another accelerator than the run measured
// is not written in a catalog either: the leaf is refused (target_mismatch,
// exit 3) and its file stays byte-identical, unless --allow-target-mismatch.
func TestBaselineOverlaysRefusesAnotherAccelerator(t *testing.T) {
	dir, orig := copyCatalog(t)
	run := h200Leaf(t, dir, orig, false)
	before, err := os.ReadFile(filepath.Join(dir, "h200-testbed-local.yaml"))
	require.NoError(t, err)
	code, out, errs := runKneeCLI(t, "baseline", "--overlays", dir, run, "--write", "-o", "json")
	require.Equal(t, exitRefused, code, errs)
	require.Contains(t, errs, "h200-testbed-local")
	require.Contains(t, out, `"reason": "target_mismatch"`)
	require.Contains(t, out, "accelerator: the overlay h200-testbed-local gates gb300, the sweep was measured on h200")
	got, err := os.ReadFile(filepath.Join(dir, "h200-testbed-local.yaml"))
	require.NoError(t, err)
	require.Equal(t, string(before), string(got))

	code, out, errs = runKneeCLI(t, "baseline", "--overlays", dir, run, "--write", "--allow-target-mismatch", "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "written although the sweep measured another target (--allow-target-mismatch): accelerator")
	got, err = os.ReadFile(filepath.Join(dir, "h200-testbed-local.yaml"))
	require.NoError(t, err)
	require.Contains(t, string(got), `value: ">= 1100"`)
}

// Bad catalogs are refused before anything is read or written: a leaf with
// no overlay in the folder, a run that names no leaf, and flags that make no
// sense for a catalog (exit 2).
func TestBaselineOverlaysBadInput(t *testing.T) {
	dir, _ := copyCatalog(t)
	require.NoError(t, os.Remove(filepath.Join(dir, "h100-eks-ubuntu-inference-dynamo.yaml")))
	code, _, errs := runKneeCLI(t, "baseline", "--overlays", dir, fixtures.Path("aicr/gb300-eks.csv"), fixtures.Path("aicr/h100-eks.csv"), "--write")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "no overlay for leaf h100-eks-ubuntu-inference-dynamo")

	code, _, errs = runKneeCLI(t, "baseline", "--overlays", dir, fixtures.Path("testbed/h200-cbserve-0.6b"))
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "names no leaf")

	for _, extra := range [][]string{{"--at", "128"}, {"--overlay", "x.yaml"}, {"-o", "yaml"}} {
		code, _, errs = runKneeCLI(t, append([]string{"baseline", "--overlays", dir, fixtures.Path("aicr/gb300-eks.csv")}, extra...)...)
		require.Equal(t, exitUsage, code, extra)
		require.Contains(t, errs, extra[0])
	}
}

// twoH200Leaves writes two proposed leaves (the H200 test bed as
// h200-testbed-local and h200-testbed-b) with their overlays into dir.
func twoH200Leaves(t *testing.T, dir string, orig map[string][]byte) []string {
	t.Helper()
	a := h200Leaf(t, dir, orig, true)
	b, err := os.ReadFile(filepath.Join(dir, "h200-testbed-local.yaml"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "h200-testbed-b.yaml"), []byte(strings.ReplaceAll(string(b), "h200-testbed-local", "h200-testbed-b")), 0o644))
	code, js, errs := runKneeCLI(t, "import", fixtures.Path("testbed/h200-cbserve-0.6b"), "--leaf", "h200-testbed-b", "-o", "json")
	require.Equal(t, 0, code, errs)
	run := filepath.Join(t.TempDir(), "b.json")
	require.NoError(t, os.WriteFile(run, []byte(js), 0o644))
	return []string{a, run}
}

// With one of two proposed overlays read-only, --overlays --write wrote
// the other and exited 1 with empty stdout naming one. Every patch is now
// staged before any is renamed: nothing is written, no temporary file is
// left, and the message says that no overlay was written. With both
// writable, both are written and the summary names them.
func TestBaselineOverlaysWriteIsAllOrNone(t *testing.T) {
	dir, orig := copyCatalog(t)
	runs := twoH200Leaves(t, dir, orig)
	roPath := filepath.Join(dir, "h200-testbed-local.yaml")
	before := map[string][]byte{}
	for _, n := range []string{"h200-testbed-local.yaml", "h200-testbed-b.yaml"} {
		b, err := os.ReadFile(filepath.Join(dir, n))
		require.NoError(t, err)
		before[n] = b
	}
	require.NoError(t, os.Chmod(roPath, 0o444))
	code, out, errs := runKneeCLI(t, append([]string{"baseline", "--overlays", dir, "--write"}, runs...)...)
	require.Equal(t, 1, code, out)
	require.Contains(t, errs, roPath+" is read-only")
	require.Contains(t, errs, "no overlay was written")
	for n, b := range before {
		got, err := os.ReadFile(filepath.Join(dir, n))
		require.NoError(t, err)
		require.Equal(t, string(b), string(got), "%s must be byte-identical", n)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		require.NotContains(t, e.Name(), ".knee-", "no staged file left behind")
	}

	require.NoError(t, os.Chmod(roPath, 0o644))
	code, out, errs = runKneeCLI(t, append([]string{"baseline", "--overlays", dir, "--write"}, runs...)...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "Written: "+filepath.Join(dir, "h200-testbed-b.yaml")+", "+roPath+".")
	for n := range before {
		got, err := os.ReadFile(filepath.Join(dir, n))
		require.NoError(t, err)
		require.Contains(t, string(got), `value: ">= 1100"`, n)
	}
}

// Two overlays for one leaf (its <leaf>.yaml and a copy whose metadata.name
// is the leaf), and one file two leaves would share (leaf b by file name,
// leaf local by the metadata.name inside b's file), silently wrote the last
// match. Both are refused (exit 2) naming both files or both leaves, and
// nothing is written.
func TestBaselineOverlaysRefusesTwoMatchesForOneFile(t *testing.T) {
	dir, orig := copyCatalog(t)
	runs := twoH200Leaves(t, dir, orig)
	local := filepath.Join(dir, "h200-testbed-local.yaml")
	b, err := os.ReadFile(local)
	require.NoError(t, err)
	copyPath := filepath.Join(dir, "copy-of-local.yaml")
	require.NoError(t, os.WriteFile(copyPath, b, 0o644))
	code, _, errs := runKneeCLI(t, append([]string{"baseline", "--overlays", dir, "--write"}, runs...)...)
	require.Equal(t, exitUsage, code, errs)
	require.Contains(t, errs, "leaf h200-testbed-local has more than one overlay: "+local+" and "+copyPath)
	got, _ := os.ReadFile(local)
	require.Equal(t, string(b), string(got))
	require.NoError(t, os.Remove(copyPath))

	// b's file names the other leaf inside; local's own file is gone.
	bPath := filepath.Join(dir, "h200-testbed-b.yaml")
	require.NoError(t, os.Remove(local))
	require.NoError(t, os.WriteFile(bPath, b, 0o644)) // metadata.name: h200-testbed-local
	code, _, errs = runKneeCLI(t, append([]string{"baseline", "--overlays", dir, "--write"}, runs...)...)
	require.Equal(t, exitUsage, code, errs)
	require.Contains(t, errs, bPath+": metadata.name: leaves h200-testbed-b and h200-testbed-local both map to this overlay")
	got, _ = os.ReadFile(bPath)
	require.Equal(t, string(b), string(got))
}

// The folder scan reads every *.yaml to learn its metadata.name: a 60 MB
// unrelated YAML took 2 GB to parse, and a FIFO named *.yaml hung it. Each
// is now read through the bounded reader (at most 1 MiB, FIFOs refused by
// their mode) and skipped as no overlay.
func TestBaselineOverlaysScanIsBounded(t *testing.T) {
	dir, _ := copyCatalog(t)
	big := filepath.Join(dir, "unrelated.yaml")
	f, err := os.Create(big)
	require.NoError(t, err)
	line := []byte("- " + strings.Repeat("x", 1021) + "\n")
	for i := 0; i < 60<<10; i++ {
		_, err := f.Write(line)
		require.NoError(t, err)
	}
	require.NoError(t, f.Close())
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "pipe.yaml"), 0o644))
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	done := make(chan struct{})
	var code int
	var errs string
	go func() {
		code, _, errs = runKneeCLI(t, "baseline", "--overlays", dir, fixtures.Path("aicr/gb300-eks.csv"))
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the scan hung on the FIFO")
	}
	require.Equal(t, exitRefused, code, errs)
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	t.Logf("allocated %d MB for the scan and the baseline", (after.TotalAlloc-before.TotalAlloc)>>20)
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(400<<20), "the 60 MB file was not parsed")
}

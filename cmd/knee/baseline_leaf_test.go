package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// Issue 27 item 7: the real h100-eks measurement (aicr's table: 8×H100,
// 256/GPU, 108,790 tok/s) written into the h100-gke overlay — the same
// accelerator, another service and OS — was exit 0 with a note only. The
// leaf is part of the target: target_mismatch, exit 3, the file
// untouched, unless --allow-target-mismatch.
func TestBaselineWriteRefusesAnotherLeafOnTheSameAccelerator(t *testing.T) {
	src, err := os.ReadFile(fixtures.Path("overlays/catalog/h100-gke-cos-inference-dynamo.yaml"))
	require.NoError(t, err)
	ov := filepath.Join(t.TempDir(), "h100-gke-cos-inference-dynamo.yaml")
	require.NoError(t, os.WriteFile(ov, src, 0o644))
	run := fixtures.Path("aicr/h100-eks.csv")

	code, out, errs := runKneeCLI(t, "baseline", run, "--overlay", ov, "--write", "--accept-unverified")
	require.Equal(t, exitRefused, code, errs)
	require.Contains(t, out, "target_mismatch")
	require.Contains(t, out, "leaf: the overlay gates h100-gke-cos-inference-dynamo, the sweep measured h100-eks-ubuntu-inference-dynamo (service gke ≠ eks, os cos ≠ ubuntu)")
	after, err := os.ReadFile(ov)
	require.NoError(t, err)
	require.Equal(t, string(src), string(after), "a refused --write leaves the overlay as it was")

	code, out, errs = runKneeCLI(t, "baseline", run, "--overlay", ov, "--write", "--accept-unverified", "--allow-target-mismatch")
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, out, "written although the sweep measured another target (--allow-target-mismatch): leaf:")
	after, err = os.ReadFile(ov)
	require.NoError(t, err)
	require.NotEqual(t, string(src), string(after))

	// diff --overlay holds the leaf too: not comparable, exit 2.
	code, _, errs = runKneeCLI(t, "diff", "--overlay", ov, run)
	require.Equal(t, exitUsage, code, errs)
	require.Contains(t, errs, "leaf: the overlay gates h100-gke-cos-inference-dynamo")
}

package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

// A kubeconfig that is not one is bad input (exit 2) naming the file, like
// any other input; a missing context stays kube.ConfigError's (exit 2 too).
func TestKubeconfigErrorNamesTheFile(t *testing.T) {
	for _, tc := range []struct {
		err        string
		file, want string
	}{
		{`error loading config file "/home/u/.kube/config": yaml: line 2: did not find expected node content`,
			"/home/u/.kube/config", "/home/u/.kube/config: kubeconfig: not a valid kubeconfig: line 2: did not find expected node content"},
		{"error loading config file \"/k/c\": couldn't get version/kind; json parse error: invalid character 'x'\nlooking for beginning of value",
			"/k/c", "/k/c: kubeconfig: not a valid kubeconfig: couldn't get version/kind; json parse error: invalid character 'x'\nlooking for beginning of value"},
		{`context "nope" does not exist`, "kubeconfig", `kubeconfig: --context/--kubeconfig: context "nope" does not exist`},
	} {
		err := kubeconfigError(errors.New(tc.err))
		var ie *inputerr.Error
		require.ErrorAs(t, err, &ie, tc.err)
		require.Equal(t, tc.file, ie.File)
		require.Equal(t, tc.want, err.Error())
	}

	// End to end: exit 2, the file named, nothing created.
	dir := t.TempDir()
	kc := filepath.Join(dir, "kubeconfig")
	require.NoError(t, os.WriteFile(kc, []byte("apiVersion: v1\nclusters: [\n"), 0o600))
	out := filepath.Join(dir, "run")
	code, _, errs := runKneeCLI(t, "sweep", "--runner", "kube", "--harness", "inference-perf", "--kubeconfig", kc,
		"--endpoint", "http://127.0.0.1:1", "--per-gpu", "1", "--gpus", "1", "--model", "m", "--out", out)
	require.Equal(t, exitUsage, code, errs)
	require.Contains(t, errs, "knee: "+kc+": kubeconfig: not a valid kubeconfig: line 2: did not find expected node content")
	require.NoDirExists(t, out)
}

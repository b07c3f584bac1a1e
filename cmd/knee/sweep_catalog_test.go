package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"

	"github.com/kneetool/knee/sweep/catalog"
)

// The cluster of a leaf is its kubeconfig and context, the current context
// when none is given: "" and the current context's name are one cluster;
// its namespace is --namespace, else the context's.
func TestCatalogClusterOf(t *testing.T) {
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["c"] = &clientcmdapi.Cluster{Server: "https://127.0.0.1:1"}
	cfg.AuthInfos["u"] = &clientcmdapi.AuthInfo{Token: "t"}
	cfg.Contexts["one"] = &clientcmdapi.Context{Cluster: "c", AuthInfo: "u", Namespace: "ns1"}
	cfg.Contexts["two"] = &clientcmdapi.Context{Cluster: "c", AuthInfo: "u"}
	cfg.CurrentContext = "one"
	kc := filepath.Join(t.TempDir(), "kubeconfig")
	require.NoError(t, clientcmd.WriteToFile(*cfg, kc))
	require.Equal(t, leafTarget(kc, "", "").Cluster, leafTarget(kc, "one", "").Cluster)
	require.NotEqual(t, leafTarget(kc, "one", "").Cluster, leafTarget(kc, "two", "").Cluster)
	lo := leafTarget(kc, "", "")
	require.Equal(t, "one", lo.Context)
	require.Equal(t, "ns1", lo.Namespace)
	require.Equal(t, "default", leafTarget(kc, "two", "").Namespace)
	require.Equal(t, "perf", leafTarget(kc, "two", "perf").Namespace, "--namespace wins")
}

// A leaf's flags bind once, typed: its cluster, context and namespace come
// from the bound kubeconfig flags (a leaf's --namespace wins over its
// context's), and its own sweep options keep the leaf's other flags.
func TestCatalogBindLeafIsTyped(t *testing.T) {
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["c"] = &clientcmdapi.Cluster{Server: "https://127.0.0.1:1"}
	cfg.AuthInfos["u"] = &clientcmdapi.AuthInfo{Token: "t"}
	cfg.Contexts["east"] = &clientcmdapi.Context{Cluster: "c", AuthInfo: "u", Namespace: "serving"}
	cfg.CurrentContext = "east"
	dir := t.TempDir()
	require.NoError(t, clientcmd.WriteToFile(*cfg, filepath.Join(dir, "kc")))
	plan, err := catalog.Parse(filepath.Join(dir, "plan.yaml"), []byte(`leaves:
  - {leaf: a, kubeconfig: kc, service: fe, per_gpu: [8], flags: ["--namespace=perf", "--min-requests=500"]}
  - {leaf: b, kubeconfig: kc, context: east, service: fe, per_gpu: [8]}
`), "/h")
	require.NoError(t, err)
	bind := bindLeaf(plan)
	common := []string{"--harness=aiperf", "--min-requests=100"}
	a, err := bind(plan.Leaves[0], plan.Leaves[0].ArgsOver(common))
	require.NoError(t, err)
	require.Equal(t, "east", a.Context, "the current context when the leaf names none")
	require.Equal(t, "perf", a.Namespace)
	b, err := bind(plan.Leaves[1], plan.Leaves[1].ArgsOver(common))
	require.NoError(t, err)
	require.Equal(t, "serving", b.Namespace)
	require.Equal(t, a.Cluster, b.Cluster, "the current context and its name are one cluster")
	require.NotNil(t, a.Sweep)

	_, err = bind(plan.Leaves[1], plan.Leaves[1].ArgsOver([]string{"--harness=builtin"}))
	require.ErrorContains(t, err, "plan.yaml:3: b.harness: a catalog leaf runs on Kubernetes: give harness: aiperf or inference-perf (got builtin")
	_, err = bind(plan.Leaves[1], plan.Leaves[1].ArgsOver([]string{"--min-requestz=5"}))
	require.ErrorContains(t, err, "b.flags: unknown flag: --min-requestz")
}

// Usage and catalog errors are exit 2 before any leaf runs (and before
// DIR is made).
func TestCatalogUsage(t *testing.T) {
	dir := t.TempDir()
	plan := filepath.Join(dir, "plan.yaml")
	require.NoError(t, os.WriteFile(plan, []byte("leaves:\n  - leaf: a\n    service: fe\n    per_gpu: [8]\n    harness: aiperf\n"), 0o644))
	noHarness := filepath.Join(dir, "plain.yaml")
	require.NoError(t, os.WriteFile(noHarness, []byte("leaves:\n  - leaf: a\n    service: fe\n    per_gpu: [8]\n"), 0o644))
	out := filepath.Join(dir, "out")
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--catalog", plan}, "--catalog needs --out DIR"},
		{[]string{"--catalog", plan, "--out", out, "--resume", out}, "--resume cannot be given with --catalog"},
		{[]string{"--catalog", plan, "--out", out, "--leaf", "x"}, "--leaf cannot be given with --catalog"},
		{[]string{"--catalog", plan, "--out", out, "--runner", "local"}, "--catalog runs every leaf with --runner kube"},
		{[]string{"--catalog", plan, "--out", out, "-o", "yaml"}, "-o yaml is not supported here"},
		{[]string{"--catalog", filepath.Join(dir, "nope.yaml"), "--out", out}, "nope.yaml: --catalog: cannot read"},
		{[]string{"--catalog", noHarness, "--out", out}, "plain.yaml:2: a.harness: a catalog leaf runs on Kubernetes: give harness: aiperf or inference-perf (got builtin"},
		{[]string{"--catalog", noHarness, "--out", out, "--harness", "aiperf", "--min-requestz", "5"}, "unknown flag: --min-requestz"},
	} {
		code, _, stderr := runKneeCLI(t, append([]string{"sweep"}, tc.args...)...)
		require.Equal(t, exitUsage, code, "%v: %s", tc.args, stderr)
		require.Contains(t, stderr, tc.msg)
		require.NoDirExists(t, out)
	}
}

// Two leaves on two clusters whose API server refuses connections: both
// run (side by side, each through its own sweep command), both fail on
// their own, the report names each, catalog.json records them, exit 1.
func TestCatalogLeavesFailIndependently(t *testing.T) {
	dir := t.TempDir()
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["down"] = &clientcmdapi.Cluster{Server: "https://127.0.0.1:1"}
	cfg.AuthInfos["u"] = &clientcmdapi.AuthInfo{Token: "t"}
	cfg.Contexts["east"] = &clientcmdapi.Context{Cluster: "down", AuthInfo: "u", Namespace: "serving"}
	cfg.Contexts["west"] = &clientcmdapi.Context{Cluster: "down", AuthInfo: "u", Namespace: "serving"}
	require.NoError(t, clientcmd.WriteToFile(*cfg, filepath.Join(dir, "kc")))
	plan := filepath.Join(dir, "plan.yaml")
	require.NoError(t, os.WriteFile(plan, []byte(`leaves:
  - {leaf: east-leaf, kubeconfig: kc, context: east, service: fe, per_gpu: [8], harness: aiperf}
  - {leaf: west-leaf, kubeconfig: kc, context: west, service: fe, per_gpu: [8], harness: aiperf}
`), 0o644))
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runKneeCLI(t, "sweep", "--catalog", plan, "--out", out, "-o", "markdown")
	require.Equal(t, exitRuntime, code, stderr)
	require.Contains(t, stderr, "2 leaves on 2 clusters")
	require.Contains(t, stderr, "2 of 2 leaves failed (east-leaf, west-leaf)")
	require.Regexp(t, `\| east-leaf +\| east +\| serving +\| failed +\| +0 \| – +\| +– \| get service serving/fe: .*connection refused`, stdout)
	require.Regexp(t, `\| west-leaf +\| west +\| serving +\| failed +\|`, stdout)
	require.Regexp(t, `(?m)^\[west-leaf\] failed: get service serving/fe: `, stderr)
	st, err := catalog.LoadState(out)
	require.NoError(t, err)
	require.Equal(t, catalog.Failed, st.Leaves["east-leaf"].Status)
	require.Equal(t, catalog.Failed, st.Leaves["west-leaf"].Status)
	require.NoDirExists(t, filepath.Join(out, "east-leaf"), "nothing was measured: the next run starts it with --out")
}

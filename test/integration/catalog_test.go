//go:build integration

package integration

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/sweep/store"
)

// twoContexts writes one kubeconfig whose contexts "cluster-a" and
// "cluster-b" reach the same API server as two different ServiceAccounts,
// each bound to deploy/rbac in its own namespace only: two clusters, as far
// as knee can tell (a leaf run in the wrong context would be forbidden).
func twoContexts(t *testing.T, dir string, a, b *env) string {
	t.Helper()
	cfg := clientcmdapi.NewConfig()
	for name, e := range map[string]*env{"cluster-a": a, "cluster-b": b} {
		one, err := clientcmd.LoadFromFile(e.id.Kubeconfig)
		require.NoError(t, err)
		ctx := one.Contexts[one.CurrentContext]
		cfg.Clusters[name] = one.Clusters[ctx.Cluster]
		cfg.AuthInfos[name] = one.AuthInfos[ctx.AuthInfo]
		cfg.Contexts[name] = &clientcmdapi.Context{Cluster: name, AuthInfo: name, Namespace: e.ns}
	}
	cfg.CurrentContext = "cluster-a"
	path := filepath.Join(dir, "kubeconfig")
	require.NoError(t, clientcmd.WriteToFile(*cfg, path))
	return path
}

// catalogRow is a row of `knee sweep --catalog -o json`.
type catalogRow struct {
	Leaf, Context, Namespace, Status, Results, Knee, Accelerator, Error string
	Levels, GPUs                                                        int
}

// kneeCatalog runs knee sweep --catalog with KUBECONFIG set to kubeconfig.
func kneeCatalog(t *testing.T, kubeconfig string, args ...string) (rows map[string]catalogRow, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, kneeBin, append([]string{"sweep"}, args...)...)
	cmd.Env = append(os.Environ(), "KUBECONFIG="+kubeconfig)
	var o, eb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &eb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	var list []catalogRow
	require.NoError(t, json.Unmarshal(o.Bytes(), &list), "stdout %q, stderr:\n%s", o.String(), eb.String())
	rows = map[string]catalogRow{}
	for _, r := range list {
		rows[r.Leaf] = r
	}
	return rows, eb.String(), code
}

const (
	gb300Leaf = "gb300-eks-ubuntu-inference-dynamo"
	h100Leaf  = "h100-aks-ubuntu-inference-dynamo"
	// missingImage is a load-generator image no registry has.
	missingImage = "registry.invalid/knee/aiperf:does-not-exist"
)

// catalogYAML is the two-leaf catalog (the H100 node has 8 GPUs: 4, 16
// and 32 per GPU are the 32, 128 and 256 in flight of the recorded runs): the GB300 leaf in context
// cluster-a (kubeconfig from the catalog, relative to its folder;
// namespace from the context), the H100 leaf in cluster-b (kubeconfig from
// KUBECONFIG; namespace given). h100Extra is the H100 leaf's further keys.
func catalogYAML(nsB, h100Extra string) string {
	return fmt.Sprintf(`# two leaves on two "clusters"
leaves:
  - leaf: %s
    kubeconfig: kubeconfig
    context: cluster-a
    service: sim:http
    node: gb300-0
    model: sim-llm
    harness: aiperf
    per_gpu: [8, 32, 64]
    flags: ["--stop-past-knee=false"]
  - leaf: %s
    context: cluster-b
    namespace: %s
    service: sim
    node: h100-0
    model: sim-llm
    harness: aiperf
    per_gpu: "4,16,32"
    flags: ["--stop-past-knee=false"%s]
`, gb300Leaf, h100Leaf, nsB, h100Extra)
}

// A catalog of two leaves on two contexts: the GB300 leaf completes with
// the recorded AIPerf levels; the H100 leaf's load-generator image does not
// exist, so its first level fails with the kubelet's ErrImagePull and the
// catalog exits 1 after the other leaf finished. Fixing the image in the
// catalog and running the same command again resumes only the H100 leaf:
// the GB300 leaf is skipped (no pod, not one byte of its folder changes).
// A third run skips both.
//
// kwok pulls no images, so the missing image is played the way
// kubelet_test.go plays any kubelet state kwok cannot produce: the H100
// leaf's load generator is pinned (with the leaf's own flags) to the node
// no kwok manages, and the test reports its container as a kubelet would
// for an image that is not there.
func TestCatalogSweepTwoContextsOneLeafFails(t *testing.T) {
	logs := map[int][]byte{0: aiperfPodLog(t, 32), 1: aiperfPodLog(t, 128), 2: aiperfPodLog(t, 256)}
	a, b := newEnv(t, logs), newEnv(t, logs)
	playKubelet(t, b.ns, func(p *corev1.Pod) {
		p.Status.Phase = corev1.PodPending
		p.Status.ContainerStatuses = []corev1.ContainerStatus{{
			Name: "loadgen", Image: p.Spec.Containers[0].Image,
			State: corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: "ErrImagePull",
				Message: fmt.Sprintf(`failed to pull and unpack image %q: not found`, p.Spec.Containers[0].Image)}},
		}}
	})
	work := t.TempDir()
	kc := twoContexts(t, work, a, b)
	plan := filepath.Join(work, "plan.yaml")
	out := filepath.Join(work, "runs")
	pinned := fmt.Sprintf(`, "--image=%s", "--loadgen-node-selector=kubernetes.io/hostname=%s", "--loadgen-toleration=knee.dev/unmanaged:Exists"`, missingImage, manualNode.Name)
	require.NoError(t, os.WriteFile(plan, []byte(catalogYAML(b.ns, pinned)), 0o644))

	rows, stderr, code := kneeCatalog(t, kc, "--catalog", plan, "--out", out, "-o", "json")
	t.Logf("first run:\n%s", stderr)
	require.Equal(t, 1, code, stderr)
	require.Contains(t, stderr, "catalog "+plan+": 2 leaves on 2 clusters into "+out)
	require.Contains(t, stderr, "1 of 2 leaves failed ("+h100Leaf+")")

	g := rows[gb300Leaf]
	require.Equal(t, "done", g.Status, g.Error)
	require.Equal(t, "cluster-a", g.Context)
	require.Equal(t, a.ns, g.Namespace)
	require.Equal(t, 3, g.Levels)
	require.Equal(t, 4, g.GPUs)
	require.Equal(t, "gb300", g.Accelerator)
	require.Contains(t, stderr, "["+gb300Leaf+"] target: node gb300-0 (gb300, 4 GPUs, 4 free), endpoint http://sim."+a.ns+".svc.cluster.local:8000")
	s := readSweep(t, filepath.Join(out, gb300Leaf))
	require.Equal(t, gb300Leaf, s.Leaf)
	require.Len(t, s.Points, 3)
	for i, c := range []int{32, 128, 256} {
		tok, ttft := aiperfExport(t, c)
		require.InDelta(t, tok, s.Points[i].ThroughputTokS, 1e-6, "level %d", i)
		require.InDelta(t, ttft, *s.Points[i].TTFT.P99, 1e-6, "level %d", i)
	}

	h := rows[h100Leaf]
	require.Equal(t, "failed", h.Status)
	require.Equal(t, "cluster-b", h.Context)
	require.Equal(t, b.ns, h.Namespace)
	require.Equal(t, 0, h.Levels)
	require.Regexp(t, `level 0 \(4/GPU\): pod knee-[a-z0-9-]+-l0-4-[a-z0-9]{5}: `, h.Error)
	require.Contains(t, h.Error, `the image cannot be pulled: ErrImagePull: failed to pull and unpack image "`+missingImage+`": not found`)
	require.Contains(t, stderr, "["+h100Leaf+"] failed: ")
	require.True(t, store.IsResultsDir(filepath.Join(out, h100Leaf)), "the failed leaf's folder is kept for the resume")
	require.Empty(t, a.leftovers(t))
	require.Empty(t, b.leftovers(t))

	// The image fixed (and the load generator back on a kwok node): the
	// same command resumes the H100 leaf only.
	gEvents, err := os.ReadFile(filepath.Join(out, gb300Leaf, store.EventsFile))
	require.NoError(t, err)
	fixed := fmt.Sprintf(`, "--image=%s", "--loadgen-node-selector=kubernetes.io/hostname=cpu-0"`, kube.DefaultAIPerfImage)
	require.NoError(t, os.WriteFile(plan, []byte(catalogYAML(b.ns, fixed)), 0o644))
	rows, stderr, code = kneeCatalog(t, kc, "--catalog", plan, "--out", out, "-o", "json")
	t.Logf("second run:\n%s", stderr)
	require.Equal(t, 0, code, stderr)
	require.Equal(t, "skipped", rows[gb300Leaf].Status)
	require.Equal(t, 3, rows[gb300Leaf].Levels)
	require.Contains(t, stderr, "["+gb300Leaf+"] finished in an earlier run with the same flags: skipped")
	again, err := os.ReadFile(filepath.Join(out, gb300Leaf, store.EventsFile))
	require.NoError(t, err)
	require.Equal(t, string(gEvents), string(again), "the finished leaf is not touched")

	h = rows[h100Leaf]
	require.Equal(t, "done", h.Status, h.Error)
	require.Equal(t, 3, h.Levels)
	require.Equal(t, 8, h.GPUs)
	require.Equal(t, "h100", h.Accelerator)
	hs := readSweep(t, filepath.Join(out, h100Leaf))
	require.Equal(t, h100Leaf, hs.Leaf)
	for i, c := range []int{32, 128, 256} {
		tok, _ := aiperfExport(t, c)
		require.InDelta(t, tok, hs.Points[i].ThroughputTokS, 1e-6, "level %d", i)
	}
	hEvents, err := os.ReadFile(filepath.Join(out, h100Leaf, store.EventsFile))
	require.NoError(t, err)
	require.Contains(t, string(hEvents), " failed level 0: 4/GPU (32 in flight")
	require.Regexp(t, `settings resumed with .*image`, string(hEvents))
	require.Empty(t, a.leftovers(t))
	require.Empty(t, b.leftovers(t))

	// Nothing left to do: both skipped, exit 0, and the table says so.
	rows, stderr, code = kneeCatalog(t, kc, "--catalog", plan, "--out", out, "-o", "json")
	require.Equal(t, 0, code, stderr)
	require.Equal(t, "skipped", rows[gb300Leaf].Status)
	require.Equal(t, "skipped", rows[h100Leaf].Status)
	require.NotContains(t, stderr, "target:")
	require.True(t, strings.Count(stderr, "skipped") >= 2, stderr)
}

// Bad catalogs are exit 2 naming the file, the line, the leaf and the key,
// before any leaf runs.
func TestCatalogBadInput(t *testing.T) {
	e := newEnv(t, nil)
	dir := t.TempDir()
	for _, tc := range []struct{ name, yaml, msg string }{
		{"unknown key", "leaves:\n  - leaf: a\n    context: x\n    sevice: sim\n", `plan.yaml:2: a: unknown key(s) sevice`},
		{"duplicate leaf", "leaves:\n  - leaf: a\n    service: sim\n  - leaf: a\n    service: sim\n", `plan.yaml:4: a.leaf: duplicate leaf (first at line 2)`},
		{"bad ladder", "leaves:\n  - leaf: a\n    per_gpu: [64, 32]\n", `plan.yaml:3: a.per_gpu: levels must increase: 32 after 64`},
		{"bad flag", "leaves:\n  - leaf: a\n    harness: aiperf\n    flags: [\"--min-requestz=5\"]\n", `plan.yaml:2: a.flags: unknown flag: --min-requestz`},
		{"builtin harness", "leaves:\n  - leaf: a\n    service: sim\n    per_gpu: [8]\n", `plan.yaml:2: a.harness: a catalog leaf runs on Kubernetes`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plan := filepath.Join(dir, "plan.yaml")
			require.NoError(t, os.WriteFile(plan, []byte(tc.yaml), 0o644))
			cmd := exec.Command(kneeBin, "sweep", "--catalog", plan, "--out", filepath.Join(dir, "out"))
			cmd.Env = append(os.Environ(), "KUBECONFIG="+e.id.Kubeconfig)
			b, err := cmd.CombinedOutput()
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, string(b))
			require.Equal(t, 2, ee.ExitCode(), string(b))
			require.Contains(t, string(b), tc.msg)
		})
	}
	require.Empty(t, e.router.Levels())
	require.Empty(t, e.leftovers(t))
}

// Ctrl-C during a catalog: every leaf in flight abandons its level and
// deletes its Job, the catalog exits 130; the same command again finishes
// every leaf with the levels measured before kept.
func TestCatalogInterruptResume(t *testing.T) {
	logs := map[int][]byte{0: aiperfPodLog(t, 32), 1: aiperfPodLog(t, 128), 2: aiperfPodLog(t, 256)}
	a, b := newEnv(t, logs), newEnv(t, logs)
	work := t.TempDir()
	kc := twoContexts(t, work, a, b)
	plan := filepath.Join(work, "plan.yaml")
	out := filepath.Join(work, "runs")
	require.NoError(t, os.WriteFile(plan, []byte(catalogYAML(b.ns, "")), 0o644))

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, kneeBin, "sweep", "--catalog", plan, "--out", out, "-o", "json")
	cmd.Env = append(os.Environ(), "KUBECONFIG="+kc)
	errPipe, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	var seen []string
	sc := bufio.NewScanner(errPipe)
	for sc.Scan() {
		seen = append(seen, sc.Text())
		if strings.HasPrefix(sc.Text(), "["+gb300Leaf+"] level 1 (32/GPU): Job") && strings.Contains(sc.Text(), "created") {
			require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
			break
		}
	}
	for sc.Scan() {
		seen = append(seen, sc.Text())
	}
	err = cmd.Wait()
	log := strings.Join(seen, "\n")
	t.Logf("interrupted catalog:\n%s", log)
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, log)
	require.Equal(t, 130, ee.ExitCode(), log)
	require.Contains(t, log, "run the same knee sweep --catalog "+plan+" --out "+out+" again to continue")
	require.Empty(t, a.leftovers(t), "Ctrl-C cleans up the level in flight")
	require.Empty(t, b.leftovers(t))
	// Level 1 was in flight; on a loaded machine it may just have finished
	// before the signal arrived, and level 2 was then the one abandoned.
	kept := len(readSweep(t, filepath.Join(out, gb300Leaf)).Points)
	require.Contains(t, []int{1, 2}, kept)

	rows, stderr, code := kneeCatalog(t, kc, "--catalog", plan, "--out", out, "-o", "json")
	require.Equal(t, 0, code, stderr)
	require.Equal(t, "done", rows[gb300Leaf].Status)
	require.Equal(t, 3, rows[gb300Leaf].Levels)
	require.Equal(t, 3, rows[h100Leaf].Levels)
	require.Contains(t, []string{"done", "skipped"}, rows[h100Leaf].Status, "the H100 leaf may have finished before Ctrl-C")
	ev, err := os.ReadFile(filepath.Join(out, gb300Leaf, store.EventsFile))
	require.NoError(t, err)
	require.Contains(t, string(ev), fmt.Sprintf("resumed %d of 3 levels already measured", kept))
	require.Empty(t, a.leftovers(t))
	require.Empty(t, b.leftovers(t))
}

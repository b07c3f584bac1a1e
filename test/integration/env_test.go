//go:build integration

package integration

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/client-go/kubernetes"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/test/integration/testbed"
)

var nsSeq atomic.Int32

// env is one test's namespace: an endpoint Service, the ServiceAccount
// bound to deploy/rbac, and per-level pod logs routed by kwok.
type env struct {
	ns     string
	id     *testbed.Identity
	sa     kubernetes.Interface
	router *testbed.LogRouter
}

func newEnv(t testing.TB, logs map[int][]byte) *env {
	t.Helper()
	ctx := context.Background()
	ns := fmt.Sprintf("knee-it-%d", nsSeq.Add(1))
	cs := cluster.AdminCS
	_, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{})
	require.NoError(t, err)
	// The inference endpoint: a Service with a named port (selector-less;
	// nothing in kwok answers on it, and the load generator is simulated too).
	_, err = cs.CoreV1().Services(ns).Create(ctx, &corev1.Service{
		ObjectMeta: metav1.ObjectMeta{Name: "sim"},
		Spec:       corev1.ServiceSpec{Ports: []corev1.ServicePort{{Name: "http", Port: 8000, TargetPort: intstr.FromInt32(8000)}}},
	}, metav1.CreateOptions{})
	require.NoError(t, err)
	id, err := cluster.BindServiceAccount(ctx, filepath.Join(repo, "deploy", "rbac"), ns)
	require.NoError(t, err)
	sa, err := kubernetes.NewForConfig(id.Config)
	require.NoError(t, err)

	dir := t.TempDir()
	files := map[int]string{}
	for lvl, out := range logs {
		f := filepath.Join(dir, fmt.Sprintf("level-%d.log", lvl))
		require.NoError(t, testbed.CRILog(f, out))
		files[lvl] = f
	}
	r, err := cluster.RouteLogs(ctx, ns, files)
	require.NoError(t, err)
	e := &env{ns: ns, id: id, sa: sa, router: r}
	t.Cleanup(func() {
		r.Close()
		_ = cs.CoreV1().Namespaces().Delete(context.Background(), ns, metav1.DeleteOptions{})
	})
	return e
}

// leftovers lists the Jobs, ConfigMaps and pods knee left in the namespace
// (read with the admin client: the ServiceAccount may not list ConfigMaps).
func (e *env) leftovers(t testing.TB) []string {
	t.Helper()
	ctx := context.Background()
	sel := metav1.ListOptions{LabelSelector: kube.LabelManagedBy + "=" + kube.ManagedBy}
	var left []string
	jobs, err := cluster.AdminCS.BatchV1().Jobs(e.ns).List(ctx, sel)
	require.NoError(t, err)
	for _, j := range jobs.Items {
		left = append(left, "job/"+j.Name)
	}
	cms, err := cluster.AdminCS.CoreV1().ConfigMaps(e.ns).List(ctx, sel)
	require.NoError(t, err)
	for _, c := range cms.Items {
		left = append(left, "configmap/"+c.Name)
	}
	pods, err := cluster.AdminCS.CoreV1().Pods(e.ns).List(ctx, metav1.ListOptions{LabelSelector: kube.LabelSweepID})
	require.NoError(t, err)
	for _, p := range pods.Items {
		left = append(left, "pod/"+p.Name)
	}
	return left
}

// knee runs the CLI as the test's ServiceAccount.
func (e *env) knee(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, kneeBin, args...)
	cmd.Env = append(os.Environ(), "KUBECONFIG="+e.id.Kubeconfig)
	var o, eb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &eb
	err := cmd.Run()
	code = 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return o.String(), eb.String(), code
}

// --- real recorded harness output, assembled into per-level pod logs ---

// aiperfRun is a real AIPerf 0.1.1 run folder in fixtures/aiperf.
func aiperfRun(c int) string {
	return fixtures.Path(fmt.Sprintf("aiperf/simserver-v0.1.1-db4f639-chat-c%d", c))
}

// aiperfPodLog is what the knee AIPerf Job prints for a level, built from a
// real run the same way fixtures/aiperf/aicr-sentinel-log-c128 is: the
// run's console output, then the export byte for byte between sentinels.
func aiperfPodLog(t testing.TB, c int) []byte {
	t.Helper()
	out, err := os.ReadFile(filepath.Join(aiperfRun(c), "stdout.log"))
	require.NoError(t, err)
	exp, err := os.ReadFile(filepath.Join(aiperfRun(c), "profile_export_aiperf.json"))
	require.NoError(t, err)
	var b bytes.Buffer
	b.Write(bytes.TrimRight(out, "\n"))
	b.WriteString("\n===AIPERF-RESULT===\n")
	b.Write(bytes.TrimRight(exp, "\n"))
	b.WriteString("\n===AIPERF-RESULT===\n")
	return b.Bytes()
}

// aiperfExport is the real export's throughput and TTFT p99 for assertions.
func aiperfExport(t *testing.T, c int) (tokS, ttftP99 float64) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(aiperfRun(c), "profile_export_aiperf.json"))
	require.NoError(t, err)
	var e struct {
		OTT  struct{ Avg float64 } `json:"output_token_throughput"`
		TTFT struct{ P99 float64 } `json:"time_to_first_token"`
	}
	require.NoError(t, json.Unmarshal(b, &e))
	return e.OTT.Avg, e.TTFT.P99
}

// ipRun is the real inference-perf v0.6.1 ladder (stages at 4, 16, 64, 128
// and 256 in flight) against the simulated server.
var ipRun = fixtures.Path("inference-perf/simserver-v0.6.1-concurrent-sweep")

// ipPodLog is what a one-level inference-perf Job prints: a warm-up stage
// and the level's stage. It is an excerpt of the real ladder log: every
// plain log line, the JSON blocks of stage k-1 (standing in as the
// warm-up) and stage k, byte for byte; the other stages' blocks and the
// summary are left out. No line is changed.
func ipPodLog(t *testing.T, k int) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(ipRun, "stdout.log"))
	require.NoError(t, err)
	keep := map[string]bool{fmt.Sprintf("STAGE_%d", k-1): true, fmt.Sprintf("STAGE_%d", k): true}
	var out []string
	in := ""
	for _, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		tl := strings.TrimSpace(line)
		if strings.HasPrefix(tl, "=== START_") && strings.HasSuffix(tl, " ===") {
			in = strings.TrimSuffix(strings.TrimPrefix(tl, "=== START_"), " ===")
		}
		if in == "" || keep[in] {
			out = append(out, line)
		}
		if strings.HasPrefix(tl, "=== END_") {
			in = ""
		}
	}
	return []byte(strings.Join(out, "\n") + "\n")
}

// ipStage is a real stage report's output tok/s and TTFT p99 (ms).
func ipStage(t *testing.T, k int) (tokS, ttftP99ms float64) {
	t.Helper()
	tokS, ttftP99ms, err := fixtures.InferencePerfStage("inference-perf/simserver-v0.6.1-concurrent-sweep", k)
	require.NoError(t, err)
	return tokS, ttftP99ms
}

//go:build integration

package integration

import (
	"context"
	"net"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep/store"
)

// hostIP is this machine's first non-loopback IPv4 address: the API server
// proxies to Endpoints, and Endpoints may not name loopback addresses.
func hostIP(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	require.NoError(t, err)
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
			return n.IP.String()
		}
	}
	t.Skip("no non-loopback IPv4 address to point an Endpoints object at")
	return ""
}

// enginePod is a kwok pod standing for the serving pod: kwok's pods serve
// no HTTP, so its status is given this host's IP, where a simulated server
// listens. The API server proxies only to addresses that belong to pods,
// which this makes true.
func enginePod(t *testing.T, ns, ip string) *corev1.Pod {
	t.Helper()
	ctx := context.Background()
	cs := cluster.AdminCS
	pod, err := cs.CoreV1().Pods(ns).Create(ctx, &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: "engine-0", Labels: map[string]string{"app": "engine"}},
		Spec: corev1.PodSpec{NodeName: "cpu-0", Containers: []corev1.Container{{Name: "vllm", Image: "vllm"}},
			Tolerations: []corev1.Toleration{{Operator: corev1.TolerationOpExists}}},
	}, metav1.CreateOptions{})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		pod, err = cs.CoreV1().Pods(ns).Get(ctx, "engine-0", metav1.GetOptions{})
		return err == nil && pod.Status.Phase == corev1.PodRunning
	}, 30*time.Second, 100*time.Millisecond)
	pod.Status.PodIP, pod.Status.PodIPs = ip, []corev1.PodIP{{IP: ip}}
	pod, err = cs.CoreV1().Pods(ns).UpdateStatus(ctx, pod, metav1.UpdateOptions{})
	require.NoError(t, err)
	return pod
}

// The serving engine's /metrics read through the API server's proxy, as
// the ServiceAccount bound to deploy/rbac: through a Service whose
// Endpoints name the engine pod, and from every pod a selector matches.
func TestKubeMetricsThroughAPIServerProxy(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	ip := hostIP(t)
	srv := simserver.New(simserver.Config{Addr: ip + ":0", GPUs: 2, BatchPerGPU: 4, StepBase: time.Millisecond, KVBlocksPerGPU: 100})
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	_, portS, _ := net.SplitHostPort(url[len("http://"):])
	port, _ := strconv.Atoi(portS)
	pod := enginePod(t, e.ns, ip)

	cs := cluster.AdminCS
	_, err = cs.CoreV1().Services(e.ns).Create(ctx, &corev1.Service{
		ObjectMeta: metav1.ObjectMeta{Name: "engine"},
		Spec:       corev1.ServiceSpec{Ports: []corev1.ServicePort{{Name: "http", Port: 8000, TargetPort: intstr.FromInt32(int32(port))}}},
	}, metav1.CreateOptions{})
	require.NoError(t, err)
	_, err = cs.CoreV1().Endpoints(e.ns).Create(ctx, &corev1.Endpoints{ //nolint:staticcheck // what the service proxy reads
		ObjectMeta: metav1.ObjectMeta{Name: "engine"},
		Subsets: []corev1.EndpointSubset{{
			Addresses: []corev1.EndpointAddress{{IP: ip, TargetRef: &corev1.ObjectReference{Kind: "Pod", Namespace: e.ns, Name: pod.Name, UID: pod.UID}}},
			Ports:     []corev1.EndpointPort{{Name: "http", Port: int32(port)}}}},
	}, metav1.CreateOptions{})
	require.NoError(t, err)

	check := func(src *kube.ProxyMetrics) {
		t.Helper()
		var last error
		ok := assert.Eventually(t, func() bool {
			s, err := src.Scrape(ctx)
			if last = err; err != nil {
				return false
			}
			return s.Engine == "vllm" && s.Running != nil && *s.Running == 0 &&
				s.KVCapacityTokens != nil && *s.KVCapacityTokens == 2*100*16
		}, 20*time.Second, 200*time.Millisecond)
		require.True(t, ok, "last error: %v", last)
	}
	svc := &kube.ProxyMetrics{Client: e.sa, Namespace: e.ns, Service: "engine:http"}
	check(svc)
	require.Contains(t, svc.Names()[0], "services/"+e.ns+"/engine:http/proxy/metrics")
	check(&kube.ProxyMetrics{Client: e.sa, Namespace: e.ns, PodSelector: "app=engine", Port: portS})

	// The Role grants the proxy in its own namespace only.
	other := &kube.ProxyMetrics{Client: e.sa, Namespace: "default", Service: "kubernetes:443"}
	_, err = other.Scrape(ctx)
	require.Error(t, err)
	require.True(t, apierrors.IsForbidden(errorsUnwrap(err)), "%v", err)
}

func errorsUnwrap(err error) error {
	for {
		u, ok := err.(interface{ Unwrap() error })
		if !ok || u.Unwrap() == nil {
			return err
		}
		err = u.Unwrap()
	}
}

// knee sweep --runner kube --metrics-pods: as the ServiceAccount, every
// level's point carries the engine metrics read through the API server's
// pod proxy, and metrics.json is kept beside the harness's pod log.
func TestKubeSweepSamplesEngineMetrics(t *testing.T) {
	e := newEnv(t, map[int][]byte{0: ipPodLog(t, 1), 1: ipPodLog(t, 2)})
	ip := hostIP(t)
	srv := simserver.New(simserver.Config{Addr: ip + ":0", GPUs: 4, BatchPerGPU: 4, StepBase: time.Millisecond, KVBlocksPerGPU: 100})
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	_, portS, _ := net.SplitHostPort(url[len("http://"):])
	enginePod(t, e.ns, ip)

	out := filepath.Join(t.TempDir(), "run")
	_, stderr, code := e.knee(t, "sweep", "--runner", "kube", "--harness", "inference-perf", "--api", "completion",
		"--node", "gb300-0", "--service", "sim:http", "--model", "sim-llm", "--metrics-pods", "app=engine:"+portS,
		"--per-gpu", "4,16", "--stop-past-knee=false", "--out", out, "-o", "json")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, "engine metrics: sampling pods/"+e.ns+"{app=engine}:"+portS+"/proxy/metrics (API server) every second (vllm)")
	s := readSweep(t, out)
	require.Len(t, s.Points, 2)
	for _, p := range s.Points {
		require.NotNil(t, p.Engine, "level %v", p.PerGPU)
		require.Equal(t, 4*100*16.0, *p.Engine.KVCapacityTokens)
	}
	raws, _ := filepath.Glob(filepath.Join(out, store.LevelsDir, "*", "metrics.json"))
	require.Len(t, raws, 2)
}

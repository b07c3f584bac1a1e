//go:build integration

package integration

import (
	"context"
	"net"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep/store"
)

// exporterPod is a kwok pod standing for the GPU Operator's DCGM exporter
// on node, in its own namespace, labelled as the Operator labels it, with
// its metrics port: kwok's pods serve no HTTP, so its status is given this
// host's IP, where the simulated server serves DCGM-named series on port.
func exporterPod(t *testing.T, node, ip string, port int) (ns, name string) {
	t.Helper()
	ctx := context.Background()
	cs := cluster.AdminCS
	ns = "gpu-operator-" + strconv.FormatInt(time.Now().UnixNano()%1e9, 10)
	_, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = cs.CoreV1().Namespaces().Delete(context.Background(), ns, metav1.DeleteOptions{}) })
	name = "nvidia-dcgm-exporter-x7k2p"
	pod, err := cs.CoreV1().Pods(ns).Create(ctx, &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"app": "nvidia-dcgm-exporter"}},
		Spec: corev1.PodSpec{NodeName: node, Containers: []corev1.Container{{Name: "nvidia-dcgm-exporter", Image: "dcgm-exporter",
			Ports: []corev1.ContainerPort{{Name: "metrics", ContainerPort: int32(port)}}}},
			Tolerations: []corev1.Toleration{{Operator: corev1.TolerationOpExists}}},
	}, metav1.CreateOptions{})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		pod, err = cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		return err == nil && pod.Status.Phase == corev1.PodRunning
	}, 30*time.Second, 100*time.Millisecond)
	pod.Status.PodIP, pod.Status.PodIPs = ip, []corev1.PodIP{{IP: ip}}
	_, err = cs.CoreV1().Pods(ns).UpdateStatus(ctx, pod, metav1.UpdateOptions{})
	require.NoError(t, err)
	return ns, name
}

// knee sweep --runner kube without --telemetry finds the DCGM exporter on
// the measured GPU node itself (the GPU Operator's labelled pod, in its own
// namespace), reads it through the API server's pod proxy as the
// ServiceAccount bound to deploy/rbac, and every level carries GPU
// telemetry and tokens per joule. --telemetry off skips it.
func TestKubeSweepFindsTheDCGMExporter(t *testing.T) {
	e := newEnv(t, map[int][]byte{0: ipPodLog(t, 1), 1: ipPodLog(t, 2), 2: ipPodLog(t, 1)})
	ip := hostIP(t)
	srv := simserver.New(simserver.Config{Addr: ip + ":0", GPUs: 4, BatchPerGPU: 4, StepBase: time.Millisecond})
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	_, portS, _ := net.SplitHostPort(url[len("http://"):])
	port, _ := strconv.Atoi(portS)
	ns, pod := exporterPod(t, "gb300-0", ip, port)

	// The discovery alone, as the ServiceAccount.
	ex, err := kube.FindDCGMExporter(context.Background(), e.sa, "gb300-0")
	require.NoError(t, err)
	require.Equal(t, ns, ex.Namespace)
	require.Equal(t, pod, ex.Pod)
	require.Equal(t, portS, ex.Port)
	_, err = kube.FindDCGMExporter(context.Background(), e.sa, "gb300-1")
	require.ErrorContains(t, err, "no DCGM exporter on node gb300-1")

	out := filepath.Join(t.TempDir(), "run")
	_, stderr, code := e.knee(t, "sweep", "--runner", "kube", "--harness", "inference-perf", "--api", "completion",
		"--node", "gb300-0", "--service", "sim:http", "--model", "sim-llm", "--metrics", "none",
		"--per-gpu", "4,16", "--stop-past-knee=false", "--gpu-hour-price", "3", "--out", out, "-o", "json")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, "gpu telemetry: sampling pods/"+ns+"/"+pod+":"+portS+"/proxy/metrics (API server, the DCGM exporter on gb300-0) every second (4 GPUs)")
	s := readSweep(t, out)
	require.Len(t, s.Points, 2)
	for _, p := range s.Points {
		require.NotNil(t, p.GPU, "level %v", *p.PerGPU)
		require.Len(t, p.GPU.GPUs, 4)
		require.Equal(t, "counter", p.GPU.EnergyFrom)
		require.NotNil(t, p.TokensPerJoule)
		require.NotNil(t, p.USDPerMTok)
	}
	raws, _ := filepath.Glob(filepath.Join(out, store.LevelsDir, "*", "telemetry.json"))
	require.Len(t, raws, 2)

	off := filepath.Join(t.TempDir(), "off")
	_, stderr, code = e.knee(t, "sweep", "--runner", "kube", "--harness", "inference-perf", "--api", "completion",
		"--node", "gb300-0", "--service", "sim:http", "--model", "sim-llm", "--metrics", "none",
		"--per-gpu", "4", "--stop-past-knee=false", "--telemetry", "off", "--out", off, "-o", "json")
	require.Equal(t, 0, code, stderr)
	require.NotContains(t, stderr, "gpu telemetry")
	require.Nil(t, readSweep(t, off).Points[0].GPU)
}

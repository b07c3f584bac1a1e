package testbed

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/dynamic"
	sigyaml "sigs.k8s.io/yaml"
)

var (
	crdGVR         = schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}
	clusterLogsGVR = schema.GroupVersionResource{Group: "kwok.x-k8s.io", Version: "v1alpha1", Resource: "clusterlogs"}
)

// applyCRDs installs kwok's CRDs (from its module source) and waits until
// they are served.
func (c *Cluster) applyCRDs(ctx context.Context, names ...string) error {
	dc, err := dynamic.NewForConfig(c.Admin)
	if err != nil {
		return err
	}
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(c.KwokDir, "crd", "kwok.x-k8s.io_"+n+".yaml"))
		if err != nil {
			return err
		}
		var obj map[string]any
		if err := sigyaml.Unmarshal(b, &obj); err != nil {
			return fmt.Errorf("CRD %s: %w", n, err)
		}
		u := &unstructured.Unstructured{Object: obj}
		if _, err := dc.Resource(crdGVR).Create(ctx, u, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
			return fmt.Errorf("create CRD %s: %w", n, err)
		}
		deadline := time.Now().Add(30 * time.Second)
		for {
			got, err := dc.Resource(crdGVR).Get(ctx, u.GetName(), metav1.GetOptions{})
			if err == nil && established(got) {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("CRD %s not established", n)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	return nil
}

func established(u *unstructured.Unstructured) bool {
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	for _, c := range conds {
		m, _ := c.(map[string]any)
		if m["type"] == "Established" && m["status"] == "True" {
			return true
		}
	}
	return false
}

// stageFiles are kwok's own stages: fast node start and heartbeat (without
// it nodes go NotReady after ~50 s), fast pod lifecycle (Job pods complete
// at once), and the chaos stage that fails pods carrying FailLabel.
var stageFiles = []string{
	"node/fast/node-initialize.yaml",
	"node/heartbeat/node-heartbeat.yaml",
	"pod/fast/pod-ready.yaml",
	"pod/fast/pod-complete.yaml",
	"pod/fast/pod-delete.yaml",
	"pod/chaos/pod-container-running-failed.yaml",
}

// FailLabel on a pod makes kwok fail its running container with exit code 1.
const FailLabel = "pod-container-running-failed.stage.kwok.x-k8s.io"

func (c *Cluster) writeStages() (string, error) {
	var parts []string
	for _, f := range stageFiles {
		b, err := os.ReadFile(filepath.Join(c.KwokDir, "stage", f))
		if err != nil {
			return "", err
		}
		parts = append(parts, strings.TrimSpace(string(b)))
	}
	path := filepath.Join(c.Dir, "kwok-stages.yaml")
	return path, os.WriteFile(path, []byte(strings.Join(parts, "\n---\n")+"\n"), 0o600)
}

// Node describes a fake node.
type Node struct {
	Name    string
	GPUs    int
	Product string // nvidia.com/gpu.product, e.g. NVIDIA-GB300
	Arch    string // kubernetes.io/arch
	CPU     string
	// Unmanaged nodes are not kwok's: no kubelet reports on them, so the
	// test sets their pods' status itself.
	Unmanaged bool
}

// AddNode creates a kwok-managed node with the given GPUs and labels and
// waits until it is Ready.
func (c *Cluster) AddNode(ctx context.Context, n Node) error {
	if n.Arch == "" {
		n.Arch = "amd64"
	}
	if n.CPU == "" {
		n.CPU = "64"
	}
	labels := map[string]string{
		corev1.LabelArchStable: n.Arch, corev1.LabelOSStable: "linux", corev1.LabelHostname: n.Name, "type": "kwok",
	}
	res := corev1.ResourceList{
		corev1.ResourceCPU: resource.MustParse(n.CPU), corev1.ResourceMemory: resource.MustParse("512Gi"),
		corev1.ResourcePods: resource.MustParse("110"),
	}
	if n.GPUs > 0 {
		labels["nvidia.com/gpu.product"] = n.Product
		labels["nvidia.com/gpu.count"] = strconv.Itoa(n.GPUs)
		res["nvidia.com/gpu"] = *resource.NewQuantity(int64(n.GPUs), resource.DecimalSI)
	}
	node := &corev1.Node{
		ObjectMeta: metav1.ObjectMeta{Name: n.Name, Labels: labels, Annotations: map[string]string{FakeNodeAnnotation: "fake"}},
		Status:     corev1.NodeStatus{Capacity: res, Allocatable: res},
	}
	if n.Unmanaged {
		// Tainted from the start so that only pods meant for it land there.
		node.Annotations = nil
		node.Spec.Taints = []corev1.Taint{{Key: "knee.dev/unmanaged", Value: "true", Effect: corev1.TaintEffectNoSchedule}}
	}
	if _, err := c.AdminCS.CoreV1().Nodes().Create(ctx, node, metav1.CreateOptions{}); err != nil {
		return err
	}
	if n.Unmanaged {
		return nil
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		got, err := c.AdminCS.CoreV1().Nodes().Get(ctx, n.Name, metav1.GetOptions{})
		if err == nil {
			for _, cond := range got.Status.Conditions {
				if cond.Type == corev1.NodeReady && cond.Status == corev1.ConditionTrue {
					return nil
				}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("node %s not Ready after 60s: %s", n.Name, c.LogTail("kwok", 10))
}

// CRILog writes lines as a CRI container log (the format kwok's log server
// reads): one "TIMESTAMP stdout F text" line per line of output.
func CRILog(path string, output []byte) error {
	var b strings.Builder
	ts := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, line := range strings.Split(strings.TrimRight(string(output), "\n"), "\n") {
		fmt.Fprintf(&b, "%s stdout F %s\n", ts.Add(time.Duration(i)*time.Millisecond).Format(time.RFC3339Nano), line)
	}
	return os.WriteFile(path, []byte(b.String()), 0o600)
}

// LogRouter gives each pod of a namespace the log file of its level: kwok's
// log rules select pods by name only, and a Job's pod name is random, so the
// router creates a ClusterLogs for every new pod the moment it appears
// (long before the pod completes and knee asks for its log).
type LogRouter struct {
	mu    sync.Mutex
	files map[string]string // knee.dev/level value → CRI log file
	stop  context.CancelFunc
	done  chan struct{}
	dc    dynamic.Interface
	made  []string
	seen  map[string]bool
	// routed: pods that have their rule (a re-watch must not route twice).
	routed map[string]bool
}

// Levels lists the knee.dev/level values of the pods seen so far, sorted.
func (r *LogRouter) Levels() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := []string{}
	for l := range r.seen {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

// RouteLogs starts a router for namespace ns; files maps a level index
// (label knee.dev/level) to a CRI log file. Stop it with Close.
func (c *Cluster) RouteLogs(ctx context.Context, ns string, files map[int]string) (*LogRouter, error) {
	dc, err := dynamic.NewForConfig(c.Admin)
	if err != nil {
		return nil, err
	}
	r := &LogRouter{files: map[string]string{}, seen: map[string]bool{}, routed: map[string]bool{}, dc: dc, done: make(chan struct{})}
	for k, v := range files {
		r.files[strconv.Itoa(k)] = v
	}
	watchPods := func(ctx context.Context) (watch.Interface, error) {
		return c.AdminCS.CoreV1().Pods(ns).Watch(ctx, metav1.ListOptions{LabelSelector: "knee.dev/level"})
	}
	w, err := watchPods(ctx)
	if err != nil {
		return nil, err
	}
	ctx, r.stop = context.WithCancel(ctx)
	go func() {
		defer close(r.done)
		defer func() { w.Stop() }()
		// A watch can lose events while etcd or the API server restarts
		// without closing; a periodic list routes what it missed.
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				r.resync(ctx, c, ns)
			case ev, ok := <-w.ResultChan():
				if !ok {
					// The API server went away (a chaos test restarts it):
					// watch again; pods created meanwhile arrive as Added
					// events of the new watch's initial list.
					for ctx.Err() == nil {
						if w, err = watchPods(ctx); err == nil {
							break
						}
						time.Sleep(200 * time.Millisecond)
					}
					if ctx.Err() == nil {
						r.resync(ctx, c, ns)
					}
					continue
				}
				if ev.Type != watch.Added {
					continue
				}
				if p, ok := ev.Object.(*corev1.Pod); ok {
					_ = r.route(ctx, p)
				}
			}
		}
	}()
	return r, nil
}

// resync routes the pods created while the watch was down.
func (r *LogRouter) resync(ctx context.Context, c *Cluster, ns string) {
	pods, err := c.AdminCS.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "knee.dev/level"})
	if err != nil {
		return
	}
	for i := range pods.Items {
		p := &pods.Items[i]
		r.mu.Lock()
		routed := r.routed[p.Name]
		r.mu.Unlock()
		if !routed {
			_ = r.route(ctx, p)
		}
	}
}

func (r *LogRouter) route(ctx context.Context, p *corev1.Pod) error {
	r.mu.Lock()
	r.seen[p.Labels["knee.dev/level"]] = true
	file, ok := r.files[p.Labels["knee.dev/level"]]
	r.mu.Unlock()
	if !ok {
		return nil
	}
	var containers []any
	for _, ct := range p.Spec.Containers {
		containers = append(containers, ct.Name)
	}
	name := "knee-" + p.Namespace + "-" + p.Name
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "kwok.x-k8s.io/v1alpha1", "kind": "ClusterLogs",
		"metadata": map[string]any{"name": name},
		"spec": map[string]any{
			"selector": map[string]any{"matchNamespaces": []any{p.Namespace}, "matchNames": []any{p.Name}},
			"logs":     []any{map[string]any{"containers": containers, "logsFile": file}},
		},
	}}
	_, err := r.dc.Resource(clusterLogsGVR).Create(ctx, u, metav1.CreateOptions{})
	if err == nil {
		r.mu.Lock()
		r.made = append(r.made, name)
		r.routed[p.Name] = true
		r.mu.Unlock()
	}
	return err
}

// Close stops the router and deletes the rules it made.
func (r *LogRouter) Close() {
	r.stop()
	<-r.done
	for _, n := range r.made {
		_ = r.dc.Resource(clusterLogsGVR).Delete(context.Background(), n, metav1.DeleteOptions{})
	}
}

// WaitLogServer blocks until kwok serves pods/log for a probe pod on node:
// kwok loads log rules through its own informers a few seconds after it
// starts, and a test that reads a log before that would see "no logs found".
func (c *Cluster) WaitLogServer(ctx context.Context, node string) error {
	// A fresh namespace per probe: an earlier probe's may still be terminating.
	c.probes++
	ns := fmt.Sprintf("kwok-probe-%d", c.probes)
	cs := c.AdminCS
	if _, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
		return err
	}
	f := filepath.Join(c.Dir, "probe.log")
	if err := CRILog(f, []byte("probe")); err != nil {
		return err
	}
	r, err := c.RouteLogs(ctx, ns, map[int]string{999: f})
	if err != nil {
		return err
	}
	pod := &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: "probe", Labels: map[string]string{"knee.dev/level": "999"}},
		Spec:       corev1.PodSpec{NodeName: node, Containers: []corev1.Container{{Name: "probe", Image: "probe"}}},
	}
	// A new namespace's default ServiceAccount comes a moment later.
	for i := 0; ; i++ {
		_, err := cs.CoreV1().Pods(ns).Create(ctx, pod, metav1.CreateOptions{})
		if err == nil {
			break
		}
		if i == 100 {
			r.Close()
			return err
		}
		time.Sleep(200 * time.Millisecond)
	}
	defer func() {
		r.Close()
		zero := int64(0)
		_ = cs.CoreV1().Namespaces().Delete(context.Background(), ns, metav1.DeleteOptions{GracePeriodSeconds: &zero})
	}()
	deadline := time.Now().Add(60 * time.Second)
	var last error
	for time.Now().Before(deadline) {
		b, err := cs.CoreV1().Pods(ns).GetLogs("probe", &corev1.PodLogOptions{}).DoRaw(ctx)
		if err == nil && strings.TrimSpace(string(b)) == "probe" {
			return nil
		}
		last = err
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("kwok serves no pod logs after 60s: %v\n%s", last, c.LogTail("kwok", 10))
}

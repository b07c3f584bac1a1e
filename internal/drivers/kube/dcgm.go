package kube

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/kneetool/knee/sweep/metrics"
)

// dcgmExporterLabels select the DCGM exporter's pods as the NVIDIA GPU
// Operator's DaemonSet labels them (app=nvidia-dcgm-exporter) and as the
// exporter's own Helm chart does (app.kubernetes.io/name=dcgm-exporter).
var dcgmExporterLabels = []string{"app=nvidia-dcgm-exporter", "app.kubernetes.io/name=dcgm-exporter"}

// dcgmPort is the exporter's default port (its --address :9400).
const dcgmPort = 9400

// maxProbed bounds the unlabelled pods probed for DCGM series on a node,
// so a crowded node costs a few scrapes, not one per pod.
const maxProbed = 8

// DCGMExporter reads a GPU node's DCGM exporter through the API server's
// pod proxy and keeps the GPUs the serving pods hold. It implements
// metrics.Source.
type DCGMExporter struct {
	Client kubernetes.Interface
	// Namespace, Pod and Port are the exporter pod and its metrics port.
	Namespace, Pod, Port string
	// Node is the GPU node it runs on.
	Node string
	// ServingNamespace and ServingPods are the pods whose GPUs are kept,
	// read from the exporter's pod and namespace labels (its Kubernetes
	// mapping, on by default in the GPU Operator). With none known, or an
	// exporter that maps no GPU to a pod, every GPU of the node is kept.
	ServingNamespace string
	ServingPods      []string
}

// Names says what is scraped: the pod through the proxy, and whose GPUs.
func (d *DCGMExporter) Names() []string {
	n := fmt.Sprintf("pods/%s/%s:%s/proxy/metrics (API server, the DCGM exporter on %s", d.Namespace, d.Pod, d.Port, d.Node)
	if len(d.ServingPods) > 0 {
		n += ", GPUs of " + d.ServingNamespace + "/" + strings.Join(d.ServingPods, ",")
	}
	return []string{n + ")"}
}

// Scrape reads the exporter once and keeps the serving pods' GPUs.
func (d *DCGMExporter) Scrape(ctx context.Context) (metrics.Snapshot, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	s, err := readProxied(ctx, d.Client, d.Namespace, d.Pod, d.Port)
	if err != nil {
		return s, err
	}
	s.GPUs = ServingGPUs(s.GPUs, d.ServingNamespace, d.ServingPods)
	s.At = time.Now()
	return s, nil
}

// ServingGPUs keeps the GPUs the exporter maps to one of pods in
// namespace. When pods is empty, or no GPU carries a pod label (the
// exporter's Kubernetes mapping is off), every GPU is kept.
func ServingGPUs(gpus []metrics.GPUSample, namespace string, pods []string) []metrics.GPUSample {
	if len(pods) == 0 {
		return gpus
	}
	mapped := false
	for _, g := range gpus {
		mapped = mapped || g.Pod != ""
	}
	if !mapped {
		return gpus
	}
	want := map[string]bool{}
	for _, p := range pods {
		want[p] = true
	}
	var out []metrics.GPUSample
	for _, g := range gpus {
		if want[g.Pod] && (g.Namespace == "" || g.Namespace == namespace) {
			out = append(out, g)
		}
	}
	return out
}

func readProxied(ctx context.Context, cs kubernetes.Interface, ns, pod, port string) (metrics.Snapshot, error) {
	body, err := cs.CoreV1().Pods(ns).ProxyGet("http", pod, port, "metrics", nil).Stream(ctx)
	if err != nil {
		return metrics.Snapshot{}, fmt.Errorf("telemetry: pod %s/%s through the API server: %w", ns, pod, err)
	}
	defer body.Close()
	s, err := metrics.Parse(body)
	if err != nil {
		return metrics.Snapshot{}, fmt.Errorf("telemetry: pod %s/%s: %w", ns, pod, err)
	}
	return s, nil
}

// FindDCGMExporter finds the DCGM exporter serving node's GPUs: a running
// pod on the node labelled as the GPU Operator or the exporter's chart
// labels it, else any running pod on the node with a container port 9400
// or named metrics whose /metrics serves DCGM_FI_DEV_POWER_USAGE (probed
// through the API server, at most maxProbed of them). It needs the
// ClusterRole's pods list and pods/proxy get (deploy/rbac).
func FindDCGMExporter(ctx context.Context, cs kubernetes.Interface, node string) (*DCGMExporter, error) {
	list, err := cs.CoreV1().Pods("").List(ctx, metav1.ListOptions{FieldSelector: "spec.nodeName=" + node})
	if err != nil {
		return nil, fmt.Errorf("telemetry: list pods on node %s: %w", node, err)
	}
	pods := list.Items
	sort.Slice(pods, func(i, j int) bool { return pods[i].Namespace+"/"+pods[i].Name < pods[j].Namespace+"/"+pods[j].Name })
	for i := range pods {
		if running(&pods[i]) && labelled(&pods[i]) {
			return &DCGMExporter{Client: cs, Namespace: pods[i].Namespace, Pod: pods[i].Name, Port: metricsPort(&pods[i]), Node: node}, nil
		}
	}
	probed := 0
	for i := range pods {
		p := &pods[i]
		port, ok := candidatePort(p)
		if !running(p) || !ok || probed >= maxProbed {
			continue
		}
		probed++
		pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		s, err := readProxied(pctx, cs, p.Namespace, p.Name, port)
		cancel()
		if err == nil && len(s.GPUs) > 0 {
			return &DCGMExporter{Client: cs, Namespace: p.Namespace, Pod: p.Name, Port: port, Node: node}, nil
		}
	}
	return nil, fmt.Errorf("telemetry: no DCGM exporter on node %s (no running pod labelled %s, and none of %d pods with port %d or one named metrics serves %s)",
		node, strings.Join(dcgmExporterLabels, " or "), probed, dcgmPort, metrics.PowerName)
}

func running(p *corev1.Pod) bool {
	return p.Status.Phase == corev1.PodRunning && p.DeletionTimestamp == nil
}

func labelled(p *corev1.Pod) bool {
	for _, l := range dcgmExporterLabels {
		k, v, _ := strings.Cut(l, "=")
		if p.Labels[k] == v {
			return true
		}
	}
	return false
}

// metricsPort is the exporter container's port named metrics, else its
// port 9400, else 9400.
func metricsPort(p *corev1.Pod) string {
	if port, ok := candidatePort(p); ok {
		return port
	}
	return strconv.Itoa(dcgmPort)
}

// candidatePort is a container port named metrics or numbered 9400.
func candidatePort(p *corev1.Pod) (string, bool) {
	var found string
	for _, c := range p.Spec.Containers {
		for _, cp := range c.Ports {
			switch {
			case cp.Name == "metrics":
				return strconv.Itoa(int(cp.ContainerPort)), true
			case cp.ContainerPort == dcgmPort && found == "":
				found = strconv.Itoa(dcgmPort)
			}
		}
	}
	return found, found != ""
}

// ServingPodsOn are the ready backends of service (NAME[:PORT]) in
// namespace that run on node, by name, from its EndpointSlices.
func ServingPodsOn(ctx context.Context, cs kubernetes.Interface, namespace, service, node string) ([]string, error) {
	name, _, _ := strings.Cut(service, ":")
	slices, err := cs.DiscoveryV1().EndpointSlices(namespace).List(ctx, metav1.ListOptions{LabelSelector: discoveryv1.LabelServiceName + "=" + name})
	if err != nil {
		return nil, fmt.Errorf("list endpointslices of service %s/%s: %w", namespace, name, err)
	}
	seen := map[string]bool{}
	var out []string
	for _, s := range slices.Items {
		for _, e := range s.Endpoints {
			if e.NodeName == nil || *e.NodeName != node || e.TargetRef == nil || e.TargetRef.Kind != "Pod" || seen[e.TargetRef.Name] {
				continue
			}
			seen[e.TargetRef.Name] = true
			out = append(out, e.TargetRef.Name)
		}
	}
	sort.Strings(out)
	return out, nil
}

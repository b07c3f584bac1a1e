package kube

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/kubernetes"

	"github.com/kneetool/knee/internal/inputerr"
)

// NodeEndpoint is one identical GPU node of a leaf and the serving
// endpoint on it.
//
// How a leaf exposes one endpoint per node: knee reads it from the
// Service the leaf already has (--service). Kubernetes' EndpointSlices
// list every ready backend of a Service with the node it runs on
// (endpoints[].nodeName), so the serving pod on node N is reachable at
// its address and the Service's target port, without a Service per node,
// without new labels, and without anything the leaf must change. A level
// sent to that address is served by node N's GPUs alone, which is what a
// per-node measurement needs; the Service's own address would spread one
// level over every node.
type NodeEndpoint struct {
	Target
	// Endpoint is http://ADDRESS:PORT of the ready serving pod on the node.
	Endpoint string `json:"endpoint"`
	// Pod names the serving pod, when the EndpointSlice says.
	Pod string `json:"pod,omitempty"`
}

// NodesOptions say which nodes a parallel sweep uses.
type NodesOptions struct {
	Namespace string
	// Service is NAME[:PORT]: the leaf's serving Service.
	Service string
	// Selector is a label selector of GPU nodes (--node-selector); "" any.
	Selector string
	// Count is how many nodes (--nodes); 0 takes every one that qualifies.
	Count int
	// GPUs and Accelerator override what the nodes say.
	GPUs        int
	Accelerator string
}

// DiscoverNodes finds Count GPU nodes matching Selector that each run a
// ready backend of Service, in name order. The nodes must be identical —
// the same accelerator product and GPU count — since their levels are
// combined into one sweep; a mixed set is refused naming the difference.
// Bad input is a *inputerr.Error naming the flag.
func DiscoverNodes(ctx context.Context, cs kubernetes.Interface, o NodesOptions) ([]NodeEndpoint, error) {
	sel, err := o.selector()
	if err != nil {
		return nil, err
	}
	byNode, err := endpointsByNode(ctx, cs, o.Namespace, o.Service)
	if err != nil {
		return nil, err
	}
	list, err := cs.CoreV1().Nodes().List(ctx, metav1.ListOptions{LabelSelector: sel.String()})
	if err != nil {
		return nil, fmt.Errorf("list nodes: %w", err)
	}
	out, gpuNodes := readyGPUNodes(list.Items, byNode)
	if out, err = o.take(out, gpuNodes); err != nil {
		return nil, err
	}
	for _, n := range out[1:] {
		if n.GPUs != out[0].GPUs || n.Product != out[0].Product {
			return nil, inputerr.Errorf("flags", "--node-selector", 0, "the nodes are not identical: %s has %d × %s, %s has %d × %s; select one kind of node",
				out[0].Node, out[0].GPUs, out[0].Product, n.Node, n.GPUs, n.Product)
		}
	}
	for i := range out {
		if o.GPUs > 0 {
			out[i].GPUs = o.GPUs
		}
		if o.Accelerator != "" {
			out[i].Accelerator = o.Accelerator
		}
	}
	return out, nil
}

// selector checks the options and parses --node-selector.
func (o NodesOptions) selector() (labels.Selector, error) {
	if o.Service == "" {
		return nil, inputerr.Errorf("flags", "--service", 0, "--nodes and --node-selector need --service NAME[:PORT]: the leaf's Service, whose ready backends give each node's endpoint")
	}
	if o.Count < 0 {
		return nil, inputerr.Errorf("flags", "--nodes", 0, "must not be negative, got %d", o.Count)
	}
	if o.Selector == "" {
		return labels.Everything(), nil
	}
	sel, err := labels.Parse(o.Selector)
	if err != nil {
		return nil, inputerr.Errorf("flags", "--node-selector", 0, "%q is not a label selector: %v", o.Selector, err)
	}
	return sel, nil
}

// readyGPUNodes are the nodes with GPUs that are Ready and run a ready
// backend, in name order, with the endpoint of each; gpuNodes counts every
// node with GPUs, for the error that none or too few qualify.
func readyGPUNodes(nodes []corev1.Node, byNode map[string]NodeEndpoint) (out []NodeEndpoint, gpuNodes int) {
	for _, n := range nodes {
		total := gpuQuantity(n.Status.Allocatable)
		if total <= 0 {
			continue
		}
		gpuNodes++
		ep, ok := byNode[n.Name]
		if !ok || !isNodeReady(&n) {
			continue
		}
		product := n.Labels[LabelGPUProduct]
		t := Target{Node: n.Name, GPUs: total, FreeGPUs: total, Product: product, Accelerator: acceleratorFromProduct(product)}
		ep.Target = t
		out = append(out, ep)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Node < out[j].Node })
	return out, gpuNodes
}

// take keeps the first Count qualifying nodes (all with Count 0), refusing
// none or too few.
func (o NodesOptions) take(out []NodeEndpoint, gpuNodes int) ([]NodeEndpoint, error) {
	what := "GPU nodes"
	if o.Selector != "" {
		what = fmt.Sprintf("GPU nodes matching %q", o.Selector)
	}
	if len(out) == 0 {
		return nil, inputerr.Errorf("flags", "--nodes", 0, "none of the %d %s is Ready with a ready backend of Service %s/%s", gpuNodes, what, o.Namespace, o.Service)
	}
	if o.Count == 0 {
		return out, nil
	}
	if len(out) < o.Count {
		return nil, inputerr.Errorf("flags", "--nodes", 0, "%d asked for, but only %d of the %d %s are Ready with a ready backend of Service %s/%s (%s)",
			o.Count, len(out), gpuNodes, what, o.Namespace, o.Service, nodeNames(out))
	}
	return out[:o.Count], nil
}

func nodeNames(ns []NodeEndpoint) string {
	names := make([]string, len(ns))
	for i, n := range ns {
		names[i] = n.Node
	}
	return strings.Join(names, ", ")
}

func isNodeReady(n *corev1.Node) bool {
	for _, c := range n.Status.Conditions {
		if c.Type == corev1.NodeReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}

// endpointsByNode maps each node to the first ready backend (by address)
// of the Service's port on it.
func endpointsByNode(ctx context.Context, cs kubernetes.Interface, ns, service string) (map[string]NodeEndpoint, error) {
	name, port, _ := strings.Cut(service, ":")
	svc, err := cs.CoreV1().Services(ns).Get(ctx, name, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return nil, inputerr.Errorf("flags", "--service", 0, "Service %s/%s not found", ns, name)
	}
	if err != nil {
		return nil, fmt.Errorf("get service %s/%s: %w", ns, name, err)
	}
	sp := servicePort(svc, port)
	if sp == nil {
		return nil, inputerr.Errorf("flags", "--service", 0, "Service %s/%s has no port %q", ns, name, port)
	}
	slices, err := cs.DiscoveryV1().EndpointSlices(ns).List(ctx, metav1.ListOptions{LabelSelector: discoveryv1.LabelServiceName + "=" + name})
	if err != nil {
		return nil, fmt.Errorf("list endpointslices of service %s/%s: %w", ns, name, err)
	}
	out := map[string]NodeEndpoint{}
	for _, s := range slices.Items {
		addSliceEndpoints(out, s, sp.Name)
	}
	return out, nil
}

// servicePort is the Service's port named or numbered port, or its only
// port when none is named.
func servicePort(svc *corev1.Service, port string) *corev1.ServicePort {
	for i, p := range svc.Spec.Ports {
		if port == "" && len(svc.Spec.Ports) == 1 || port == p.Name || port == strconv.Itoa(int(p.Port)) {
			return &svc.Spec.Ports[i]
		}
	}
	return nil
}

// addSliceEndpoints adds one EndpointSlice's ready IP backends of the
// port named portName, keeping per node the lowest address.
func addSliceEndpoints(out map[string]NodeEndpoint, s discoveryv1.EndpointSlice, portName string) {
	if s.AddressType != discoveryv1.AddressTypeIPv4 && s.AddressType != discoveryv1.AddressTypeIPv6 {
		return
	}
	target := slicePort(s, portName)
	if target == 0 {
		return
	}
	for _, e := range s.Endpoints {
		if e.NodeName == nil || len(e.Addresses) == 0 || (e.Conditions.Ready != nil && !*e.Conditions.Ready) {
			continue
		}
		host := e.Addresses[0]
		if s.AddressType == discoveryv1.AddressTypeIPv6 {
			host = "[" + host + "]"
		}
		ep := NodeEndpoint{Endpoint: fmt.Sprintf("http://%s:%d", host, target)}
		if e.TargetRef != nil && e.TargetRef.Kind == "Pod" {
			ep.Pod = e.TargetRef.Name
		}
		if have, ok := out[*e.NodeName]; !ok || ep.Endpoint < have.Endpoint {
			out[*e.NodeName] = ep
		}
	}
}

// slicePort is the slice's target port for the Service port portName
// (the last one listed, as before); 0 when it has none.
func slicePort(s discoveryv1.EndpointSlice, portName string) int32 {
	target := int32(0)
	for _, p := range s.Ports {
		if p.Port != nil && (p.Name == nil && portName == "" || p.Name != nil && *p.Name == portName) {
			target = *p.Port
		}
	}
	return target
}

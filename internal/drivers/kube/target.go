package kube

import (
	"context"
	"fmt"
	"sort"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/client-go/kubernetes"

	"github.com/kneetool/knee/internal/inputerr"
)

// Target is the GPU node a sweep measures and what was learnt about it.
type Target struct {
	Node string `json:"node"`
	// GPUs is the node's allocatable nvidia.com/gpu: the GPUs the endpoint
	// serves from, which per-GPU concurrency is stated against.
	GPUs int `json:"gpus"`
	// FreeGPUs is allocatable minus the requests of non-terminated pods;
	// auto choice picks the node where it is largest (aicr's rule).
	FreeGPUs    int    `json:"free_gpus"`
	Product     string `json:"product,omitempty"`
	Accelerator string `json:"accelerator,omitempty"`
}

// DiscoverOptions say which node to use; an empty Node means "choose".
type DiscoverOptions struct {
	Node string
	// GPUs and Accelerator override what the node says (flags --gpus, --accelerator).
	GPUs        int
	Accelerator string
}

// Discover finds the node under test: the named one, or the node with the
// most free GPUs. Bad input (unknown node, node without GPUs, no GPU node
// at all) is a *inputerr.Error naming the flag.
func Discover(ctx context.Context, cs kubernetes.Interface, o DiscoverOptions) (*Target, error) {
	var nodes []corev1.Node
	if o.Node != "" {
		n, err := cs.CoreV1().Nodes().Get(ctx, o.Node, metav1.GetOptions{})
		if apierrors.IsNotFound(err) {
			return nil, inputerr.Errorf("cluster", "--node", 0, "node %q not found", o.Node)
		}
		if err != nil {
			return nil, fmt.Errorf("get node %s: %w", o.Node, err)
		}
		if gpuQuantity(n.Status.Allocatable) <= 0 {
			return nil, inputerr.Errorf("cluster", "--node", 0, "node %q has no allocatable %s", o.Node, GPUResource)
		}
		nodes = []corev1.Node{*n}
	} else {
		list, err := cs.CoreV1().Nodes().List(ctx, metav1.ListOptions{})
		if err != nil {
			return nil, fmt.Errorf("list nodes: %w", err)
		}
		for _, n := range list.Items {
			if gpuQuantity(n.Status.Allocatable) > 0 {
				nodes = append(nodes, n)
			}
		}
		if len(nodes) == 0 {
			return nil, inputerr.Errorf("cluster", "--node", 0, "no node has allocatable %s (%d nodes listed); name one with --node", GPUResource, len(list.Items))
		}
	}

	targets := make([]Target, 0, len(nodes))
	for _, n := range nodes {
		used, err := requestedGPUs(ctx, cs, n.Name)
		if err != nil {
			return nil, err
		}
		total := gpuQuantity(n.Status.Allocatable)
		product := n.Labels[LabelGPUProduct]
		targets = append(targets, Target{
			Node: n.Name, GPUs: total, FreeGPUs: max(total-used, 0),
			Product: product, Accelerator: acceleratorFromProduct(product),
		})
	}
	// Most free GPUs wins; ties go to the larger node, then the name, so the
	// choice is the same on every run.
	sort.SliceStable(targets, func(i, j int) bool {
		a, b := targets[i], targets[j]
		if a.FreeGPUs != b.FreeGPUs {
			return a.FreeGPUs > b.FreeGPUs
		}
		if a.GPUs != b.GPUs {
			return a.GPUs > b.GPUs
		}
		return a.Node < b.Node
	})
	t := targets[0]
	if o.GPUs > 0 {
		t.GPUs = o.GPUs
	}
	if o.Accelerator != "" {
		t.Accelerator = o.Accelerator
	}
	return &t, nil
}

// requestedGPUs sums the GPU requests of the node's non-terminated pods, as
// the scheduler counts them (a pod's requests: the max of its init
// containers' and the sum of its containers', per resource).
func requestedGPUs(ctx context.Context, cs kubernetes.Interface, node string) (int, error) {
	sel := fields.AndSelectors(
		fields.OneTermEqualSelector("spec.nodeName", node),
		fields.OneTermNotEqualSelector("status.phase", string(corev1.PodSucceeded)),
		fields.OneTermNotEqualSelector("status.phase", string(corev1.PodFailed)),
	)
	pods, err := cs.CoreV1().Pods("").List(ctx, metav1.ListOptions{FieldSelector: sel.String()})
	if err != nil {
		return 0, fmt.Errorf("list pods on node %s (for GPU accounting): %w", node, err)
	}
	total := 0
	for _, p := range pods.Items {
		total += podGPURequest(&p)
	}
	return total, nil
}

func podGPURequest(p *corev1.Pod) int {
	sum := 0
	for _, c := range p.Spec.Containers {
		sum += gpuQuantity(c.Resources.Requests)
	}
	for _, c := range p.Spec.InitContainers {
		// A restartable init container (sidecar) runs beside the others.
		if c.RestartPolicy != nil && *c.RestartPolicy == corev1.ContainerRestartPolicyAlways {
			sum += gpuQuantity(c.Resources.Requests)
		}
	}
	for _, c := range p.Spec.InitContainers {
		if n := gpuQuantity(c.Resources.Requests); n > sum {
			sum = n
		}
	}
	return sum
}

func gpuQuantity(rl corev1.ResourceList) int {
	q, ok := rl[corev1.ResourceName(GPUResource)]
	if !ok {
		return 0
	}
	return int(q.Value())
}

// gpuList is a ResourceList asking for n GPUs.
func gpuList(n int) corev1.ResourceList {
	return corev1.ResourceList{corev1.ResourceName(GPUResource): *resource.NewQuantity(int64(n), resource.DecimalSI)}
}

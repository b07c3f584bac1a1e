package main

import (
	"context"
	"fmt"
	"io"

	"k8s.io/client-go/kubernetes"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/run"
)

// discoverNodes finds the identical GPU nodes of --nodes/--node-selector
// and each one's serving endpoint (kube.DiscoverNodes: the --service's
// ready backend on the node); none when neither flag is given.
func (o *kubeOptions) discoverNodes(ctx context.Context, cs kubernetes.Interface, ns string, plan *sweep.Plan) ([]kube.NodeEndpoint, error) {
	if o.Nodes == 0 && o.NodesSel == "" {
		return nil, nil
	}
	if o.Node != "" {
		return nil, usagef("give --node (one node) or --nodes/--node-selector (several), not both")
	}
	return kube.DiscoverNodes(ctx, cs, kube.NodesOptions{Namespace: ns, Service: o.Service, Selector: o.NodesSel, Count: o.Nodes,
		GPUs: plan.GPUs, Accelerator: plan.Accelerator})
}

// nodeSlots gives every node its own executor (its Job watch follows that
// node) and its endpoint; levels on different slots run at the same time.
func nodeSlots(ex *kube.Executor, nodes []kube.NodeEndpoint, progress io.Writer) []run.Slot {
	var slots []run.Slot
	for _, n := range nodes {
		e := *ex
		e.Node = n.Node
		slots = append(slots, run.Slot{Name: n.Node, Endpoint: n.Endpoint, Exec: &e})
		fmt.Fprintf(progress, "node %s (%s, %d GPUs): endpoint %s (pod %s)\n", n.Node, n.Accelerator, n.GPUs, sweep.RedactURL(n.Endpoint), n.Pod)
	}
	return slots
}

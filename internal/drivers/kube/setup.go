package kube

import (
	"context"
	"fmt"
	"strings"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// PrepareOptions are what the user said about the target.
type PrepareOptions struct {
	Namespace string
	Node      string
	// Endpoint (a URL) or Service (NAME[:PORT] in Namespace); Endpoint may
	// also come from a resumed plan, in which case Service is empty.
	Endpoint, Service string
	GPUs              int
	Accelerator       string
}

// Prepared is the resolved target of a sweep.
type Prepared struct {
	Target   *Target
	Endpoint string
}

// Prepare finds the node under test and the endpoint URL.
func Prepare(ctx context.Context, cs kubernetes.Interface, o PrepareOptions) (*Prepared, error) {
	ep, err := resolveEndpoint(ctx, cs, o.Namespace, o.Endpoint, o.Service)
	if err != nil {
		return nil, err
	}
	t, err := Discover(ctx, cs, DiscoverOptions{Node: o.Node, GPUs: o.GPUs, Accelerator: o.Accelerator})
	if err != nil {
		return nil, err
	}
	return &Prepared{Target: t, Endpoint: ep}, nil
}

// Apply records the target in a plan: what the user did not state is taken
// from the node.
func (p *Prepared) Apply(plan *sweep.Plan) {
	plan.Endpoint = p.Endpoint
	if plan.GPUs == 0 {
		plan.GPUs = p.Target.GPUs
	}
	if plan.Accelerator == "" {
		plan.Accelerator = p.Target.Accelerator
	}
}

// String describes the target for the progress log.
func (p *Prepared) String() string {
	t := p.Target
	acc := t.Accelerator
	if acc == "" {
		acc = "unknown accelerator"
	}
	return fmt.Sprintf("node %s (%s, %d GPUs, %d free), endpoint %s", t.Node, acc, t.GPUs, t.FreeGPUs, p.Endpoint)
}

// ConfigError turns a kubeconfig problem (a context that does not exist, no
// kubeconfig) into bad input naming the flag; other errors pass through.
func ConfigError(err error) error {
	if err == nil {
		return nil
	}
	// clientcmd reports a missing context, cluster or user as a plain error.
	msg := err.Error()
	missing := strings.Contains(msg, "does not exist") && (strings.HasPrefix(msg, "context ") || strings.HasPrefix(msg, "cluster ") || strings.HasPrefix(msg, "auth info "))
	if missing || clientcmd.IsConfigurationInvalid(err) || clientcmd.IsEmptyConfig(err) || clientcmd.IsContextNotFound(err) {
		return inputerr.Errorf("kubeconfig", "--context/--kubeconfig", 0, "%w", err)
	}
	return err
}

package kube

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/kneetool/knee/internal/inputerr"
)

// resolveEndpoint returns the URL the load generator should call: --endpoint
// as given (it must be an http(s) URL), or the in-cluster address of
// --service NAME[:PORT] in the namespace. The Service must exist and have
// the port (by number or name); without a port it must have exactly one.
func resolveEndpoint(ctx context.Context, cs kubernetes.Interface, namespace, endpoint, service string) (string, error) {
	switch {
	case endpoint != "" && service != "":
		return "", inputerr.Errorf("flags", "--endpoint/--service", 0, "give one of --endpoint and --service, not both")
	case endpoint != "":
		u, err := url.Parse(endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", inputerr.Errorf("flags", "--endpoint", 0, "%q is not an http(s) URL", endpoint)
		}
		return strings.TrimRight(endpoint, "/"), nil
	case service == "":
		return "", inputerr.Errorf("flags", "--endpoint/--service", 0, "the endpoint is required: --endpoint URL or --service NAME[:PORT]")
	}
	return serviceURL(ctx, cs, namespace, service)
}

// serviceURL is the in-cluster address of --service NAME[:PORT].
func serviceURL(ctx context.Context, cs kubernetes.Interface, namespace, service string) (string, error) {
	name, port, _ := strings.Cut(service, ":")
	if name == "" {
		return "", inputerr.Errorf("flags", "--service", 0, "%q has no Service name", service)
	}
	svc, err := cs.CoreV1().Services(namespace).Get(ctx, name, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return "", inputerr.Errorf("flags", "--service", 0, "Service %s/%s not found", namespace, name)
	}
	if err != nil {
		return "", fmt.Errorf("get service %s/%s: %w", namespace, name, err)
	}
	var ports []string
	for _, p := range svc.Spec.Ports {
		ports = append(ports, strconv.Itoa(int(p.Port)))
		if port == "" && len(svc.Spec.Ports) == 1 || port == p.Name || port == strconv.Itoa(int(p.Port)) {
			return fmt.Sprintf("http://%s.%s.svc.cluster.local:%d", name, namespace, p.Port), nil
		}
	}
	if port == "" {
		return "", inputerr.Errorf("flags", "--service", 0, "Service %s/%s has %d ports (%s); name one as %s:PORT", namespace, name, len(ports), strings.Join(ports, ","), name)
	}
	return "", inputerr.Errorf("flags", "--service", 0, "Service %s/%s has no port %q (ports: %s)", namespace, name, port, strings.Join(ports, ","))
}

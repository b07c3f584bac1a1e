package kube

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	restclient "k8s.io/client-go/rest"

	"github.com/kneetool/knee/sweep/metrics"
)

// ProxyMetrics reads the serving engine's /metrics through the API server's
// proxy, so knee needs no network path to the pods, only the RBAC in
// deploy/rbac (services/proxy get; pods list and pods/proxy get). It
// implements metrics.Source.
//
// With Service set it scrapes NAME:PORT through the service proxy: the API
// server picks one ready endpoint per scrape, which is the whole engine
// for one replica. With PodSelector set it scrapes every running pod the
// selector matches, on Port, and adds their counts: one sample per replica.
type ProxyMetrics struct {
	Client    kubernetes.Interface
	Namespace string
	// Service is NAME[:PORT] (the port's number or name; default: the
	// Service's only port).
	Service string
	// PodSelector is a label selector of the serving pods; Port their
	// metrics port (number or name).
	PodSelector string
	Port        string
	// Path is the metrics path (default /metrics).
	Path string
}

func (p *ProxyMetrics) path() string {
	if p.Path == "" {
		return "metrics"
	}
	return strings.TrimPrefix(p.Path, "/")
}

// Names says what is scraped, for metrics.json: no credentials, only the
// objects and the proxy path.
func (p *ProxyMetrics) Names() []string {
	if p.Service != "" {
		return []string{fmt.Sprintf("services/%s/%s/proxy/%s (API server)", p.Namespace, p.Service, p.path())}
	}
	return []string{fmt.Sprintf("pods/%s{%s}:%s/proxy/%s (API server)", p.Namespace, p.PodSelector, p.Port, p.path())}
}

// Scrape reads every endpoint once.
func (p *ProxyMetrics) Scrape(ctx context.Context) (metrics.Snapshot, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if p.Service != "" {
		name, port, _ := strings.Cut(p.Service, ":")
		s, err := p.read(ctx, p.Client.CoreV1().Services(p.Namespace).ProxyGet("http", name, port, p.path(), nil), "service "+name)
		s.At = time.Now()
		return s, err
	}
	pods, err := p.Client.CoreV1().Pods(p.Namespace).List(ctx, metav1.ListOptions{LabelSelector: p.PodSelector})
	if err != nil {
		return metrics.Snapshot{}, fmt.Errorf("metrics: list pods %s in %s: %w", p.PodSelector, p.Namespace, err)
	}
	var running []corev1.Pod
	for _, pod := range pods.Items {
		if pod.Status.Phase == corev1.PodRunning && pod.DeletionTimestamp == nil {
			running = append(running, pod)
		}
	}
	if len(running) == 0 {
		return metrics.Snapshot{}, fmt.Errorf("metrics: no running pod matches %s in %s", p.PodSelector, p.Namespace)
	}
	sort.Slice(running, func(i, j int) bool { return running[i].Name < running[j].Name })
	return metrics.ScrapeEach(len(running), func(i int) (metrics.Snapshot, error) {
		pod := running[i]
		return p.read(ctx, p.Client.CoreV1().Pods(p.Namespace).ProxyGet("http", pod.Name, p.Port, p.path(), nil), "pod "+pod.Name)
	})
}

func (p *ProxyMetrics) read(ctx context.Context, rw restclient.ResponseWrapper, what string) (metrics.Snapshot, error) {
	// Streamed, so metrics.Parse's byte limit bounds memory whatever the
	// pod answers.
	body, err := rw.Stream(ctx)
	if err != nil {
		return metrics.Snapshot{}, fmt.Errorf("metrics: %s in %s through the API server: %w", what, p.Namespace, err)
	}
	defer body.Close()
	s, err := metrics.Parse(body)
	if err != nil {
		return metrics.Snapshot{}, fmt.Errorf("metrics: %s in %s: %w", what, p.Namespace, err)
	}
	return s, nil
}

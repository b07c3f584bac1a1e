package main

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/metrics"
)

// metricsFlags are knee sweep's engine-metrics flags (issue 14): which
// /metrics to sample during each level, and the engine's own KV bound.
type metricsFlags struct {
	URLs    []string
	Pods    string
	KVBound float64
	fl      *pflag.FlagSet
}

func (m *metricsFlags) bind(fl *pflag.FlagSet) {
	m.fl = fl
	fl.StringVar(&m.Pods, "metrics-pods", "", "kube: sample /metrics of every running pod this label selector matches, on PORT, through the API server: SELECTOR:PORT, e.g. app=vllm:8000 (default with --service: the Service's /metrics)")
	fl.StringArrayVar(&m.URLs, "metrics", nil, "engine /metrics URL to sample every second during each level (repeatable, one per engine pod or frontend; default: the endpoint's /metrics when it answers; none: off)")
	fl.Float64Var(&m.KVBound, "kv-bound", 0, "the engine's own figure for the requests its KV cache holds at once for this workload, in total (vLLM logs \"Maximum concurrency for N tokens per request: X\"; give X × instances)")
}

// wrap puts the sampler around exec. Without --metrics it tries the
// endpoint's own /metrics once and samples it only when it exports engine
// series; either way it says on stderr what it does, so a level that ends
// up with "no engine metrics" is never a surprise.
func (m *metricsFlags) wrap(ctx context.Context, o *sweepOptions, exec sweep.Executor) (sweep.Executor, error) {
	errw := o.root.stderr
	if err := m.check(); err != nil {
		return nil, err
	}
	urls := m.URLs
	if len(urls) == 1 && urls[0] == "none" {
		return exec, nil
	}
	if len(o.Search.endpoints) > 1 {
		// Levels run at once on several endpoints: one /metrics cannot say
		// which level its numbers belong to, so none is sampled.
		fmt.Fprintf(errw, "engine metrics: off: levels run at once on %d endpoints, and no single /metrics belongs to one level\n", len(o.Search.endpoints))
		return exec, nil
	}
	if o.plan.Runner == "kube" && len(urls) == 0 {
		return m.wrapKube(ctx, o, exec)
	}
	explicit := len(urls) > 0
	src := m.httpSource(o)
	if src == nil {
		return exec, nil
	}
	names := src.Names()
	snap, err := metrics.Probe(ctx, src)
	switch {
	case err != nil && explicit:
		// Said, not fatal: the sweep's own numbers do not depend on it.
		fmt.Fprintf(errw, "engine metrics: %v; sampling anyway, levels without samples will say no engine metrics\n", err)
	case err != nil:
		fmt.Fprintf(errw, "engine metrics: none at %s (%v); give --metrics URL to sample the engine\n", names[0], err)
		return exec, nil
	default:
		fmt.Fprintf(errw, "engine metrics: sampling %s every second (%s)\n", strings.Join(names, ", "), snap.Engine)
	}
	if x, ok := exec.(sweep.StagedExecutor); ok && x.Staged(o.plan) {
		// A sample window is one level's: the stages of one run cannot be told apart in it.
		fmt.Fprintf(errw, "engine metrics: sampled per level, so %s runs one process per level instead of one stage per level in one run (--metrics none runs them as stages)\n", o.plan.Harness)
	}
	return metrics.Wrap(exec, src, metrics.Options{KVBound: m.KVBound, Log: errw}), nil
}

// check refuses a --kv-bound that is no count and a --metrics that is no URL.
func (m *metricsFlags) check() error {
	if m.KVBound < 0 || math.IsNaN(m.KVBound) || math.IsInf(m.KVBound, 0) {
		return inputerr.Errorf("flag", "--kv-bound", 0, "must be a finite number of requests, not negative, got %g", m.KVBound)
	}
	if len(m.URLs) == 1 && m.URLs[0] == "none" {
		return nil
	}
	for _, u := range m.URLs {
		if err := metrics.CheckURL(u); err != nil {
			return inputerr.Errorf("flag", "--metrics", 0, "%v", err)
		}
	}
	return nil
}

// httpSource is --metrics, else the local endpoint's own /metrics (nil:
// nothing to sample).
func (m *metricsFlags) httpSource(o *sweepOptions) *metrics.HTTPSource {
	if len(m.URLs) > 0 {
		return metrics.NewHTTPSource(m.URLs...)
	}
	if o.plan.Runner != "local" || o.plan.Endpoint == "" {
		return nil
	}
	// The plan's endpoint is redacted (user:xxxxx): the /metrics beside
	// it gets the URL without userinfo and the real credentials.
	return metrics.NewHTTPSource(defaultMetricsURL(o.plan.Endpoint)).WithCredentials(o.secret.user, o.secret.apiKey)
}

// defaultMetricsURL is the endpoint's own /metrics, without its userinfo
// (redacted in the plan; the credentials travel beside it).
func defaultMetricsURL(endpoint string) string {
	if u, err := url.Parse(endpoint); err == nil {
		u.User = nil
		endpoint = u.String()
	}
	return strings.TrimSuffix(strings.TrimSuffix(endpoint, "/"), "/v1") + "/metrics"
}

// wrapKube samples the serving pods' /metrics through the API server
// (deploy/rbac grants services/proxy and pods/proxy get): --metrics-pods,
// else the --service the load goes to.
func (m *metricsFlags) wrapKube(ctx context.Context, o *sweepOptions, exec sweep.Executor) (sweep.Executor, error) {
	errw := o.root.stderr
	kx, ok := exec.(*kube.Executor)
	if !ok {
		return exec, nil
	}
	src := &kube.ProxyMetrics{Client: kx.Client, Namespace: kx.Job.Namespace}
	service, _ := m.fl.GetString("service")
	switch {
	case m.Pods != "":
		i := strings.LastIndex(m.Pods, ":")
		if i <= 0 || i == len(m.Pods)-1 {
			return nil, inputerr.Errorf("flag", "--metrics-pods", 0, "%q: want SELECTOR:PORT, e.g. app=vllm:8000", m.Pods)
		}
		src.PodSelector, src.Port = m.Pods[:i], m.Pods[i+1:]
	case service != "":
		src.Service = service
	default:
		return exec, nil
	}
	snap, err := metrics.Probe(ctx, src)
	if err != nil {
		if m.Pods != "" {
			fmt.Fprintf(errw, "engine metrics: %v; sampling anyway, levels without samples will say no engine metrics\n", err)
		} else {
			fmt.Fprintf(errw, "engine metrics: none through the API server (%v); give --metrics-pods SELECTOR:PORT to sample the engine\n", err)
			return exec, nil
		}
	} else {
		fmt.Fprintf(errw, "engine metrics: sampling %s every second (%s)\n", src.Names()[0], snap.Engine)
	}
	if kx.Staged(o.plan) {
		fmt.Fprintf(errw, "engine metrics: sampled per level, so %s runs one Job per level instead of one stage per level in one Job (--metrics none runs them as stages)\n", o.plan.Harness)
	}
	return metrics.Wrap(exec, src, metrics.Options{KVBound: m.KVBound, Log: errw}), nil
}

package main

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/metrics"
)

// telemetryFlags are knee sweep's GPU telemetry flags (issue 28): the DCGM
// exporters to sample during each level, and the price that turns a level's
// throughput into dollars per million tokens.
type telemetryFlags struct {
	URLs  []string
	Price float64
}

func (t *telemetryFlags) bind(fl *pflag.FlagSet) {
	fl.StringArrayVar(&t.URLs, "telemetry", nil, "DCGM exporter /metrics URL to sample every second during each level (repeatable, one per GPU node; off: none): power, energy, clocks, throttle reasons per GPU, and tokens per joule per level")
	fl.Float64Var(&t.Price, "gpu-hour-price", 0, "price of one GPU hour in USD: each level gets usd_per_mtok = price × GPUs × seconds ÷ output tokens × 10⁶")
}

// check refuses a price that is no price and a --telemetry that is no URL.
func (t *telemetryFlags) check() error {
	if t.Price < 0 || math.IsNaN(t.Price) || math.IsInf(t.Price, 0) {
		return inputerr.Errorf("flag", "--gpu-hour-price", 0, "must be a finite price in USD, not negative, got %g", t.Price)
	}
	if t.off() {
		return nil
	}
	for _, u := range t.URLs {
		if err := metrics.CheckURL(u); err != nil {
			return inputerr.Errorf("flag", "--telemetry", 0, "%v", err)
		}
	}
	return nil
}

func (t *telemetryFlags) off() bool { return len(t.URLs) == 1 && t.URLs[0] == "off" }

// wrap puts the telemetry sampler around exec. An exporter that does not
// answer, or serves no DCGM series, is said and sampled anyway: a scrape
// never costs a level, and levels without samples carry no telemetry.
func (t *telemetryFlags) wrap(ctx context.Context, o *sweepOptions, exec sweep.Executor) (sweep.Executor, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	errw := o.root.stderr
	opts := metrics.TelemetryOptions{Options: metrics.Options{Log: errw}, USDPerGPUHour: t.Price}
	if !t.off() && len(t.URLs) == 0 && o.plan.Runner == "kube" {
		return metrics.WrapTelemetry(exec, t.discover(ctx, o, exec), opts), nil
	}
	if t.off() || len(t.URLs) == 0 {
		return metrics.WrapTelemetry(exec, nil, opts), nil
	}
	if len(o.Search.endpoints) > 1 {
		fmt.Fprintf(errw, "gpu telemetry: off: levels run at once on %d endpoints, and no exporter's readings belong to one level\n", len(o.Search.endpoints))
		return metrics.WrapTelemetry(exec, nil, opts), nil
	}
	src := metrics.NewHTTPSource(t.URLs...)
	snap, err := metrics.ProbeGPUs(ctx, src)
	if err != nil {
		fmt.Fprintf(errw, "gpu telemetry: %v; sampling anyway, levels without samples carry no telemetry\n", err)
	} else {
		fmt.Fprintf(errw, "gpu telemetry: sampling %s every second (%d GPUs)\n", strings.Join(src.Names(), ", "), len(snap.GPUs))
	}
	return metrics.WrapTelemetry(exec, src, opts), nil
}

// discover finds the DCGM exporter on the measured GPU node through the
// API server, keeping the GPUs of the --service's pods on that node; nil
// (no telemetry, said) when there is none or levels run on several nodes.
func (t *telemetryFlags) discover(ctx context.Context, o *sweepOptions, exec sweep.Executor) metrics.Source {
	errw := o.root.stderr
	kx, ok := exec.(*kube.Executor)
	if !ok || kx.Node == "" {
		return nil
	}
	if len(o.kube.slots) > 1 {
		fmt.Fprintf(errw, "gpu telemetry: off: levels run at once on %d nodes (give --telemetry URL per node to sample them anyway)\n", len(o.kube.slots))
		return nil
	}
	ex, err := kube.FindDCGMExporter(ctx, kx.Client, kx.Node)
	if err != nil {
		fmt.Fprintf(errw, "gpu telemetry: none: %v; give --telemetry URL to sample one, or --telemetry off\n", err)
		return nil
	}
	if o.kube.Service != "" {
		pods, err := kube.ServingPodsOn(ctx, kx.Client, kx.Job.Namespace, o.kube.Service, kx.Node)
		if err != nil {
			fmt.Fprintf(errw, "gpu telemetry: serving pods unknown (%v): every GPU of %s counts\n", err, kx.Node)
		}
		ex.ServingNamespace, ex.ServingPods = kx.Job.Namespace, pods
	}
	snap, err := metrics.ProbeGPUs(ctx, ex)
	if err != nil {
		fmt.Fprintf(errw, "gpu telemetry: %v; sampling anyway, levels without samples carry no telemetry\n", err)
	} else {
		fmt.Fprintf(errw, "gpu telemetry: sampling %s every second (%d GPUs)\n", ex.Names()[0], len(snap.GPUs))
	}
	return ex
}

package metrics

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/kneetool/knee/sweep"
)

// TelemetryName is the file each level's GPU telemetry samples are kept in,
// beside point.json.
const TelemetryName = "telemetry.json"

// TelemetryOptions tune WrapTelemetry.
type TelemetryOptions struct {
	// Options are the sampling schedule and bounds, the engine sampler's.
	Options
	// USDPerGPUHour (--gpu-hour-price) prices each level; 0 leaves
	// usd_per_mtok out.
	USDPerGPUHour float64
}

// WrapTelemetry returns an Executor that samples the GPUs' DCGM exporters
// (src; nil samples nothing) while exec runs each level, on the engine
// sampler's schedule and bounds, stores the samples (TelemetryName), the
// per-GPU summary (Point.GPU) and the energy and cost figures
// (sweep.DeriveEnergy) in the level's result. A scrape never costs a
// level: failures are counted and said, absurd values dropped.
func WrapTelemetry(exec sweep.Executor, src Source, opts TelemetryOptions) sweep.Executor {
	if src == nil && opts.USDPerGPUHour <= 0 {
		return exec
	}
	return &telemetryWrapped{exec: exec, src: src, opts: opts}
}

type telemetryWrapped struct {
	exec sweep.Executor
	src  Source
	opts TelemetryOptions
}

// gpuRecord is one scrape in telemetry.json: its time and its GPUs.
type gpuRecord struct {
	At   time.Time   `json:"t"`
	GPUs []GPUSample `json:"gpus"`
}

// telemetryRecord is telemetry.json.
type telemetryRecord struct {
	Sources    []string    `json:"sources"`
	IntervalS  float64     `json:"interval_s"`
	Stride     int         `json:"stride,omitempty"`
	Failures   int         `json:"failures,omitempty"`
	LastError  string      `json:"last_error,omitempty"`
	Dropped    []string    `json:"dropped,omitempty"`
	Samples    []gpuRecord `json:"samples"`
	StartedAt  time.Time   `json:"started_at"`
	FinishedAt time.Time   `json:"finished_at"`
}

func (w *telemetryWrapped) RunLevel(ctx context.Context, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error) {
	if w.src == nil {
		res, err := w.exec.RunLevel(ctx, plan, lvl)
		w.derive(res, nil, plan.GPUs)
		return res, err
	}
	started := time.Now().UTC()
	s := startSampler(ctx, w.src, w.opts.Interval, w.opts.MaxSamples)
	res, err := w.exec.RunLevel(ctx, plan, lvl)
	samples, failures, lastErr := s.stop(ctx)
	if res == nil {
		return res, err
	}
	dropped := sanitizeGPUs(samples)
	rec := telemetryRecord{Sources: w.src.Names(), IntervalS: w.interval().Seconds(), Stride: s.stride,
		Failures: failures, Dropped: dropped, Samples: []gpuRecord{}, StartedAt: started, FinishedAt: time.Now().UTC()}
	for _, x := range samples {
		if len(x.GPUs) > 0 {
			rec.Samples = append(rec.Samples, gpuRecord{At: x.At, GPUs: x.GPUs})
		}
	}
	if lastErr != nil {
		rec.LastError = lastErr.Error()
		if w.opts.Log != nil {
			fmt.Fprintf(w.opts.Log, "gpu telemetry: %d scrapes failed during %v (last: %v)\n", failures, lvl, lastErr)
		}
	}
	for _, d := range dropped {
		if w.opts.Log != nil {
			fmt.Fprintf(w.opts.Log, "gpu telemetry: %v: %s\n", lvl, d)
		}
	}
	if b, jerr := json.MarshalIndent(rec, "", "  "); jerr == nil {
		if res.Raw == nil {
			res.Raw = map[string][]byte{}
		}
		res.Raw[TelemetryName] = append(b, '\n')
	}
	sum := SummarizeGPUs(samples, w.src.Names())
	if sum == nil && w.opts.Log != nil {
		fmt.Fprintf(w.opts.Log, "gpu telemetry: no GPU series (%s) during %v\n", PowerName, lvl)
	}
	if sum != nil {
		sum.Dropped = dropped
	}
	w.derive(res, sum, plan.GPUs)
	return res, err
}

// derive gives each of the level's points its own copy of the summary and
// its energy and cost figures.
func (w *telemetryWrapped) derive(res *sweep.LevelResult, sum *sweep.GPUTelemetry, gpus int) {
	if res == nil {
		return
	}
	for i := range res.Points {
		if sum != nil {
			c := *sum
			c.GPUs = append([]sweep.GPUStats(nil), sum.GPUs...)
			res.Points[i].GPU = &c
		}
		sweep.DeriveEnergy(&res.Points[i], gpus, w.opts.USDPerGPUHour)
	}
}

func (w *telemetryWrapped) interval() time.Duration {
	if w.opts.Interval <= 0 {
		return time.Second
	}
	return w.opts.Interval
}

package metrics

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/kneetool/knee/sweep"
)

// RawName is the file each level's samples are kept in, beside point.json.
const RawName = "metrics.json"

// Options tune the wrapper.
type Options struct {
	// Interval between scrapes (default 1 s).
	Interval time.Duration
	// MaxSamples kept per level (default MaxSamples).
	MaxSamples int
	// KVBound is the engine's own figure for the requests its KV cache
	// holds at once for this workload, in total (--kv-bound); 0 when not
	// given. It is recorded with each level's metrics.
	KVBound float64
	// Log receives one line per level whose scrapes failed; nil is quiet.
	Log io.Writer
}

// Wrap returns an Executor that samples src while exec runs each level and
// adds the samples (RawName) and their summary (Point.Engine) to the
// level's result. exec is unchanged: the harness does not know it is
// observed.
func Wrap(exec sweep.Executor, src Source, opts Options) sweep.Executor {
	if src == nil {
		return exec
	}
	return &wrapped{exec: exec, src: src, opts: opts}
}

type wrapped struct {
	exec sweep.Executor
	src  Source
	opts Options
}

// record is metrics.json: what was scraped, when, and how it went.
type record struct {
	Sources    []string   `json:"sources"`
	IntervalS  float64    `json:"interval_s"`
	Stride     int        `json:"stride,omitempty"`
	Failures   int        `json:"failures,omitempty"`
	LastError  string     `json:"last_error,omitempty"`
	KVBound    float64    `json:"kv_bound,omitempty"`
	Dropped    []string   `json:"dropped,omitempty"`
	Samples    []Snapshot `json:"samples"`
	StartedAt  time.Time  `json:"started_at"`
	FinishedAt time.Time  `json:"finished_at"`
}

func (w *wrapped) RunLevel(ctx context.Context, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error) {
	started := time.Now().UTC()
	s := startSampler(ctx, w.src, w.opts.Interval, w.opts.MaxSamples)
	res, err := w.exec.RunLevel(ctx, plan, lvl)
	samples, failures, lastErr := s.stop(ctx)
	if res == nil {
		return res, err
	}
	// GPU telemetry served beside the engine's series (the GPU test bed
	// serves both) is WrapTelemetry's to keep, not metrics.json's.
	for i := range samples {
		samples[i].GPUs = nil
	}
	// A broken /metrics must never cost the level: absurd values are
	// dropped, and said, before anything is summed or stored.
	dropped := sanitize(samples, lvl.Concurrency)
	rec := w.record(samples, s.stride, failures, dropped, started)
	if lastErr != nil {
		rec.LastError = lastErr.Error()
	}
	w.logProblems(lvl, rec, lastErr)
	if b, jerr := json.MarshalIndent(rec, "", "  "); jerr == nil {
		if res.Raw == nil {
			res.Raw = map[string][]byte{}
		}
		res.Raw[RawName] = append(b, '\n')
	}
	sum := Summarize(samples, w.src.Names())
	if sum == nil {
		return res, err
	}
	if w.opts.KVBound > 0 {
		sum.MaxConcurrency = ptr(w.opts.KVBound)
	}
	sum.Dropped = dropped
	for i := range res.Points {
		c := *sum
		res.Points[i].Engine = &c
	}
	return res, err
}

// record is what is stored of a level's sampling beside its raw output.
func (w *wrapped) record(samples []Snapshot, stride, failures int, dropped []string, started time.Time) record {
	interval := w.opts.Interval
	if interval <= 0 {
		interval = time.Second
	}
	rec := record{Sources: w.src.Names(), IntervalS: interval.Seconds(), Stride: stride, Failures: failures,
		KVBound: w.opts.KVBound, Dropped: dropped, Samples: samples, StartedAt: started, FinishedAt: time.Now().UTC()}
	if rec.Samples == nil {
		rec.Samples = []Snapshot{}
	}
	return rec
}

// logProblems says on the log what went wrong with the sampling: failed
// scrapes and the values dropped.
func (w *wrapped) logProblems(lvl sweep.Level, rec record, lastErr error) {
	if lastErr != nil {
		if w.opts.Log != nil {
			fmt.Fprintf(w.opts.Log, "engine metrics: %d scrapes failed during %v (last: %v)\n", rec.Failures, lvl, lastErr)
		}
	}
	if len(rec.Dropped) > 0 && w.opts.Log != nil {
		for _, d := range rec.Dropped {
			fmt.Fprintf(w.opts.Log, "engine metrics: %v: %s\n", lvl, d)
		}
	}
}

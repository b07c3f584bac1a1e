package main

import (
	"context"
	"fmt"
	"time"

	"github.com/kneetool/knee/internal/drivers/harness"
	"github.com/kneetool/knee/knee/search"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/metrics"
)

// The cap probe (issue 30): before a new --search climbs, knee sends the
// top of the range at once — one request per slot — while it scrapes the
// engine's /metrics; an engine that runs a fixed number of sequences shows
// it pinned there with requests waiting, and the search measures next to
// that cap at once (search.CapLevels) instead of climbing to it ×2 from
// the bottom. The probe is not a level: nothing of it is stored. Its
// requests are let finish (an engine that forgets a request when its client
// goes, as the test bed's does, would otherwise still be generating it
// under the first level), up to probeMax, after which the rest are
// cancelled and the engine is let drain.
const (
	probeMax    = 30 * time.Second
	probeMaxGPU = 512 // per GPU: the probe sends min(--max-per-gpu, this)
	// An engine that keeps generating a request after its client has gone
	// (the test bed's, on an H200) took over a minute to work off a 512-request
	// probe; a first level started before that measured the probe's backlog
	// (no token for 22 s, TTFT p50 1.1 s at 16 in flight). So the wait is long,
	// and a level never starts on a backlog unsaid.
	probeDrainFor = 180 * time.Second
)

// capProbe runs the probe when it applies and returns the levels the
// search starts from (nil: the plan's own start, as before).
func (o *sweepOptions) capProbe(ctx context.Context) []int {
	p := o.plan
	fl := o.cmd.Flags()
	// Part of the default search, whose levels stop by precision: a sweep
	// given fixed counts (--min-requests) climbs as it always did.
	if !o.Search.On || !o.Search.CapProbe || o.Resume != "" || p.LevelPrecision <= 0 || fl.Changed("per-gpu") || fl.Changed("ladder") ||
		p.IsRate() || p.Runner != "local" || len(o.Search.endpoints) > 1 || (len(o.Metrics.URLs) == 1 && o.Metrics.URLs[0] == "none") {
		return nil
	}
	h, ok := harness.Lookup(p.Harness)
	if !ok || h.InProcess == nil {
		return nil
	}
	src := o.Metrics.httpSource(o)
	if src == nil {
		return nil
	}
	if _, err := metrics.Probe(ctx, src); err != nil {
		return nil // said by the metrics wrapper: no engine series
	}
	perGPU := min(o.Search.MaxPerGPU, probeMaxGPU)
	inFlight := perGPU * max(p.GPUs, 1)
	errw := o.root.stderr
	fmt.Fprintf(errw, "cap probe: %d requests at once (%d/GPU), at most %s, reading %s\n", inFlight, perGPU, probeMax, src.Names()[0])
	set := o.harnessSettings()
	set.Progress = nil // not a level: no progress lines
	samples := probeSamples(ctx, h.InProcess(set), src, p, perGPU, inFlight)
	if waited, left := drain(ctx, src); left > 0 {
		fmt.Fprintf(errw, "cap probe: the engine still ran or queued %.0f requests %s after the probe: the first level may measure its backlog\n", left, waited.Round(time.Second))
	} else if waited >= 5*time.Second {
		fmt.Fprintf(errw, "cap probe: waited %s for the engine to finish the probe's requests\n", waited.Round(time.Second))
	}
	if ctx.Err() != nil {
		return nil
	}
	running, found := metrics.CapFromProbe(samples, inFlight)
	if !found {
		fmt.Fprintf(errw, "cap probe: no cap below %d in flight (%d samples): the search climbs from %d/GPU\n", inFlight, len(samples), o.Search.Start)
		return nil
	}
	capPerGPU := int(running+0.5) / max(p.GPUs, 1)
	levels := search.CapLevels(capPerGPU, o.Search.settings(1))
	fmt.Fprintf(errw, "cap probe: the engine runs at most %.0f (%d/GPU) with requests waiting: the search measures %s/GPU first\n", running, capPerGPU, sweep.FormatLadder(levels))
	return levels
}

// probeSamples sends inFlight requests at once, one per slot, and scrapes
// src once a second until they are done (at most probeMax).
func probeSamples(ctx context.Context, exec sweep.Executor, src metrics.Source, p sweep.Plan, perGPU, inFlight int) []metrics.Snapshot {
	pctx, cancel := context.WithTimeout(ctx, probeMax)
	defer cancel()
	lvl := sweep.Level{PerGPU: perGPU, Concurrency: inFlight, Requests: inFlight}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = exec.RunLevel(pctx, p, lvl)
	}()
	var samples []metrics.Snapshot
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return samples
		case <-pctx.Done():
			<-done
			return samples
		case <-tick.C:
			sctx, scancel := context.WithTimeout(pctx, time.Second)
			if s, err := src.Scrape(sctx); err == nil {
				samples = append(samples, s)
			}
			scancel()
		}
	}
}

// drain waits until the engine runs nothing (the probe's cancelled
// requests gone), at most probeDrainFor. It returns how long it waited and
// how many requests the engine still ran or queued when it gave up (0 when
// it drained, or when no scrape answered).
func drain(ctx context.Context, src metrics.Source) (time.Duration, float64) {
	start := time.Now()
	deadline := start.Add(probeDrainFor)
	left := 0.0
	for time.Now().Before(deadline) && ctx.Err() == nil {
		s, err := src.Scrape(ctx)
		if err == nil && s.Running != nil {
			left = *s.Running
			if s.Waiting != nil {
				left += *s.Waiting
			}
			if left == 0 {
				return time.Since(start), 0
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(500 * time.Millisecond):
		}
	}
	return time.Since(start), left
}

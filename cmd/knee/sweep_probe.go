package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/kneetool/knee/internal/drivers/harness"
	"github.com/kneetool/knee/knee/search"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/metrics"
)

// The cap probe (issue 30): before a new --search climbs, knee loads the
// engine in steps while it scrapes the engine's /metrics; an engine that
// runs a fixed number of sequences shows it pinned there with requests
// waiting, and the search measures next to that cap at once
// (search.CapLevels) instead of climbing to it ×2 from the bottom. The
// probe is not a level: nothing of it is stored.
//
// It ramps rather than sending the top of the range at once: on the H200
// test bed 512 requests at once took cbserve over a minute to work off and
// the server died or stalled in two of three searches after it. The first
// step is twice the top of the range the climb reaches first (its second
// rung, 2 × --search-start), each step doubles the requests in flight
// (each slot sends again as soon as its request ends, so the count holds),
// and the probe stops the moment running requests pin at one count with
// others waiting — it never sends more than twice what shows the cap. An
// engine that pins nothing is ramped to probeMaxGPU. Its requests are then
// cancelled and the engine is let drain (an engine that forgets a request
// when its client goes, as the test bed's does, would otherwise still be
// generating it under the first level), up to probeDrainFor.
const (
	probeMax    = 30 * time.Second
	probeMaxGPU = 512 // per GPU: the ramp's top, min(--max-per-gpu, this)
	// probeHold is how many scrapes (a second apart) each step holds: a
	// cap shows in two of them once the step's requests have arrived.
	probeHold = 4
	// probePerSlot bounds the requests each slot of a step may send (it
	// sends until the probe stops, a request at a time).
	probePerSlot = 64
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
	gpus := max(p.GPUs, 1)
	steps := probeSteps(o.Search.Start, min(o.Search.MaxPerGPU, probeMaxGPU))
	errw := o.root.stderr
	fmt.Fprintf(errw, "cap probe: %s/GPU in flight in steps of %d s until running requests pin with others waiting, at most %s, reading %s\n",
		sweep.FormatLadder(steps), probeHold, probeMax, src.Names()[0])
	set := o.harnessSettings()
	set.Progress = nil // not a level: no progress lines
	samples, peak := probeSamples(ctx, h.InProcess(set), src, p, steps, gpus)
	if waited, left := drain(ctx, src); left > 0 {
		fmt.Fprintf(errw, "cap probe: the engine still ran or queued %.0f requests %s after the probe: the first level may measure its backlog\n", left, waited.Round(time.Second))
	} else if waited >= 5*time.Second {
		fmt.Fprintf(errw, "cap probe: waited %s for the engine to finish the probe's requests\n", waited.Round(time.Second))
	}
	if ctx.Err() != nil {
		return nil
	}
	running, found := metrics.CapFromProbe(samples, peak)
	if !found {
		fmt.Fprintf(errw, "cap probe: no cap below %d in flight (%d samples): the search climbs from %d/GPU\n", peak, len(samples), o.Search.Start)
		return nil
	}
	capPerGPU := int(running+0.5) / gpus
	levels := search.CapLevels(capPerGPU, o.Search.settings(1))
	fmt.Fprintf(errw, "cap probe: the engine runs at most %.0f (%d/GPU) with requests waiting at %d in flight: the search measures %s/GPU first\n", running, capPerGPU, peak, sweep.FormatLadder(levels))
	return levels
}

// probeSteps are the ramp's per-GPU in-flight counts: twice the climb's
// second rung (4 × start), doubling, up to top (which always ends it).
func probeSteps(start, top int) []int {
	first := min(max(4*start, 2), top)
	var out []int
	for v := first; v < top; v *= 2 {
		out = append(out, v)
	}
	return append(out, top)
}

// probeSamples ramps the engine through steps (per GPU, × gpus in flight),
// scraping src once a second, probeHold scrapes a step, until running
// requests pin with others waiting (metrics.CapFromProbe) or the last step
// is held, at most probeMax. It returns the samples and the most requests
// it had in flight.
func probeSamples(ctx context.Context, exec sweep.Executor, src metrics.Source, p sweep.Plan, steps []int, gpus int) ([]metrics.Snapshot, int) {
	pctx, cancel := context.WithTimeout(ctx, probeMax)
	var (
		wg      sync.WaitGroup
		samples []metrics.Snapshot
		sent    int
	)
	defer func() {
		cancel() // every step's requests are aborted, then waited for
		wg.Wait()
	}()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for _, perGPU := range steps {
		add := perGPU*gpus - sent
		if add <= 0 {
			continue
		}
		sent += add
		lvl := sweep.Level{PerGPU: perGPU, Concurrency: add, Requests: add * probePerSlot}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = exec.RunLevel(pctx, p, lvl)
		}()
		for held := 0; held < probeHold; held++ {
			select {
			case <-pctx.Done():
				return samples, sent
			case <-tick.C:
			}
			sctx, scancel := context.WithTimeout(pctx, time.Second)
			if s, err := src.Scrape(sctx); err == nil {
				samples = append(samples, s)
			}
			scancel()
			if _, pinned := metrics.CapFromProbe(samples, sent); pinned {
				return samples, sent
			}
		}
	}
	return samples, sent
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

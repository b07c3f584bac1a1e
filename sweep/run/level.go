package run

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// Slot is one place a level can run: an endpoint, or a Kubernetes node's
// serving endpoint. Levels run on different slots at the same time.
type Slot struct {
	// Name is what results and logs record (an endpoint redacted, a node).
	Name string
	// Endpoint replaces the plan's endpoint for levels on this slot ("" keeps it).
	Endpoint string
	Exec     sweep.Executor
}

// runBatch runs levels at the same time, one per slot, and returns the
// first error that ends the sweep (interrupt, failure without KeepGoing, a
// plan the harness cannot run) once every level of the batch has ended.
func (e *engine) runBatch(ctx context.Context, todo []sweep.Level) error {
	if e.staged {
		return e.runStages(ctx, e.slots[0], todo)
	}
	errs := make([]error, len(todo))
	if e.opts.StepRef != nil {
		// Read before any level of the batch runs (the store is not
		// read while another level records into it).
		s := e.st.Sweep()
		for i, l := range todo {
			if l.StopsByPrecision() {
				todo[i].Step = e.opts.StepRef(s, l.PerGPU)
			}
		}
	}
	var wg sync.WaitGroup
	// The slots rotate from batch to batch, so a level's repeats land on
	// different slots and a slot that measures differently shows (outlierSlot).
	n := len(e.slots)
	for i, l := range todo {
		wg.Add(1)
		go func(i int, l sweep.Level, slot Slot) {
			defer wg.Done()
			errs[i] = e.runLevel(ctx, slot, l)
		}(i, l, e.slots[(i+e.batches)%n])
	}
	wg.Wait()
	e.batches++
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// runLevel runs one level on one slot and stores it: measured, failed
// (ending the sweep unless KeepGoing), or abandoned on Ctrl-C.
func (e *engine) runLevel(ctx context.Context, slot Slot, l sweep.Level) error {
	plan := e.st.Plan()
	if slot.Endpoint != "" {
		plan.Endpoint = slot.Endpoint
	}
	on := ""
	if len(e.slots) > 1 {
		on = " on " + slot.Name
	}
	if err := e.start(ctx, l, on); err != nil {
		return err
	}
	started := e.clock()
	res, runErr := slot.Exec.RunLevel(ctx, plan, l)
	return e.record(ctx, slot, l, res, runErr, started, on)
}

// runStages runs levels as the stages of one harness run and stores each
// as runLevel does: measured, failed (the run's error fails every stage)
// or abandoned on Ctrl-C. It returns the first error that ends the sweep,
// once every level is stored.
func (e *engine) runStages(ctx context.Context, slot Slot, todo []sweep.Level) error {
	for _, l := range todo {
		if err := e.start(ctx, l, ""); err != nil {
			return err
		}
	}
	started := e.clock()
	results, runErr := slot.Exec.(sweep.StagedExecutor).RunStages(ctx, e.st.Plan(), todo)
	var first error
	for i, l := range todo {
		var res *sweep.LevelResult
		if i < len(results) {
			res = results[i]
		}
		if err := e.record(ctx, slot, l, res, runErr, started, ""); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// record stores what running level l produced.
func (e *engine) record(ctx context.Context, slot Slot, l sweep.Level, res *sweep.LevelResult, runErr error, started time.Time, on string) error {
	rec := store.LevelRecord{Level: l, StartedAt: started.UTC(), FinishedAt: e.clock().UTC()}
	if len(e.slots) > 1 {
		rec.RanOn = slot.Name
	}
	raw := map[string][]byte(nil)
	if res != nil {
		rec.Harness, rec.HarnessVersion, rec.Points, raw = res.Harness, res.HarnessVersion, res.Points, res.Raw
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if ctx.Err() != nil {
		return e.abandoned(ctx, rec, raw, res != nil, on)
	}
	if runErr == nil {
		runErr = unusable(res)
	}
	if runErr != nil {
		return e.failed(rec, raw, runErr, on)
	}
	rec.Status = store.StatusOK
	if err := e.st.SaveLevel(rec, raw); err != nil {
		return fmt.Errorf("storing %v: %w", l, err)
	}
	e.out.Measured = append(e.out.Measured, l.Index)
	e.timed(l, rec.FinishedAt.Sub(rec.StartedAt))
	if err := e.event("finished", "%v%s: %s", l, on, summary(res.Points)); err != nil {
		return err
	}
	if len(res.Points) > 0 {
		if line := estimateAfter(l, res.Points[0], rec.FinishedAt.Sub(rec.StartedAt), e.levelsLeft()); line != "" {
			e.logf("estimate: %s", line)
		}
	}
	return nil
}

// levelsLeft is how many more levels the run may measure: the plan's
// unfinished ones, or what the level budget leaves.
func (e *engine) levelsLeft() int {
	plan := e.st.Plan()
	left := 0
	for _, l := range plan.Levels() {
		if !e.st.Done(l.Index) {
			left++
		}
	}
	if e.opts.LevelBudget > 0 {
		distinct := map[int]bool{}
		for _, pg := range plan.PerGPU {
			distinct[pg] = true
		}
		left = max(left, e.opts.LevelBudget-len(distinct))
	}
	return left
}

// start says a level starts, unless Ctrl-C came first.
func (e *engine) start(ctx context.Context, l sweep.Level, on string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := ctx.Err(); err != nil {
		e.out.StoppedEarly = "interrupted"
		_ = e.st.Event("stopped", "interrupted before %v", l)
		return fmt.Errorf("interrupted before %v: %w", l, err)
	}
	return e.event("started", "%v%s", l, on)
}

// abandoned stores a level Ctrl-C cut short: its partial numbers are not a
// measurement of the level, but whatever raw output exists is kept.
func (e *engine) abandoned(ctx context.Context, rec store.LevelRecord, raw map[string][]byte, ran bool, on string) error {
	l := rec.Level
	e.out.StoppedEarly = "interrupted"
	rec.Status, rec.Error = store.StatusInterrupted, "interrupted (Ctrl-C)"
	if ran {
		_ = e.st.SaveLevel(rec, raw)
	}
	if e.oneByOne {
		_ = e.st.Event("stopped", "interrupted during %v; the level was abandoned, %d finished levels are kept", l, len(e.out.Measured)+len(e.out.Skipped))
		e.logf("stopped: interrupted during %v; the level was abandoned", l)
	} else {
		_ = e.st.Event("stopped", "interrupted during %v%s; the level was abandoned, finished levels are kept", l, on)
	}
	return fmt.Errorf("interrupted during %v: %w", l, ctx.Err())
}

// failed stores a level without a usable measurement. A plan the harness
// cannot run fails every level alike: it stops the sweep even with
// KeepGoing, and its InputError reaches the CLI (exit 2).
func (e *engine) failed(rec store.LevelRecord, raw map[string][]byte, runErr error, on string) error {
	l := rec.Level
	rec.Status, rec.Error = store.StatusFailed, runErr.Error()
	if err := e.st.SaveLevel(rec, raw); err != nil {
		return fmt.Errorf("storing failed %v: %w", l, err)
	}
	e.failedHere[l.Index] = true
	e.out.Failed = append(e.out.Failed, l.Index)
	lerr := &LevelError{Level: l, Err: runErr}
	e.failures = append(e.failures, lerr)
	if err := e.event("failed", "%v%s: %v (raw output in %s)", l, on, runErr, store.LevelDir(l)); err != nil {
		return err
	}
	var in *inputerr.Error
	if e.opts.KeepGoing && !errors.As(runErr, &in) {
		return nil
	}
	e.out.StoppedEarly = lerr.Error()
	_ = e.event("stopped", "%v failed; finished levels are kept; fix the cause and continue with --resume %s (or pass --keep-going)", l, inputerr.QuoteName(e.st.Dir()))
	return lerr
}

// Package run is the sweep engine: it climbs a plan's ladder level by level
// through an Executor (a harness behind a runner), stores each level the
// moment it finishes, and stops cleanly — on Ctrl-C, on a failed level
// unless told to keep going, or once the sweep is clearly past the knee.
//
// There is one engine (this file and level.go): it asks a planner which
// levels to run next — the plan's ladder (ladder.go), the knee search with
// repeats and several slots (adaptive.go), or the rate search
// (ratesearch.go) — and handles failures, interrupts and resume the same
// way for all of them.
//
// It lives below package sweep (not in it) because it needs the results
// folder (sweep/store), which itself builds on sweep's types.
package run

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// StopRule looks at the sweep measured so far (points in concurrency order)
// and says whether climbing further would only measure a collapsed system.
// The knee package provides the real rule; sweep must not import it.
type StopRule func(s *sweep.Sweep) (stop bool, why string)

// Options control a run.
type Options struct {
	// KeepGoing continues with the next level after a failed one (the run
	// still ends in an error, like make -k).
	KeepGoing bool
	// StopRule, when set, is asked after every measured level (and once at
	// the start of a resume); nil climbs the whole ladder.
	StopRule StopRule
	// Log receives one line per event; nil is quiet.
	Log io.Writer
	// Now is the clock (tests); nil is time.Now.
	Now func() time.Time
	// LevelBudget is the most levels the run may measure in all (a
	// search's --max-levels), for the time estimates; 0: the plan's.
	LevelBudget int
	// StepRef, when set (a search whose levels stop by precision), gives
	// each level the lower level its decision judges it against, from the
	// levels measured so far (nil: none); the level may stop once that
	// step is resolved (sweep/steps.go).
	StepRef func(s *sweep.Sweep, perGPU int) *sweep.StepRef
}

// Outcome says what a run did.
type Outcome struct {
	// Measured are the level indices measured by this run, Skipped those a
	// resume found already done, Failed those that failed in this run.
	Measured, Skipped, Failed []int
	// StoppedEarly is why the climb ended before the top of the ladder
	// ("" when every level was attempted).
	StoppedEarly string
	// PastKnee is set when the stop rule ended the climb.
	PastKnee bool
	// Sweep is the normalised sweep as stored.
	Sweep *sweep.Sweep
}

// LevelError is a level that ran but gave no usable measurement.
type LevelError struct {
	Level sweep.Level
	Err   error
}

func (e *LevelError) Error() string { return fmt.Sprintf("%v failed: %v", e.Level, e.Err) }
func (e *LevelError) Unwrap() error { return e.Err }

// ErrFailedLevels is returned (wrapped) when --keep-going ran past failures.
var ErrFailedLevels = errors.New("some levels failed")

// Run climbs the plan stored in st, one level at a time on exec, stopping
// past the knee when opts.StopRule says so (ladder.go). On cancellation it
// returns the outcome so far and an error wrapping ctx.Err(): every
// finished level is already on disk, and the level in flight is abandoned
// (and said to be).
func Run(ctx context.Context, exec sweep.Executor, st *store.Store, opts Options) (*Outcome, error) {
	e := newEngine(st, opts, []Slot{{Exec: exec}})
	e.oneByOne = true
	return e.run(ctx, &ladder{rule: opts.StopRule})
}

// A planner decides what the engine runs. Each method may log and store
// its decisions (e.event, e.st.AddLevels); ended reports that the planner
// has said the sweep's last word, so the engine adds no closing line.
type planner interface {
	// begin is asked once, before any level runs (after "resumed").
	begin(e *engine) (ended bool, err error)
	// next returns the plan's levels to run now, at most one per slot;
	// none, and not ended, closes the sweep with the engine's summary.
	next(ctx context.Context, e *engine) (levels []sweep.Level, ended bool, err error)
	// measured is asked after each level stored as measured, in order.
	measured(e *engine, l sweep.Level) (ended bool, err error)
}

// engine is the one loop behind Run, RunAdaptive and RunRateSearch.
type engine struct {
	st    *store.Store
	opts  Options
	slots []Slot
	out   *Outcome
	// oneByOne marks the engine of Run and the rate search: levels one at
	// a time on one slot, whose line for an abandoned level counts the
	// levels kept and is logged too, as it always was.
	oneByOne   bool
	mu         sync.Mutex // the store, the outcome and the log while levels run at once
	failedHere map[int]bool
	failures   []error
	batches    int
	// staged marks a plan whose pending levels run as the stages of one
	// harness run (sweep.StagedExecutor, one slot): every pending level
	// is one batch.
	staged bool
	// longest is the longest level run so far (AdaptiveOptions.Deadline).
	longest time.Duration
	// tookAt is each per-GPU level's longest run (outOfTime).
	tookAt map[int]time.Duration
}

func newEngine(st *store.Store, opts Options, slots []Slot) *engine {
	return &engine{st: st, opts: opts, slots: slots, out: &Outcome{}, failedHere: map[int]bool{}}
}

func (e *engine) clock() time.Time {
	if e.opts.Now != nil {
		return e.opts.Now()
	}
	return time.Now()
}

func (e *engine) logf(format string, args ...any) {
	if e.opts.Log != nil {
		fmt.Fprintf(e.opts.Log, format+"\n", args...)
	}
}

// event is one line in events.log and on the log.
func (e *engine) event(kind, format string, args ...any) error {
	e.logf("%s: %s", kind, fmt.Sprintf(format, args...))
	return e.st.Event(kind, format, args...)
}

func (e *engine) finish(err error) (*Outcome, error) {
	e.out.Sweep = e.st.Sweep()
	return e.out, err
}

func (e *engine) run(ctx context.Context, p planner) (*Outcome, error) {
	if len(e.slots) == 1 {
		if x, ok := e.slots[0].Exec.(sweep.StagedExecutor); ok && x.Staged(e.st.Plan()) {
			e.staged = true
		}
	}
	if err := e.announce(); err != nil {
		return e.finish(err)
	}
	if ended, err := p.begin(e); ended || err != nil {
		return e.finish(err)
	}
	for {
		todo, ended, err := p.next(ctx, e)
		if ended || err != nil {
			return e.finish(err)
		}
		if len(todo) == 0 {
			break
		}
		if err := e.runBatch(ctx, todo); err != nil {
			return e.finish(err)
		}
		for _, l := range todo {
			if !e.st.Done(l.Index) {
				continue
			}
			if ended, err := p.measured(e, l); ended || err != nil {
				return e.finish(err)
			}
		}
	}
	if why := e.outlierSlot(); why != "" {
		_ = e.event("outlier", "%s", why)
	}
	return e.finish(e.summarise(len(e.out.Measured), len(e.out.Skipped)))
}

// announce says what a resume found done and where levels run at once.
func (e *engine) announce() error {
	if line := estimateBefore(e.st.Plan(), e.opts.LevelBudget); line != "" {
		e.logf("estimate: %s", line)
	}
	levels := e.st.Plan().Levels()
	for _, l := range levels {
		if e.st.Done(l.Index) {
			e.out.Skipped = append(e.out.Skipped, l.Index)
		}
	}
	if len(e.out.Skipped) > 0 {
		if err := e.event("resumed", "%d of %d levels already measured", len(e.out.Skipped), len(levels)); err != nil {
			return err
		}
	}
	if len(e.slots) < 2 {
		return nil
	}
	names := make([]string, len(e.slots))
	for i, s := range e.slots {
		names[i] = s.Name
	}
	return e.event("parallel", "up to %d levels at once, on %s", len(names), strings.Join(names, ", "))
}

// summarise is the sweep's closing line (the rate search's, each round's):
// the failures --keep-going ran past end it in ErrFailedLevels.
func (e *engine) summarise(measured, skipped int) error {
	if len(e.failures) > 0 {
		_ = e.event("finished", "the sweep, with %d failed level(s)", len(e.failures))
		return fmt.Errorf("%w: %w", ErrFailedLevels, errors.Join(e.failures...))
	}
	return e.event("finished", "the sweep: %d level(s) measured, %d already done", measured, skipped)
}

// pending are the plan's levels not measured and not failed in this run,
// in plan order.
func (e *engine) pending() []sweep.Level {
	var out []sweep.Level
	for _, l := range e.st.Plan().Levels() {
		if !e.st.Done(l.Index) && !e.failedHere[l.Index] {
			out = append(out, l)
		}
	}
	return out
}

func checkStop(rule StopRule, st *store.Store) (bool, string) {
	if rule == nil {
		return false, ""
	}
	s := st.Sweep()
	if len(s.Points) == 0 {
		return false, ""
	}
	return rule(s)
}

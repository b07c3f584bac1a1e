package run

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kneetool/knee/internal/stats"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// Planner decides which per-GPU levels an adaptive sweep runs next, from
// the sweep measured so far and every level already in the plan (tried,
// failed ones included). done ends the search; why is logged either way.
// The knee package provides the real one (knee/search); run must not
// import the knee rule.
type Planner func(s *sweep.Sweep, tried []int) (levels []int, done bool, why string)

// Slot is one place a level can run: an endpoint, or a Kubernetes node's
// serving endpoint. Levels run on different slots at the same time.
type Slot struct {
	// Name is what results and logs record (an endpoint redacted, a node).
	Name string
	// Endpoint replaces the plan's endpoint for levels on this slot ("" keeps it).
	Endpoint string
	Exec     sweep.Executor
}

// AdaptiveOptions control RunAdaptive.
type AdaptiveOptions struct {
	Options
	// Planner, when set, grows the plan (--search); nil runs the plan's
	// ladder (stopping past the knee when StopRule is set).
	Planner Planner
	// Repeats is the most runs of each level (--repeats; 1 or 0: one).
	Repeats int
	// UntilCI, when > 0, stops repeating a level once the 95% confidence
	// half-width of its mean throughput is within this share of the mean
	// (--until-ci); Repeats still bounds it.
	UntilCI float64
	// Slots are where levels run; at least one.
	Slots []Slot
}

// RunAdaptive is the engine for --search, --repeats/--until-ci and several
// endpoints or nodes. It runs the plan's pending levels, as many at once as
// there are slots, then asks the planner for more until it is done, then
// adds repeats in rounds — one more run of every level that still needs
// one, in ladder order, so repeats of a level are interleaved with other
// levels rather than back to back and drift shows as spread, not signal —
// and asks the planner again after each round, since repeats move the
// means the knee rule reads. Every decision is logged with its reason in
// events.log and on the log. Stopping, failures and Ctrl-C behave as in Run:
// every finished level is on disk, and --resume continues the search from
// the plan.json it grew.
func RunAdaptive(ctx context.Context, st *store.Store, opts AdaptiveOptions) (*Outcome, error) {
	if len(opts.Slots) == 0 {
		return nil, errors.New("no slot to run levels on")
	}
	e := &adaptive{st: st, opts: opts, out: &Outcome{}, failedHere: map[int]bool{}}
	return e.run(ctx)
}

type adaptive struct {
	st         *store.Store
	opts       AdaptiveOptions
	out        *Outcome
	mu         sync.Mutex // the store, the outcome and the log
	failedHere map[int]bool
	failures   []error
	batches    int
}

func (e *adaptive) clock() time.Time {
	if e.opts.Now != nil {
		return e.opts.Now()
	}
	return time.Now()
}

func (e *adaptive) event(kind, format string, args ...any) error {
	if e.opts.Log != nil {
		fmt.Fprintf(e.opts.Log, "%s: %s\n", kind, fmt.Sprintf(format, args...))
	}
	return e.st.Event(kind, format, args...)
}

func (e *adaptive) finish(err error) (*Outcome, error) {
	e.out.Sweep = e.st.Sweep()
	return e.out, err
}

func (e *adaptive) run(ctx context.Context) (*Outcome, error) {
	levels := e.st.Plan().Levels()
	for _, l := range levels {
		if e.st.Done(l.Index) {
			e.out.Skipped = append(e.out.Skipped, l.Index)
		}
	}
	if len(e.out.Skipped) > 0 {
		if err := e.event("resumed", "%d of %d levels already measured", len(e.out.Skipped), len(levels)); err != nil {
			return e.finish(err)
		}
	}
	if len(e.opts.Slots) > 1 {
		names := make([]string, len(e.opts.Slots))
		for i, s := range e.opts.Slots {
			names[i] = s.Name
		}
		if err := e.event("parallel", "up to %d levels at once, on %s", len(names), strings.Join(names, ", ")); err != nil {
			return e.finish(err)
		}
	}
	searching := e.opts.Planner != nil
	lastDone := ""
	for {
		if err := e.runPending(ctx); err != nil {
			return e.finish(err)
		}
		if searching {
			tried := e.tried()
			levels, done, why := e.opts.Planner(e.st.Sweep(), tried)
			if !done && !newLevels(levels, tried) {
				// A planner must not ask for a level again (repeats are
				// this engine's); taking it at its word would never end.
				done, why = true, fmt.Sprintf("the planner asked for %s, all already in the plan (%s)", sweep.FormatLadder(levels), why)
			}
			if !done {
				if _, err := e.st.AddLevels(levels...); err != nil {
					return e.finish(err)
				}
				if err := e.event("search", "%s", why); err != nil {
					return e.finish(err)
				}
				continue
			}
			// Asked again after each round of repeats: said once per answer.
			if why != lastDone {
				lastDone = why
				if err := e.event("search", "done: %s", why); err != nil {
					return e.finish(err)
				}
			}
		}
		more, why := e.repeatsNeeded()
		if len(more) == 0 {
			break
		}
		if _, err := e.st.AddLevels(more...); err != nil {
			return e.finish(err)
		}
		if err := e.event("repeat", "%s", why); err != nil {
			return e.finish(err)
		}
	}
	if why := e.outlierSlot(); why != "" {
		_ = e.event("outlier", "%s", why)
	}
	if len(e.failures) > 0 {
		_ = e.event("finished", "the sweep, with %d failed level(s)", len(e.failures))
		return e.finish(fmt.Errorf("%w: %w", ErrFailedLevels, errors.Join(e.failures...)))
	}
	return e.finish(e.event("finished", "the sweep: %d level(s) measured, %d already done", len(e.out.Measured), len(e.out.Skipped)))
}

// newLevels reports whether levels is non-empty and none of it is in tried.
func newLevels(levels, tried []int) bool {
	in := map[int]bool{}
	for _, t := range tried {
		in[t] = true
	}
	for _, l := range levels {
		if in[l] {
			return false
		}
	}
	return len(levels) > 0
}

// tried lists the distinct per-GPU levels in the plan, measured or not.
func (e *adaptive) tried() []int {
	seen := map[int]bool{}
	var out []int
	for _, pg := range e.st.Plan().PerGPU {
		if !seen[pg] {
			seen[pg] = true
			out = append(out, pg)
		}
	}
	sort.Ints(out)
	return out
}

// pending are the plan's levels not measured and not failed in this run,
// in plan order; without a planner, StopRule drops the rungs above a sweep
// already clearly past the knee.
func (e *adaptive) pending() ([]sweep.Level, string) {
	var out []sweep.Level
	for _, l := range e.st.Plan().Levels() {
		if !e.st.Done(l.Index) && !e.failedHere[l.Index] {
			out = append(out, l)
		}
	}
	if e.opts.Planner != nil || e.opts.StopRule == nil || len(out) == 0 {
		return out, ""
	}
	stop, why := checkStop(e.opts.StopRule, e.st)
	if !stop {
		return out, ""
	}
	top := 0
	for _, p := range e.st.Sweep().Points {
		if p.PerGPU != nil && int(*p.PerGPU) > top {
			top = int(*p.PerGPU)
		}
	}
	var kept []sweep.Level
	for _, l := range out {
		if l.PerGPU <= top {
			kept = append(kept, l)
		}
	}
	if len(kept) == len(out) {
		return out, "" // nothing above the knee is left to skip
	}
	return kept, why
}

// runPending runs every pending level, len(Slots) at a time.
func (e *adaptive) runPending(ctx context.Context) error {
	for {
		todo, stopped := e.pending()
		if stopped != "" && !e.out.PastKnee {
			e.out.PastKnee, e.out.StoppedEarly = true, stopped
			if err := e.event("stopped", "past the knee: %s; higher levels are not run", stopped); err != nil {
				return err
			}
		}
		if len(todo) == 0 {
			return nil
		}
		if len(todo) > len(e.opts.Slots) {
			todo = todo[:len(e.opts.Slots)]
		}
		if err := e.runBatch(ctx, todo); err != nil {
			return err
		}
	}
}

// runBatch runs levels at the same time, one per slot, and returns the
// first error that ends the sweep (interrupt, failure without KeepGoing, a
// plan the harness cannot run) once every level of the batch has ended.
func (e *adaptive) runBatch(ctx context.Context, todo []sweep.Level) error {
	errs := make([]error, len(todo))
	var wg sync.WaitGroup
	// The slots rotate from batch to batch, so a level's repeats land on
	// different slots and a slot that measures differently shows (outlierSlot).
	n := len(e.opts.Slots)
	for i, l := range todo {
		wg.Add(1)
		go func(i int, l sweep.Level, slot Slot) {
			defer wg.Done()
			errs[i] = e.runLevel(ctx, slot, l)
		}(i, l, e.opts.Slots[(i+e.batches)%n])
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

// runLevel runs one level on one slot and stores it, as Run does.
func (e *adaptive) runLevel(ctx context.Context, slot Slot, l sweep.Level) error {
	plan := e.st.Plan()
	if slot.Endpoint != "" {
		plan.Endpoint = slot.Endpoint
	}
	on := ""
	if len(e.opts.Slots) > 1 {
		on = " on " + slot.Name
	}
	e.mu.Lock()
	if err := ctx.Err(); err != nil {
		e.out.StoppedEarly = "interrupted"
		_ = e.st.Event("stopped", "interrupted before %v", l)
		e.mu.Unlock()
		return fmt.Errorf("interrupted before %v: %w", l, err)
	}
	err := e.event("started", "%v%s", l, on)
	e.mu.Unlock()
	if err != nil {
		return err
	}
	started := e.clock()
	res, runErr := slot.Exec.RunLevel(ctx, plan, l)
	rec := store.LevelRecord{Level: l, StartedAt: started.UTC(), FinishedAt: e.clock().UTC()}
	if len(e.opts.Slots) > 1 {
		rec.RanOn = slot.Name
	}
	raw := map[string][]byte(nil)
	if res != nil {
		rec.Harness, rec.HarnessVersion, rec.Points, raw = res.Harness, res.HarnessVersion, res.Points, res.Raw
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if ctx.Err() != nil {
		e.out.StoppedEarly = "interrupted"
		rec.Status, rec.Error = store.StatusInterrupted, "interrupted (Ctrl-C)"
		if res != nil {
			_ = e.st.SaveLevel(rec, raw)
		}
		_ = e.st.Event("stopped", "interrupted during %v%s; the level was abandoned, finished levels are kept", l, on)
		return fmt.Errorf("interrupted during %v: %w", l, ctx.Err())
	}
	if runErr == nil {
		runErr = unusable(res)
	}
	if runErr != nil {
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
		var in *sweep.InputError
		if !e.opts.KeepGoing || errors.As(runErr, &in) {
			e.out.StoppedEarly = lerr.Error()
			_ = e.event("stopped", "%v failed; finished levels are kept; fix the cause and continue with --resume %s (or pass --keep-going)", l, sweep.QuoteName(e.st.Dir()))
			return lerr
		}
		return nil
	}
	rec.Status = store.StatusOK
	if err := e.st.SaveLevel(rec, raw); err != nil {
		return fmt.Errorf("storing %v: %w", l, err)
	}
	e.out.Measured = append(e.out.Measured, l.Index)
	return e.event("finished", "%v%s: %s", l, on, summary(res.Points))
}

// repeatsNeeded is the next round of repeats: one more run of every
// measured level that has fewer than Repeats runs and, with UntilCI, whose
// throughput's 95% confidence half-width is still wider than UntilCI of
// its mean. Levels that failed in this run are not repeated.
func (e *adaptive) repeatsNeeded() ([]int, string) {
	most := max(e.opts.Repeats, 1)
	if most <= 1 {
		return nil, ""
	}
	runs := e.throughputs()
	failed := map[int]bool{}
	for i := range e.failedHere {
		failed[e.st.Plan().Levels()[i].PerGPU] = true
	}
	var more []int
	var why []string
	for _, pg := range e.tried() {
		xs := runs[pg]
		if len(xs) == 0 || len(xs) >= most || failed[pg] {
			continue
		}
		if e.opts.UntilCI > 0 && len(xs) >= 2 {
			hw, mean := CIHalfWidth(xs)
			if hw <= e.opts.UntilCI*mean {
				continue
			}
			why = append(why, fmt.Sprintf("%d/GPU ±%.1f%% after %d", pg, 100*hw/mean, len(xs)))
			more = append(more, pg)
			continue
		}
		why = append(why, fmt.Sprintf("%d/GPU has %d of %d", pg, len(xs), most))
		more = append(more, pg)
	}
	if len(more) == 0 {
		return nil, ""
	}
	goal := fmt.Sprintf("--repeats %d", most)
	if e.opts.UntilCI > 0 {
		goal = fmt.Sprintf("--until-ci %.1f%% (at most %d runs)", 100*e.opts.UntilCI, most)
	}
	return more, fmt.Sprintf("one more run of %s, interleaved (%s): %s", sweep.FormatLadder(more), goal, strings.Join(why, "; "))
}

// throughputs are every successful run's throughput, by per-GPU level.
func (e *adaptive) throughputs() map[int][]float64 {
	out := map[int][]float64{}
	for _, l := range e.st.Plan().Levels() {
		rec := e.st.Record(l.Index)
		if rec == nil || len(rec.Points) == 0 {
			continue
		}
		out[l.PerGPU] = append(out[l.PerGPU], rec.Points[0].ThroughputTokS)
	}
	return out
}

// CIHalfWidth is the 95% confidence half-width of the mean of xs (Student's
// t with n−1 degrees of freedom) and the mean; +Inf with fewer than 2.
func CIHalfWidth(xs []float64) (hw, mean float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += x
	}
	if len(xs) == 0 {
		return math.Inf(1), 0
	}
	mean /= n
	if len(xs) < 2 {
		return math.Inf(1), mean
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / (n - 1))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.Quantile(0.975)
	return t * sd / math.Sqrt(n), mean
}

// outlierSlot names a slot whose runs sit apart from the same levels'
// runs elsewhere: for every level run on at least two slots, each run's
// throughput relative to the level's median; a slot whose median relative
// deviation is more than 10% from zero while the others' are not is named.
// Identical nodes differ by a few percent; 10% is beyond the noise of one
// run on the stacks measured so far only when it holds across levels.
func (e *adaptive) outlierSlot() string {
	if len(e.opts.Slots) < 2 {
		return ""
	}
	type run struct {
		slot string
		x    float64
	}
	by := map[int][]run{}
	for _, l := range e.st.Plan().Levels() {
		rec := e.st.Record(l.Index)
		if rec == nil || rec.RanOn == "" || len(rec.Points) == 0 {
			continue
		}
		by[l.PerGPU] = append(by[l.PerGPU], run{rec.RanOn, rec.Points[0].ThroughputTokS})
	}
	dev := map[string][]float64{}
	for _, runs := range by {
		slots := map[string]bool{}
		xs := make([]float64, len(runs))
		for i, r := range runs {
			slots[r.slot] = true
			xs[i] = r.x
		}
		if len(slots) < 2 {
			continue
		}
		m := stats.Median(xs)
		if m <= 0 {
			continue
		}
		for _, r := range runs {
			dev[r.slot] = append(dev[r.slot], r.x/m-1)
		}
	}
	var out []string
	names := make([]string, 0, len(dev))
	for s := range dev {
		names = append(names, s)
	}
	sort.Strings(names)
	for _, s := range names {
		if d := stats.Median(dev[s]); math.Abs(d) > 0.10 {
			out = append(out, fmt.Sprintf("%s: its runs are %+.0f%% from the same levels' median on the other slots (%d runs)", s, 100*d, len(dev[s])))
		}
	}
	if len(out) == 0 || len(out) == len(names) {
		return ""
	}
	return strings.Join(out, "; ")
}

// Package run is the sweep engine: it climbs a plan's ladder level by level
// through an Executor (a harness behind a runner), stores each level the
// moment it finishes, and stops cleanly — on Ctrl-C, on a failed level
// unless told to keep going, or once the sweep is clearly past the knee.
//
// It lives below package sweep (not in it) because it needs the results
// folder (sweep/store), which itself builds on sweep's types.
package run

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
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
	// searchRound marks a rate search's later rounds (rate_search.go):
	// the levels measured before are the search's own, not a resume.
	searchRound bool
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

// Run climbs the plan stored in st. On cancellation it returns the outcome
// so far and an error wrapping ctx.Err(): every finished level is already on
// disk, and the level in flight is abandoned (and said to be).
func Run(ctx context.Context, exec sweep.Executor, st *store.Store, opts Options) (*Outcome, error) {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	logf := func(format string, args ...any) {
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, format+"\n", args...)
		}
	}
	event := func(kind, format string, args ...any) error {
		logf("%s: %s", kind, fmt.Sprintf(format, args...))
		return st.Event(kind, format, args...)
	}

	plan := st.Plan()
	levels := plan.Levels()
	out := &Outcome{}
	finish := func(err error) (*Outcome, error) {
		out.Sweep = st.Sweep()
		return out, err
	}

	for _, l := range levels {
		if st.Done(l.Index) {
			out.Skipped = append(out.Skipped, l.Index)
		}
	}
	if len(out.Skipped) > 0 && !opts.searchRound {
		if err := event("resumed", "%d of %d levels already measured", len(out.Skipped), len(levels)); err != nil {
			return finish(err)
		}
		// A sweep stopped past the knee stays stopped unless the rule changed.
		if stop, why := checkStop(opts.StopRule, st); stop {
			out.StoppedEarly, out.PastKnee = why, true
			return finish(event("stopped", "past the knee: %s", why))
		}
	}

	// Say which levels run again because their last attempt failed (the
	// server died, every request failed …), and why.
	for _, l := range levels {
		if f := st.Failed(l.Index); f != nil && !st.Done(l.Index) {
			if err := event("rerun", "%v: its last attempt was %s (%s)", l, f.Status, f.Error); err != nil {
				return finish(err)
			}
		}
	}

	var failures []error
	for _, l := range levels {
		if st.Done(l.Index) {
			continue
		}
		if err := ctx.Err(); err != nil {
			out.StoppedEarly = "interrupted"
			_ = st.Event("stopped", "interrupted before %v", l)
			return finish(fmt.Errorf("interrupted before %v: %w", l, err))
		}
		if err := event("started", "%v", l); err != nil {
			return finish(err)
		}
		started := now()
		res, runErr := exec.RunLevel(ctx, plan, l)
		rec := store.LevelRecord{Level: l, StartedAt: started.UTC(), FinishedAt: now().UTC()}
		raw := map[string][]byte(nil)
		if res != nil {
			rec.Harness, rec.HarnessVersion, rec.Points, raw = res.Harness, res.HarnessVersion, res.Points, res.Raw
		}

		if ctx.Err() != nil {
			// Abandoned mid-level: its partial numbers are not a measurement
			// of the level, but whatever raw output exists is kept.
			out.StoppedEarly = "interrupted"
			rec.Status, rec.Error = store.StatusInterrupted, "interrupted (Ctrl-C)"
			if res != nil {
				_ = st.SaveLevel(rec, raw)
			}
			_ = st.Event("stopped", "interrupted during %v; the level was abandoned, %d finished levels are kept", l, len(out.Measured)+len(out.Skipped))
			logf("stopped: interrupted during %v; the level was abandoned", l)
			return finish(fmt.Errorf("interrupted during %v: %w", l, ctx.Err()))
		}

		if runErr == nil {
			runErr = unusable(res)
		}
		if runErr != nil {
			rec.Status, rec.Error = store.StatusFailed, runErr.Error()
			if err := st.SaveLevel(rec, raw); err != nil {
				return finish(fmt.Errorf("storing failed %v: %w", l, err))
			}
			out.Failed = append(out.Failed, l.Index)
			lerr := &LevelError{Level: l, Err: runErr}
			failures = append(failures, lerr)
			if err := event("failed", "%v: %v (raw output in %s)", l, runErr, store.LevelDir(l)); err != nil {
				return finish(err)
			}
			// A plan the harness cannot run fails every level alike: stop
			// even with KeepGoing, and let the InputError reach the CLI (exit 2).
			var in *sweep.InputError
			if !opts.KeepGoing || errors.As(runErr, &in) {
				out.StoppedEarly = lerr.Error()
				_ = event("stopped", "%v failed; finished levels are kept; fix the cause and continue with --resume %s (or pass --keep-going)", l, sweep.QuoteName(st.Dir()))
				return finish(lerr)
			}
			continue
		}

		rec.Status = store.StatusOK
		if err := st.SaveLevel(rec, raw); err != nil {
			return finish(fmt.Errorf("storing %v: %w", l, err))
		}
		out.Measured = append(out.Measured, l.Index)
		if err := event("finished", "%v: %s", l, summary(res.Points)); err != nil {
			return finish(err)
		}
		if stop, why := checkStop(opts.StopRule, st); stop {
			out.StoppedEarly, out.PastKnee = why, true
			if l.Index < len(levels)-1 {
				return finish(event("stopped", "past the knee after %v: %s; levels above it were not run (--stop-past-knee=false runs them)", l, why))
			}
			return finish(event("finished", "the sweep; the top level is past the knee: %s", why))
		}
	}
	if len(failures) > 0 {
		_ = event("finished", "the sweep, with %d failed level(s)", len(failures))
		return finish(fmt.Errorf("%w: %w", ErrFailedLevels, errors.Join(failures...)))
	}
	return finish(event("finished", "the sweep: %d level(s) measured, %d already done", len(out.Measured), len(out.Skipped)))
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

// unusable reports a level that ran to the end but gave no measurement of
// the load: nothing at all, every request failed (the Python harnesses exit
// 0 even then), or more than half of its requests failed with connection
// errors — the server died or restarted during the level, and what was
// measured is its going away. Such a level is stored as failed, so
// --resume runs it again. Timeouts and HTTP errors, however many, are the
// server's answer under load and stay measured: that is what a level past
// the knee looks like.
func unusable(res *sweep.LevelResult) error {
	if res == nil || len(res.Points) == 0 {
		return errors.New("the harness returned no measurement")
	}
	for _, p := range res.Points {
		ok, failed := 0, 0
		if p.Requests != nil {
			ok = *p.Requests
		}
		if p.Failures != nil {
			failed = *p.Failures
		}
		if p.Requests != nil && ok == 0 {
			return fmt.Errorf("every request failed (%d failures%s)", failed, labels(p.FailureLabels))
		}
		conn := map[string]int{}
		n := 0
		for l, c := range p.FailureLabels {
			if connectionLabel(l) {
				conn[l] = c
				n += c
			}
		}
		if 2*n > ok+failed {
			return fmt.Errorf("the server stopped answering during the level: %d of %d requests failed with connection errors (%s); stored as failed, --resume runs it again",
				n, ok+failed, strings.TrimPrefix(labels(conn), ": "))
		}
	}
	return nil
}

// connectionLabel recognises a failure of the connection itself in the
// labels of every harness: builtin's connection_refused, connection_reset,
// connect_error and broken_stream, aiohttp's ClientConnectorError,
// ServerDisconnectedError and ClientPayloadError (inference-perf, AIPerf).
func connectionLabel(l string) bool {
	l = strings.ToLower(l)
	for _, k := range []string{"connect", "refused", "reset", "disconnect", "broken", "eof", "payload"} {
		if strings.Contains(l, k) {
			return true
		}
	}
	return false
}

func labels(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s×%d", k, m[k]))
	}
	return ": " + strings.Join(parts, ", ")
}

func summary(ps []sweep.Point) string {
	if len(ps) == 0 {
		return "no points"
	}
	p := ps[0]
	s := fmt.Sprintf("%.0f tok/s", p.ThroughputTokS)
	if p.TTFT.P99 != nil {
		s += fmt.Sprintf(", TTFT p99 %.0f ms", *p.TTFT.P99)
	}
	// The same phrase, and the same numbers, as the harness's progress line
	// and point.json: measured successes and measured failures.
	if p.Requests != nil && p.Failures != nil {
		s += fmt.Sprintf(", %d requests, %d failed", *p.Requests, *p.Failures)
	}
	return s
}

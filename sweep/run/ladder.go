package run

import (
	"context"

	"github.com/kneetool/knee/sweep"
)

// ladder is Run's planner: the plan's levels in order, one at a time, and
// the stop-past-knee rule asked after each measured level (and once when a
// resume starts, so a sweep stopped past the knee stays stopped unless the
// rule changed).
type ladder struct {
	rule StopRule
}

func (p *ladder) begin(e *engine) (bool, error) {
	if len(e.out.Skipped) > 0 {
		if stop, why := checkStop(p.rule, e.st); stop {
			e.out.StoppedEarly, e.out.PastKnee = why, true
			return true, e.event("stopped", "past the knee: %s", why)
		}
	}
	return false, sayReruns(e)
}

// sayReruns says which levels run again because their last attempt
// failed (the server died, every request failed …), and why.
func sayReruns(e *engine) error {
	for _, l := range e.st.Plan().Levels() {
		if f := e.st.Failed(l.Index); f != nil && !e.st.Done(l.Index) {
			if err := e.event("rerun", "%v: its last attempt was %s (%s)", l, f.Status, f.Error); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p *ladder) next(_ context.Context, e *engine) ([]sweep.Level, bool, error) {
	return firstPending(e), false, nil
}

// firstPending is the plan's first level still to run, or none; for a
// staged run, every level still to run (the stages of one harness run).
func firstPending(e *engine) []sweep.Level {
	if todo := e.pending(); len(todo) > 0 {
		if e.staged {
			return todo
		}
		return todo[:1]
	}
	return nil
}

func (p *ladder) measured(e *engine, l sweep.Level) (bool, error) {
	stop, why := checkStop(p.rule, e.st)
	if !stop {
		return false, nil
	}
	e.out.StoppedEarly, e.out.PastKnee = why, true
	if e.staged && l.Index < len(e.st.Plan().Levels())-1 {
		return true, e.event("stopped", "past the knee after %v: %s; the levels above it ran as stages of the same harness run", l, why)
	}
	if l.Index < len(e.st.Plan().Levels())-1 {
		return true, e.event("stopped", "past the knee after %v: %s; levels above it were not run (--stop-past-knee=false runs them)", l, why)
	}
	return true, e.event("finished", "the sweep; the top level is past the knee: %s", why)
}

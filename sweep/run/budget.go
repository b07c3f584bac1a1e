package run

import (
	"fmt"
	"time"
)

// The search's time budget (issue 30). Levels that stop by precision end
// by their interval or their time cap, but a search on a noisy engine
// extends every step its noise leaves unresolved: on the H200 test bed
// every level ran into its 45 s cap at ±7–28%, and one search spent 9 runs
// and 500 s without an answer. A budget bounds the whole search instead:
// no level starts once the longest level so far would carry the sweep past
// its deadline, and the search answers with what it measured — the knee
// rule reads a step still unresolved as flat, so the answer is the lower
// level, and knee find says the bracket is unresolved.

// outOfTime says why no further level may start ("" while one may): the
// deadline leaves less than the longest level run so far. The first level
// always runs (nothing predicts its length).
func (e *engine) outOfTime(deadline time.Time) string {
	if deadline.IsZero() || e.longest <= 0 {
		return ""
	}
	left := deadline.Sub(e.clock())
	if left >= e.longest {
		return ""
	}
	return fmt.Sprintf("the time budget leaves %s, less than the longest level so far (%s): the search answers with the levels it measured (--search-budget; --resume continues with a fresh budget)",
		max(left, 0).Round(time.Second), e.longest.Round(time.Second))
}

// timed records how long a finished level ran, for outOfTime.
func (e *engine) timed(took time.Duration) {
	if took > e.longest {
		e.longest = took
	}
}

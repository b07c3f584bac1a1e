package run

import (
	"fmt"
	"time"

	"github.com/kneetool/knee/sweep"
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
// deadline leaves less than the next level is expected to take. The first
// level always runs (nothing predicts its length). A level below some
// measured level is expected to take no longer than the nearest measured
// level above it, with a quarter to spare: its requests are no slower (in
// a closed loop a request takes N/X(N), and X grows at most in proportion
// to N), and its warm-up, waves and drain are each a request long — the
// quarter covers the test bed's noise (32/GPU once took 51 s where 64 took
// 49). Any other level — a climb past every level, a rate — is expected to
// take as long as the longest level so far. On the H200 test bed one
// search's 352/GPU took 2m31s, and the 64/GPU its go-down step asked for
// (128 had taken 1m12s) was refused with 2m1s left: the search ended with
// nothing recommended.
func (e *engine) outOfTime(deadline time.Time, next ...sweep.Level) string {
	if deadline.IsZero() || e.longest <= 0 {
		return ""
	}
	left := deadline.Sub(e.clock())
	expect, below := e.longest, 0
	if len(next) > 0 {
		if t, ok := e.nearestAbove(next[0].PerGPU); ok {
			expect, below = min(e.longest, t+t/4), next[0].PerGPU
		}
	}
	if left >= expect {
		return ""
	}
	if below > 0 && expect < e.longest {
		return fmt.Sprintf("the time budget leaves %s, less than %d/GPU is expected to take (%s: the nearest level above it and a quarter): the search answers with the levels it measured (--search-budget; --resume continues with a fresh budget)",
			max(left, 0).Round(time.Second), below, expect.Round(time.Second))
	}
	return fmt.Sprintf("the time budget leaves %s, less than the longest level so far (%s): the search answers with the levels it measured (--search-budget; --resume continues with a fresh budget)",
		max(left, 0).Round(time.Second), e.longest.Round(time.Second))
}

// nearestAbove is the longest run of the lowest measured level at or
// above perGPU (false: none is).
func (e *engine) nearestAbove(perGPU int) (time.Duration, bool) {
	best := -1
	for pg := range e.tookAt {
		if pg >= perGPU && (best < 0 || pg < best) {
			best = pg
		}
	}
	if best < 0 {
		return 0, false
	}
	return e.tookAt[best], true
}

// timed records how long a finished level ran, for outOfTime.
func (e *engine) timed(l sweep.Level, took time.Duration) {
	e.longest = max(e.longest, took)
	if e.tookAt == nil {
		e.tookAt = map[int]time.Duration{}
	}
	e.tookAt[l.PerGPU] = max(e.tookAt[l.PerGPU], took)
}

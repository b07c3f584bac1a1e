package builtin

import (
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/kneetool/knee/sweep"
)

// ttftRing keeps the last ttftRingSize TTFTs (lock-free) so that progress
// can show a recent median without the workers sharing a lock.
const ttftRingSize = 1024

type ttftRing struct {
	n    atomic.Int64
	vals [ttftRingSize]atomic.Int64 // nanoseconds
}

func (r *ttftRing) add(d time.Duration) {
	i := r.n.Add(1) - 1
	r.vals[i%ttftRingSize].Store(int64(d))
}

// median is the median of the recent TTFTs in ms (NaN when none yet).
func (r *ttftRing) median() float64 {
	n := min(r.n.Load(), ttftRingSize)
	if n == 0 {
		return math.NaN()
	}
	v := make([]int64, n)
	for i := range v {
		v[i] = r.vals[i].Load()
	}
	slices.Sort(v)
	return ms(time.Duration(v[n/2]))
}

// liveRate is the output rate of the level so far: every token since the
// level started over the time since it started. Tokens are counted when a
// request ends, so a rate over the last interval alone swings between a
// burst and 0 whenever fewer requests end than there are intervals (8 in
// flight with one-second requests, ticked every half second, read 256, 0,
// 256, 0 tok/s); the cumulative rate settles on the level's pace instead.
// Before the first request ends there is no rate to show, not a rate of 0.
func liveRate(tokens int64, elapsed time.Duration) string {
	if tokens <= 0 || elapsed <= 0 {
		return "- tok/s so far"
	}
	return fmt.Sprintf("%.0f tok/s so far", float64(tokens)/elapsed.Seconds())
}

// progress reports a level as it runs: a progress bar on a terminal, a
// plain line per interval otherwise (logs, CI).
type progress struct {
	w     io.Writer
	start time.Time
	stop  func()
}

func startProgress(w io.Writer, interval time.Duration, lvl sweep.Level, run *levelRun) progress {
	if w == nil {
		return progress{stop: func() {}}
	}
	measured := int64(lvl.Requests)
	of := fmt.Sprint(measured)
	if lvl.StopsByPrecision() {
		measured, of = -1, "?" // a spinner: the interval, not a count, ends it
	}
	start := time.Now()
	describe := func(now time.Time) string {
		ttft := "-"
		if m := run.ttfts.median(); !math.IsNaN(m) {
			ttft = fmt.Sprintf("%.0f ms", m)
		}
		return fmt.Sprintf("%s: %s, TTFT p50 %s, %d failed%s",
			liveLoad(lvl), liveRate(run.liveTokens.Load(), now.Sub(start)), ttft, run.failed.Load(), livePrecision(lvl, run, now.Sub(start)))
	}

	var bar *progressbar.ProgressBar
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		bar = progressbar.NewOptions64(measured,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(loadName(lvl)),
			progressbar.OptionShowCount(),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionShowDescriptionAtLineEnd(),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionSetWidth(30),
		)
		interval = time.Second
	}

	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-t.C:
				if bar != nil {
					bar.Describe(describe(now))
					_ = bar.Set64(run.done.Load())
				} else {
					fmt.Fprintf(w, "level %d: %d/%s requests past warm-up, %s\n", lvl.Index, run.done.Load(), of, describe(now))
				}
			}
		}
	}()
	return progress{w: w, start: start, stop: func() {
		close(done)
		wg.Wait()
		if bar != nil {
			_ = bar.Set64(run.done.Load())
			_ = bar.Finish()
			fmt.Fprintln(w)
		}
	}}
}

// final prints the level's closing line. Its counts are the measurement's
// — the same numbers point.json and summary.json keep — not the live
// counters: the live ones count by warm-up index alone, while the
// measurement also discards the requests sent during the ramp, so a live
// total would say "50 requests" of a level that measured 34.
func (p progress) final(lvl sweep.Level, format string, args ...any) {
	if p.w == nil {
		return
	}
	fmt.Fprintf(p.w, "level %d: %s done in %.1fs: %s\n", lvl.Index, loadName(lvl), time.Since(p.start).Seconds(), fmt.Sprintf(format, args...))
}

// counts is the one phrase for a level's request counts — measured
// successes, measured failures, and the warm-up (and ramp) requests left
// out — shared by the progress line and the engine's events, so that both
// say what point.json and summary.json keep.
func counts(successes, failures, discarded int) string {
	s := fmt.Sprintf("%d requests, %d failed", successes, failures)
	if discarded > 0 {
		s += fmt.Sprintf(" (%d warm-up discarded)", discarded)
	}
	return s
}

// livePrecision is what a level that stops by precision shows of its stop
// rule: the interval so far against the target, and the time spent against
// its bounds — the level's own estimate of how long it still needs.
func livePrecision(lvl sweep.Level, run *levelRun, elapsed time.Duration) string {
	if !lvl.StopsByPrecision() {
		return ""
	}
	h := "±–"
	if m := run.mon.Load(); m != nil {
		if hw := m.halfWidth(); !math.IsNaN(hw) {
			h = "±" + sweep.FormatShare(math.Round(hw*1000)/1000)
		}
	}
	return fmt.Sprintf(", throughput %s (stops at ±%s), %.0fs of %.0f–%.0fs",
		h, sweep.FormatShare(lvl.Precision), elapsed.Seconds(), lvl.MinDurationS, lvl.MaxDurationS)
}

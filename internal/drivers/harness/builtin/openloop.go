package builtin

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/kneetool/knee/sweep"
)

// OpenLoop is what summary.json records of an open-loop (rate) level
// beside the closed loop's fields.
type OpenLoop struct {
	RequestedRate float64 `json:"requested_rate"`
	Arrivals      string  `json:"arrivals"`
	Seed          int64   `json:"seed"`
	MaxInFlight   int     `json:"max_in_flight"`
	Sent          int     `json:"sent"`
	// ScheduleS is when the last request was due (offset of the schedule's
	// last entry): sent over it is the rate the schedule offered.
	ScheduleS float64 `json:"schedule_s"`
	// HeldAtBound counts requests that found MaxInFlight outstanding and
	// waited for one to end: from the first of them on, the level was a
	// closed loop at the bound, not the offered rate.
	HeldAtBound int `json:"held_at_bound"`
	// InFlightMax is the most requests outstanding at once; InFlightMean
	// the time-averaged count over the sending span (as the closed loop's
	// achieved concurrency is measured).
	InFlightMax  int      `json:"in_flight_max"`
	InFlightMean *float64 `json:"in_flight_mean,omitempty"`
	// LateMeanMs and LateMaxMs are how far sends fell behind their schedule
	// (the client's own lag: timer slack, a starved host, the bound).
	LateMeanMs float64 `json:"late_mean_ms"`
	LateMaxMs  float64 `json:"late_max_ms"`
	// LittleConcurrency is achieved request rate × mean E2E: the point's
	// (derived) concurrency, as knee's readers derive it for rate stages.
	LittleConcurrency float64 `json:"little_concurrency"`
}

// unreachableAfter is how many refused connects, with no response yet,
// end an open-loop level as unreachable.
const unreachableAfter = 8

// dispatch is what the open-loop dispatcher saw while sending.
type dispatch struct {
	sent, held, inFlightMax int
	lateSum, lateMax        time.Duration
}

// runOpenLoop sends lvl.Requests requests at the times Schedule gives,
// each on its own goroutine whether or not earlier ones have ended, with
// at most the plan's MaxInFlight outstanding: a request due while the
// bound is reached waits for one to end (and is counted in held_at_bound).
func (e *Executor) runOpenLoop(ctx context.Context, plan sweep.Plan, lvl sweep.Level, target string, bodies []body) (*sweep.LevelResult, error) {
	bound := plan.RateMaxInFlight()
	seed := e.opts.Seed + int64(lvl.Index)
	total := lvl.Warmup + lvl.Requests
	sched, err := Schedule(arrivalsName(plan), lvl.Rate, total, seed)
	if err != nil {
		return nil, err
	}
	// concurrency is only the connect-failure stop's count here: a few
	// refused connects at the offered pace say the port is dead (64 at
	// 2 req/s would take half a minute).
	run := &levelRun{total: total, warmup: lvl.Warmup, concurrency: min(bound, unreachableAfter)}
	var d dispatch
	lm, err := e.driveLevel(ctx, plan, lvl, target, run, openLoopConns(plan, lvl), func(st *streamer, start time.Time) []outcome {
		var outcomes []outcome
		outcomes, d = run.openLoop(ctx, st, start, sched, bodies, bound)
		return outcomes
	})
	if err != nil {
		return nil, err
	}
	res, outcomes, m := lm.res, lm.all, lm.m
	ol := OpenLoop{RequestedRate: lvl.Rate, Arrivals: arrivalsName(plan), Seed: seed, MaxInFlight: bound,
		Sent: d.sent, HeldAtBound: d.held, InFlightMax: d.inFlightMax, LateMaxMs: ms(d.lateMax)}
	if len(sched) > 0 {
		ol.ScheduleS = sched[len(sched)-1].Seconds()
	}
	if d.sent > 0 {
		ol.LateMeanMs = ms(d.lateSum) / float64(d.sent)
	}
	if m.hasAchieved {
		ol.InFlightMean = sweep.F(m.achieved)
	}
	if err := openLoopPoint(res, plan, lvl, &ol); err != nil {
		return nil, err
	}
	if why := serverDied(outcomes, total); why != "" {
		return res, fmt.Errorf("%w: %s; the level is stored as failed and --resume runs it again", ErrServerDied, why)
	}
	return res, nil
}

// openLoop is the dispatcher: it sleeps until each request is due, takes
// a slot (waiting when all bound slots are taken), and starts the request.
// It returns the outcomes of the requests it sent, in schedule order.
func (r *levelRun) openLoop(ctx context.Context, st *streamer, levelStart time.Time, sched []time.Duration, bodies []body, bound int) ([]outcome, dispatch) {
	outcomes := make([]outcome, len(sched))
	slots := make(chan struct{}, bound)
	timer := time.NewTimer(0)
	<-timer.C
	defer timer.Stop()
	var (
		d  dispatch
		wg sync.WaitGroup
	)
send:
	for i, due := range sched {
		if ctx.Err() != nil || r.abort.Load() {
			break
		}
		if wait := time.Until(levelStart.Add(due)); wait > 0 {
			timer.Reset(wait)
			select {
			case <-timer.C:
			case <-ctx.Done():
				break send
			}
		}
		select {
		case slots <- struct{}{}:
		default:
			d.held++
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				break send
			}
		}
		d.inFlightMax = max(d.inFlightMax, len(slots))
		late := time.Since(levelStart) - due
		d.lateSum += late
		d.lateMax = max(d.lateMax, late)
		d.sent++
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			defer func() { <-slots }()
			gaps := make([]float64, 0, 64)
			b := bodies[i%len(bodies)]
			o := st.do(ctx, levelStart, b.json, b.inputTokens, &gaps)
			o.index, o.first = i, i == 0
			r.note(&o, gaps)
			outcomes[i] = o
		}(i)
	}
	wg.Wait()
	return outcomes[:d.sent], d
}

// note counts one ended request for progress and the connect-failure stop,
// as the closed loop's worker does, and keeps a success's ITL gaps.
func (r *levelRun) note(o *outcome, gaps []float64) {
	if o.connected {
		r.responded.Add(1)
	} else if isConnectFailure(o.label) {
		// Nothing connects, or a server that answered now refuses: stop
		// sending (the level fails either way).
		if r.connFails.Add(1) >= int64(min(r.concurrency, 64)) || r.responded.Load() > 0 {
			r.abort.Store(true)
		}
	}
	if o.label == "" {
		o.gaps = gaps
		r.liveTokens.Add(int64(o.outputTokens))
		r.ttfts.add(o.ttft)
	}
	if o.index >= r.warmup {
		r.done.Add(1)
		if o.label != "" {
			r.failed.Add(1)
		}
	}
}

// openLoopPoint turns the closed loop's point into a rate stage's, as
// knee's readers fill an imported one: the offered rate as requested_rate,
// the measured one (successes over the window from the first send to the
// last end) as request_rate, and the concurrency Little's law gives from
// them, marked derived. A level that reached --max-in-flight is marked
// client-bound: from then on the client, not the offered rate, set the load.
func openLoopPoint(res *sweep.LevelResult, plan sweep.Plan, lvl sweep.Level, ol *OpenLoop) error {
	p := &res.Points[0]
	p.RequestedRate = sweep.F(lvl.Rate)
	p.PerGPU, p.Concurrency, p.AchievedConcurrency = nil, 0, nil
	if p.RequestRate != nil && p.E2E.Mean != nil {
		ol.LittleConcurrency = *p.RequestRate * *p.E2E.Mean / 1000
		p.Concurrency, p.Derived = ol.LittleConcurrency, true
		p.AchievedConcurrency = sweep.F(ol.LittleConcurrency)
		if plan.GPUs > 0 {
			p.PerGPU = sweep.F(ol.LittleConcurrency / float64(plan.GPUs))
		}
	}
	p.Source = fmt.Sprintf("%s harness %s, level %d (%s)", Name, Version, lvl.Index, describeArrivals(plan, lvl))

	var sum Summary
	if err := json.Unmarshal(res.Raw["summary.json"], &sum); err != nil {
		return err
	}
	sum.OpenLoop = ol
	sum.Achieved = p.AchievedConcurrency
	if ol.HeldAtBound > 0 {
		why := fmt.Sprintf("%d of %d requests waited for a slot at --max-in-flight %d: the level was not open-loop from then on", ol.HeldAtBound, ol.Sent, ol.MaxInFlight)
		sum.ClientBoundWhy = append(sum.ClientBoundWhy, why)
		p.Note = why
	}
	sum.ClientBound = len(sum.ClientBoundWhy) > 0
	p.ClientBound = sum.ClientBound
	b, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return err
	}
	res.Raw["summary.json"] = append(b, '\n')
	return nil
}

// loadName is a level's load in progress lines: 64/GPU, or 8 req/s.
func loadName(lvl sweep.Level) string {
	if lvl.Rate > 0 {
		return fmt.Sprintf("%g req/s", lvl.Rate)
	}
	return fmt.Sprintf("%d/GPU", lvl.PerGPU)
}

// liveLoad is loadName with what the client holds: the closed loop's
// in-flight count, or the open loop's offered rate.
func liveLoad(lvl sweep.Level) string {
	if lvl.Rate > 0 {
		return fmt.Sprintf("%g req/s offered", lvl.Rate)
	}
	return fmt.Sprintf("%d/GPU (%d in flight)", lvl.PerGPU, lvl.Concurrency)
}

// openLoopConns is the most connections a rate level can hold: the
// plan's --max-in-flight, or all its requests when they are fewer.
func openLoopConns(plan sweep.Plan, lvl sweep.Level) int {
	return max(1, min(plan.RateMaxInFlight(), lvl.Warmup+lvl.Requests))
}

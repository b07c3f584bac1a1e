package run

import (
	"fmt"
	"time"

	"github.com/kneetool/knee/sweep"
)

// Time estimates (issue 30). A level that stops by precision has no count
// to show progress against; what a user wants to know is how long the
// sweep will take. Before the first level the bounds say it; after each
// level its requests' latency says it: a level spends about one request on
// its ramp, at least two on its windows (every slot twice, or
// --level-min-duration, or 100 requests for the p99), none on a drain (the built-in harness cuts the requests
// still in flight once the level has its answer), and never more than
// --level-max-duration — or, where requests are so slow that the cap holds fewer than three
// of them after the ramp, until it does, at most three times the cap. The first level's requests are the
// fastest of a climb (latency grows with load), so the figures are lower
// bounds for the levels above it and the time cap the upper one.

// estimateBefore is the line before the first level of a plan that stops
// by precision ("" otherwise).
func estimateBefore(p sweep.Plan, budget int) string {
	if p.LevelPrecision <= 0 {
		return ""
	}
	n := max(budget, len(p.PerGPU))
	most := time.Duration(float64(n)*p.LevelMaxDurationS) * time.Second
	return fmt.Sprintf("each level runs until ±%s, %s–%s plus its warm-up (about a request); %d levels take at most about %s plus warm-ups",
		sweep.FormatShare(p.LevelPrecision), secs(p.LevelMinDurationS), secs(p.LevelMaxDurationS), n, most.Round(time.Second))
}

// estimateAfter is the line after a finished level of a plan that stops by
// precision: the time per level its requests predict and the plan's rest.
func estimateAfter(l sweep.Level, p sweep.Point, took time.Duration, left int) string {
	if !l.StopsByPrecision() || p.E2E.Mean == nil {
		return ""
	}
	req := time.Duration(*p.E2E.Mean * float64(time.Millisecond))
	level := perLevel(l, req)
	rest := time.Duration(left) * level
	why := "stopped by " + p.StopReason
	if p.StopReason == sweep.StopResolved && l.Step != nil {
		why = fmt.Sprintf("stopped once its step from %d/GPU was resolved", l.Step.PerGPU)
	}
	return fmt.Sprintf("%d/GPU took %s (%s a request, %s): a level at this latency takes about %s, at most %s; %d more levels at most: about %s at this latency, more where requests are slower",
		l.PerGPU, took.Round(100*time.Millisecond), req.Round(10*time.Millisecond), why, level.Round(time.Second),
		mostPerLevel(l, req).Round(time.Second), left, rest.Round(time.Second))
}

// perLevel is a level's expected time at request latency req: ramp, the
// longest of two requests, the least duration and the p99's requests at
// the level's concurrency; capped at the time cap.
func perLevel(l sweep.Level, req time.Duration) time.Duration {
	least := time.Duration(l.MinDurationS * float64(time.Second))
	p99 := time.Duration(float64(sweep.MinSamplesP99) / float64(max(l.Concurrency, 1)) * float64(req))
	return min(req+max(least, 3*req, p99), mostPerLevel(l, req))
}

// mostPerLevel is the longest a level at request latency req runs: its
// time cap, or, where the cap holds fewer than three request-long waves
// after the ramp, until it does (at most three times the cap; the built-in
// harness's capped).
func mostPerLevel(l sweep.Level, req time.Duration) time.Duration {
	limit := time.Duration(l.MaxDurationS * float64(time.Second))
	return min(max(limit, 4*req), 3*limit)
}

func secs(s float64) string { return (time.Duration(s * float64(time.Second))).String() }

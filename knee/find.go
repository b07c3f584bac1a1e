package knee

import (
	"context"

	"github.com/kneetool/knee/sweep"
)

// Find analyses a sweep: it combines repeats into levels, judges each
// level's validity, locates the knee from the measured levels, estimates it
// inside its bracket with a fitted curve when there are enough levels, and
// gives every level a verdict and the sweep a recommendation.
//
// The knee is the over-saturation point: where throughput stops growing
// with load and added requests only queue. In the analysis unit N (requests
// in flight per GPU; total when the GPU count is unknown) and node output
// throughput X, a level i is flat when against a lower level h
//
//	ln(X_i / X_h) / ln(N_i / N_h) ≤ e*        e* = --elasticity (1/3)
//
// (or it fell beyond --noise below h, or it is a cliff). The levels past
// the knee are the run of flat levels at the top of the sweep; the
// operating point, recommended, is the highest valid level below them; the
// knee lies between the two (saturation.go says why these thresholds).
//
//   - Fitted (≥ --min-fit-levels valid levels before any cliff): six
//     models are fitted with gonum and the lowest AICc one gives the knee
//     min{N : N·X'(N)/X(N) ≤ e*} with a bootstrap interval; inside the
//     measured bracket it is reported as located.
//   - Rate-based sweeps (every level knows requested and achieved request
//     rate): the knee lies between the last stage that served ≥
//     --min-achieved of its requested rate and the first that did not.
//   - TTFT does not move the knee unless requests queue beyond Little's law
//     (a cliff) or the user states --ttft-slo-ms; TTFT past the catalog
//     ceiling long before throughput saturates is reported as a
//     disagreement with both operating points.
//
// Unusable input (no points, negative or non-finite numbers) is a
// *inputerr.Error; a sweep that cannot conclude is a Status.
func Find(s *sweep.Sweep, opts Options) (*Result, error) {
	return FindContext(context.Background(), s, opts)
}

// FindContext is Find that stops when ctx is done (Ctrl-C, SIGTERM) and
// returns ctx's error: every step is checked between, and the bootstrap,
// the one step whose cost is not a pass over the levels, between refits.
// Each step is at most n log n in the levels (the curve fit sees at most
// maxFitLevels of them), so stopping takes a fraction of a second at the
// 100,000 levels the readers let through.
func FindContext(ctx context.Context, s *sweep.Sweep, opts Options) (*Result, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	if err := checkSweep(s); err != nil {
		return nil, err
	}
	// The pipeline: each step takes what the ones before returned, and the
	// per-level records (levelEval) carry the reasons found along the way.
	in := prepare(s, opts)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	targets, sloNotes, err := sloTargets(in, opts)
	if err != nil {
		return nil, err
	}
	in.slo = targets
	evalSLOs(in, targets)
	used := judgeValidity(in.levels, in.stat, opts)
	res := &Result{
		Sweep:      SweepInfo{Accelerator: s.Accelerator, GPUs: s.GPUs, Leaf: s.Leaf, Model: s.Model},
		Unit:       in.unit(),
		Hints:      []string{},
		Notes:      append(sloNotes, runToRunNote(in)...),
		Thresholds: opts,
	}
	var loc located
	if len(used) < 2 {
		loc = tooFewLevels(used, in, opts)
		res.TTFT, res.Notes = summarizeTTFT(used, in.stat, opts, res.Notes)
	} else {
		sh := shapeOf(used, in, opts)
		res.QueueOnset = sh.onset
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var ft fitOutcome
		if fl := fitLevels(used); len(fl) >= opts.MinFitLevels {
			ft = fitCurve(ctx, fl, in, opts)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rate := followRate(used, opts)
		res.Fit, res.Notes = ft.summary, append(res.Notes, ft.notes...)
		res.TTFT, res.Notes = summarizeTTFT(used, in.stat, opts, res.Notes)
		loc = locateKnee(used, in, sh, ft, rate, opts)
		res.Notes = append(res.Notes, loc.notes...)
		res.Disagreement = ttftLimits(used, loc.op, in.stat, opts, in.w, targets)
	}
	res.SLO = sloLimits(used, loc.op, targets, in.w)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res.Knee = loc.knee
	res.Points = verdicts(in, used, loc, opts)
	res.Bound = physicalBound(in, res.Knee, res.Points)
	res.RecommendedPerGPU, res.CandidatePerGPU, res.RecommendationReason = recommend(in.levels, used, loc, opts, in.w, targets)
	if loc.rate.ok {
		res.RecommendedRate = offeredAt(used, res.RecommendedPerGPU)
	}
	res.Hints, res.Notes = hints(in, used, loc, res, opts, res.Notes)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return res, nil
}

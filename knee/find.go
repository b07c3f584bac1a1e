package knee

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
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
		Notes:      sloNotes,
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

// checkSweep rejects what no analysis can use, naming the file and field.
func checkSweep(s *sweep.Sweep) error {
	if s == nil {
		return inputerr.Errorf("(sweep)", "points", 0, "no sweep to analyse")
	}
	if len(s.Points) == 0 {
		return inputerr.Errorf(sweepFiles(s), "points", 0, "no measured points to analyse")
	}
	if s.GPUs < 0 {
		return inputerr.Errorf(pointFile(s, s.Points[0]), "gpus", 0, "GPU count must not be negative, got %d", s.GPUs)
	}
	for i, p := range s.Points {
		if err := checkPoint(p, fmt.Sprintf("points[%d].", i), pointFile(s, p)); err != nil {
			return err
		}
	}
	return nil
}

// sweepFiles names the sweep's inputs for an error.
func sweepFiles(s *sweep.Sweep) string {
	if len(s.Sources) > 0 {
		return strings.Join(s.Sources, ",")
	}
	return "(sweep)"
}

// pointFile names the input a point came from for an error.
func pointFile(s *sweep.Sweep, p sweep.Point) string {
	if p.Source != "" {
		return p.Source
	}
	return sweepFiles(s)
}

// checkPoint refuses a point's value out of bounds. The bounds lie far
// beyond any real node and keep sums and ratios finite; they are the ones
// sweep.Validate applies to every input read.
func checkPoint(p sweep.Point, f, file string) error {
	const (
		maxConcurrency = sweep.MaxConcurrency
		maxValue       = sweep.MaxValue
	)
	if !positiveUpTo(p.Concurrency, maxConcurrency) {
		return inputerr.Errorf(file, f+"concurrency", 0, "must be a positive number up to %g, got %g", maxConcurrency, p.Concurrency)
	}
	if p.PerGPU != nil && !positiveUpTo(*p.PerGPU, maxConcurrency) {
		return inputerr.Errorf(file, f+"per_gpu", 0, "must be a positive number up to %g, got %g", maxConcurrency, *p.PerGPU)
	}
	if !nonNegativeUpTo(p.ThroughputTokS, maxValue) {
		return inputerr.Errorf(file, f+"throughput_tok_s", 0, "must be a non-negative number up to %g, got %g", maxValue, p.ThroughputTokS)
	}
	fields := []struct {
		name string
		v    *float64
	}{
		{"ttft_ms.mean", p.TTFT.Mean}, {"ttft_ms.p50", p.TTFT.P50}, {"ttft_ms.p99", p.TTFT.P99},
		{"e2e_ms.mean", p.E2E.Mean}, {"e2e_ms.p50", p.E2E.P50}, {"e2e_ms.p99", p.E2E.P99},
		{"request_rate", p.RequestRate}, {"requested_rate", p.RequestedRate}, {"achieved_concurrency", p.AchievedConcurrency},
		{"output_tokens_mean", p.OutputTokensMean}, {"client_cpu", p.ClientCPU},
	}
	for _, fl := range fields {
		if fl.v != nil && !nonNegativeUpTo(*fl.v, maxValue) {
			return inputerr.Errorf(file, f+fl.name, 0, "must be a non-negative number up to %g, got %g", maxValue, *fl.v)
		}
	}
	counts := []struct {
		name string
		v    *int
	}{{"requests", p.Requests}, {"failures", p.Failures}}
	for _, c := range counts {
		if c.v != nil && *c.v < 0 {
			return inputerr.Errorf(file, f+c.name, 0, "must not be negative, got %d", *c.v)
		}
	}
	return nil
}

func positiveUpTo(v, max float64) bool    { return finite(v) && v > 0 && v <= max }
func nonNegativeUpTo(v, max float64) bool { return finite(v) && v >= 0 && v <= max }

// levelEval is the analysis state of one level.
type levelEval struct {
	*level
	reasons    []Reason
	details    []string
	invalid    bool
	dip        bool       // non_monotonic: fell and recovered
	cliff      bool       // throughput drop or TTFT beyond Little's law
	queue      bool       // added requests only wait (queue.go)
	rateBehind bool       // rate-based stage that served less than it was offered
	elasticity float64    // ln(X/X_prev)/ln(N/N_prev); NaN for the lowest analysed level
	flat       bool       // the measured rule found it gained too little or fell
	flatRef    *levelEval // the lower level that shows it flat
	little     float64    // Little's-law TTFT rise from the level below, NaN unknown
	verdict    Verdict
	slo        []SLOCheck // one per stated SLO (slo.go)
	goodput    *Goodput   // nil without SLOs
}

// add records a reason with its sentence; a second finding for the same
// reason (a cliff seen in throughput and in TTFT) extends the sentence.
func (e *levelEval) add(r Reason, detail string) {
	for i, have := range e.reasons {
		if have == r {
			e.details[i] += "; " + detail
			return
		}
	}
	e.reasons = append(e.reasons, r)
	e.details = append(e.details, detail)
}

// input is the sweep as the analysis sees it: levels with repeats
// combined, in one unit, with one TTFT statistic.
type input struct {
	s      *sweep.Sweep
	perGPU bool
	stat   ttftStat
	levels []*levelEval // every level, ascending
	w      words
	slo    []sloTarget // the stated SLOs (--slo, --ttft-slo-ms)
}

func (in input) unit() string {
	if in.perGPU {
		return "per_gpu"
	}
	return "total"
}

// prepare puts every point in one unit (per GPU when the GPU count is
// known, else total concurrency), picks the TTFT statistic every level has,
// and combines repeats into levels.
func prepare(s *sweep.Sweep, opts Options) input {
	in := input{s: s, perGPU: true}
	for _, p := range s.Points {
		if p.PerGPU == nil {
			in.perGPU = false
		}
	}
	pts := s.Points
	if !in.perGPU {
		// Some points lack per-GPU values: derive them from the GPU count
		// when it is known, else analyse total concurrency for all.
		pts = make([]sweep.Point, len(s.Points))
		copy(pts, s.Points)
		for i := range pts {
			pts[i].PerGPU = nil
			if s.GPUs > 0 {
				pts[i].PerGPU = sweep.F(pts[i].Concurrency / float64(s.GPUs))
			}
		}
		in.perGPU = s.GPUs > 0
	}
	in.stat = chooseTTFTStat(pts)
	for _, l := range buildLevels(pts, s.GPUs, in.stat, opts) {
		in.levels = append(in.levels, &levelEval{level: l, elasticity: math.NaN(), little: math.NaN()})
	}
	in.w = words{perGPU: in.perGPU, eStar: opts.Elasticity}
	return in
}

// words writes levels in sentences.
type words struct {
	perGPU bool
	eStar  float64
}

// unit is how a level is written: "128/GPU" or "512 in flight".
func (w words) unit(x float64) string {
	if w.perGPU {
		return fmt.Sprintf("%s/GPU", num(x))
	}
	return fmt.Sprintf("%s in flight", num(x))
}

// stage names a level in a next-run hint: an open-loop stage by the rate
// it was offered (what the user sets), else by its load.
func (w words) stage(l *levelEval) string {
	if finite(l.requested) && l.requested > 0 {
		return fmt.Sprintf("the %s req/s stage", num(l.requested))
	}
	return w.unit(l.x)
}

// stages names several levels in one next-run hint: "the 2, 4 and 8 req/s
// stages" when every one is an open-loop stage, else "1, 2 and 4/GPU".
func (w words) stages(ls []*levelEval) string {
	if len(ls) == 1 {
		return w.stage(ls[0])
	}
	xs, rates := make([]string, len(ls)), make([]string, len(ls))
	rated := true
	for i, l := range ls {
		xs[i] = num(l.x)
		rated = rated && finite(l.requested) && l.requested > 0
		rates[i] = num(l.requested)
	}
	if rated {
		return fmt.Sprintf("the %s and %s req/s stages", strings.Join(rates[:len(rates)-1], ", "), rates[len(rates)-1])
	}
	return w.unit0(xs)
}

func num(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return fmt.Sprintf("%d", int64(v))
	}
	if math.Abs(v) >= 10 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.3g", v)
}

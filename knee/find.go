package knee

import (
	"fmt"
	"math"
	"strings"

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
// *sweep.InputError; a sweep that cannot conclude is a Status.
func Find(s *sweep.Sweep, opts Options) (*Result, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	if err := checkSweep(s); err != nil {
		return nil, err
	}
	a := newAnalysis(s, opts)
	a.judgeValidity()
	a.locate()
	a.verdicts()
	a.recommend()
	a.hints()
	return a.res, nil
}

// checkSweep rejects what no analysis can use, naming the file and field.
func checkSweep(s *sweep.Sweep) error {
	if s == nil {
		return sweep.Inputf("(sweep)", "points", 0, "no sweep to analyse")
	}
	file := func(p sweep.Point) string {
		if p.Source != "" {
			return p.Source
		}
		if len(s.Sources) > 0 {
			return strings.Join(s.Sources, ",")
		}
		return "(sweep)"
	}
	if len(s.Points) == 0 {
		src := "(sweep)"
		if len(s.Sources) > 0 {
			src = strings.Join(s.Sources, ",")
		}
		return sweep.Inputf(src, "points", 0, "no measured points to analyse")
	}
	if s.GPUs < 0 {
		return sweep.Inputf(file(s.Points[0]), "gpus", 0, "GPU count must not be negative, got %d", s.GPUs)
	}
	// Bounds far beyond any real node keep sums and ratios finite.
	const (
		maxConcurrency = 1e9
		maxValue       = 1e12
	)
	type field struct {
		name string
		v    *float64
	}
	for i, p := range s.Points {
		f := fmt.Sprintf("points[%d].", i)
		if !finite(p.Concurrency) || p.Concurrency <= 0 || p.Concurrency > maxConcurrency {
			return sweep.Inputf(file(p), f+"concurrency", 0, "must be a positive number up to %g, got %g", maxConcurrency, p.Concurrency)
		}
		if p.PerGPU != nil && (!finite(*p.PerGPU) || *p.PerGPU <= 0 || *p.PerGPU > maxConcurrency) {
			return sweep.Inputf(file(p), f+"per_gpu", 0, "must be a positive number up to %g, got %g", maxConcurrency, *p.PerGPU)
		}
		if !finite(p.ThroughputTokS) || p.ThroughputTokS < 0 || p.ThroughputTokS > maxValue {
			return sweep.Inputf(file(p), f+"throughput_tok_s", 0, "must be a non-negative number up to %g, got %g", maxValue, p.ThroughputTokS)
		}
		fields := []field{
			{"ttft_ms.mean", p.TTFT.Mean}, {"ttft_ms.p50", p.TTFT.P50}, {"ttft_ms.p99", p.TTFT.P99},
			{"e2e_ms.mean", p.E2E.Mean}, {"e2e_ms.p50", p.E2E.P50}, {"e2e_ms.p99", p.E2E.P99},
			{"request_rate", p.RequestRate}, {"requested_rate", p.RequestedRate}, {"achieved_concurrency", p.AchievedConcurrency},
			{"output_tokens_mean", p.OutputTokensMean}, {"client_cpu", p.ClientCPU},
		}
		for _, fl := range fields {
			if fl.v != nil && (!finite(*fl.v) || *fl.v < 0 || *fl.v > maxValue) {
				return sweep.Inputf(file(p), f+fl.name, 0, "must be a non-negative number up to %g, got %g", maxValue, *fl.v)
			}
		}
		if p.Requests != nil && *p.Requests < 0 {
			return sweep.Inputf(file(p), f+"requests", 0, "must not be negative, got %d", *p.Requests)
		}
		if p.Failures != nil && *p.Failures < 0 {
			return sweep.Inputf(file(p), f+"failures", 0, "must not be negative, got %d", *p.Failures)
		}
	}
	return nil
}

// levelEval is the analysis state of one level.
type levelEval struct {
	*level
	reasons    []Reason
	details    []string
	invalid    bool
	dip        bool       // non_monotonic: fell and recovered
	cliff      bool       // throughput drop or TTFT beyond Little's law
	rateBehind bool       // rate-based stage that served less than it was offered
	elasticity float64    // ln(X/X_prev)/ln(N/N_prev); NaN for the lowest analysed level
	flat       bool       // the measured rule found it gained too little or fell
	flatRef    *levelEval // the lower level that shows it flat
	little     float64    // Little's-law TTFT rise from the level below, NaN unknown
	verdict    Verdict
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

type analysis struct {
	s      *sweep.Sweep
	opts   Options
	res    *Result
	stat   ttftStat
	perGPU bool
	levels []*levelEval
	used   []*levelEval // valid levels with throughput, ascending

	// Located knee, in analysis units. Levels ≤ subUpTo are below the knee,
	// levels ≥ pastFrom past it, levels between at it.
	subUpTo, pastFrom float64
	atKnee            float64 // the first flat level when it still gained beyond noise; NaN none
	cliffX            float64 // NaN when none
	shortBound        float64 // a level short of its concurrency that bounds the knee; NaN none
	sat               saturation
	rateBased         bool // every valid level is an open-loop stage with requested and achieved rates
	rateVerified      bool // rate-based: the lowest stage kept up, so it is verified
	littleUnknown     bool
}

func newAnalysis(s *sweep.Sweep, opts Options) *analysis {
	a := &analysis{s: s, opts: opts, atKnee: math.NaN(), cliffX: math.NaN(), shortBound: math.NaN(), subUpTo: math.Inf(-1), pastFrom: math.Inf(1), sat: saturation{op: -1, past: -1}}
	a.perGPU = true
	for _, p := range s.Points {
		if p.PerGPU == nil {
			a.perGPU = false
		}
	}
	pts := s.Points
	if !a.perGPU {
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
		a.perGPU = s.GPUs > 0
	}
	a.stat = chooseTTFTStat(pts)
	for _, l := range buildLevels(pts, s.GPUs, a.stat, opts) {
		a.levels = append(a.levels, &levelEval{level: l, elasticity: math.NaN(), little: math.NaN()})
	}
	unit := "per_gpu"
	if !a.perGPU {
		unit = "total"
	}
	a.res = &Result{
		Sweep:      SweepInfo{Accelerator: s.Accelerator, GPUs: s.GPUs, Leaf: s.Leaf, Model: s.Model},
		Unit:       unit,
		Hints:      []string{},
		Thresholds: opts,
	}
	return a
}

// unitName is how levels are written in sentences: "128/GPU" or "512 in flight".
func (a *analysis) unitName(x float64) string {
	if a.perGPU {
		return fmt.Sprintf("%s/GPU", num(x))
	}
	return fmt.Sprintf("%s in flight", num(x))
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

// judgeValidity gives each level its invalid reasons and cautions.
func (a *analysis) judgeValidity() {
	o := a.opts
	for _, l := range a.levels {
		if l.cancelled {
			l.invalid = true
			l.add(ReasonCancelled, "the harness reports the run as interrupted: its numbers are partial")
		}
		if l.thr <= 0 {
			l.invalid = true
			l.add(ReasonErrorsPresent, "no output tokens were measured at this level")
		}
		if l.errKnown && l.errRate > o.MaxErrorRate {
			l.invalid = true
			l.add(ReasonErrorsPresent, fmt.Sprintf("%.1f%% of requests failed (limit %.1f%%)", 100*l.errRate, 100*o.MaxErrorRate))
		}
		if finite(l.achieved) && l.achieved < o.MinAchieved {
			l.invalid = true
			l.add(ReasonConcurrencyNotAchieved, fmt.Sprintf("the load generator sustained %.0f%% of the configured concurrency (need %.0f%%)", 100*l.achieved, 100*o.MinAchieved))
		}
		if l.clientBound || (finite(l.clientCPU) && l.clientCPU >= o.ClientCPUMax) {
			l.invalid = true
			d := "the harness reports the load generator, not the server, as the bottleneck"
			if !l.clientBound {
				d = fmt.Sprintf("the load generator used %.0f%% of its CPU (limit %.0f%%): it, not the server, may have saturated", 100*l.clientCPU, 100*o.ClientCPUMax)
			}
			l.add(ReasonClientBound, d)
		}
		if a.stat == statP99 && l.requestsMin != nil && *l.requestsMin < o.MinSamplesP99 {
			l.add(ReasonInsufficientSamples, fmt.Sprintf("%d successful requests are too few for a p99 (need %d)", *l.requestsMin, o.MinSamplesP99))
		}
		if len(l.thrRepeats) > 1 && l.cv > o.MaxCV {
			d := fmt.Sprintf("throughput of %d repeats varies by CV %.0f%% (limit %.0f%%)", len(l.thrRepeats), 100*l.cv, 100*o.MaxCV)
			if len(l.outliers) > 0 {
				d += fmt.Sprintf("; outlier repeats %s", l.outlierNames())
			}
			l.add(ReasonHighVariance, d)
		}
		if !l.invalid {
			a.used = append(a.used, l)
		}
	}
}

// outlierNames lists the outlier repeats by number and says where each was
// read: repeat numbers count from 0 (the sweep JSON's "repeat"), while a
// results table may number its runs from 1 ("repeat 2 of 15" is repeat 1),
// so the source line is what a reader can look up without ambiguity.
func (l *level) outlierNames() string {
	ids := joinInts(l.outliers)
	var file string
	var lines, places []string
	tableRows := true
	for _, r := range l.outliers {
		for _, p := range l.points {
			if p.Repeat != r {
				continue
			}
			// Results folders and reports name "where: what"; keep the where.
			place, _, _ := strings.Cut(p.Source, ": ")
			places = append(places, place)
			i := strings.LastIndex(p.Source, ":")
			if i < 0 || (file != "" && p.Source[:i] != file) || !isDigits(p.Source[i+1:]) {
				tableRows = false
				continue
			}
			file = p.Source[:i]
			lines = append(lines, p.Source[i+1:])
		}
	}
	switch {
	case tableRows && len(lines) == len(l.outliers):
		return fmt.Sprintf("%s (%s lines %s)", ids, file, strings.Join(lines, ", "))
	case len(places) == len(l.outliers) && places[0] != "":
		return fmt.Sprintf("%s (%s)", ids, strings.Join(places, ", "))
	}
	return ids
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// isDigits reports whether s is a (line) number: only table rows are named
// "file:line"; other sources carry a colon before free text.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

package knee

// The analysis's shared state, which every step of FindContext reads and
// fills: the prepared input, one levelEval per level, and the words levels
// are written in. It sits apart from find.go so the orchestrator reads top
// down and nothing here points back to it.

import (
	"fmt"
	"math"
	"strings"

	"github.com/kneetool/knee/internal/numfmt"
	"github.com/kneetool/knee/sweep"
)

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
	// runToRun is how many times wider than their windows the sweep's
	// repeats scatter (sweep.RunToRunFactor; 1: no wider, or no repeats)
	// and runToRunDOF its degrees of freedom: every windowed level's
	// interval is widened by it.
	runToRun    float64
	runToRunDOF int
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
	in.runToRun, in.runToRunDOF = sweep.RunToRunFactor(pts)
	for _, l := range buildLevels(pts, s.GPUs, in.stat, opts) {
		if l.windowed && finite(l.halfWidth) {
			l.halfWidth *= in.runToRun
		}
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

// num writes a level or a small number in sentences (numfmt.Short).
func num(v float64) string { return numfmt.Short(v) }

// thousands writes a whole number of tok/s or ms: 84,788.
func thousands(v float64) string { return numfmt.Group(v, 0) }

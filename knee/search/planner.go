// Package search decides which concurrency levels an adaptive sweep
// (`knee sweep --search`) runs next. It is pure: given the levels measured
// so far, it asks the knee rule (knee.Find, the one definition the analysis
// uses) where the knee stands and answers with the next levels and why.
//
// The search climbs geometrically (×2) until a level is past the knee or
// --max-per-gpu is reached, then bisects between the knee's bracket — the
// operating point (the highest valid level below the flat run at the top)
// and the first level of that run — at the geometric mean rounded to a
// typed step (Typed), until the bracket is within --precision of its
// midpoint or --max-levels levels have run. With N parallel slots it plans
// N levels at once: the next N rungs of the climb, or N points splitting
// the bracket into N+1 geometric parts.
//
// The knee rule only judges a level against a lower level at least
// r_min = (1+2·noise)^(1/e*) below it (1.33× at the defaults), so a
// bisected level close to the operating point is judged against a lower
// rung, not against its neighbour: the bracket still narrows, because the
// flat run at the top and the operating point are both decided afresh by
// the rule after every level.
package search

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Settings are the search's flags.
type Settings struct {
	// Start is the first level when nothing is measured (--search with no
	// ladder); with a ladder, the ladder's levels are run first.
	Start int `json:"start"`
	// Factor is the climb's step (2).
	Factor int `json:"factor"`
	// MaxPerGPU bounds the climb (--max-per-gpu).
	MaxPerGPU int `json:"max_per_gpu"`
	// Precision is the half-width of the knee's bracket relative to its
	// midpoint at which the search stops (--precision, 0.125 for ±12.5%).
	Precision float64 `json:"precision"`
	// MaxLevels bounds the distinct levels run (--max-levels).
	MaxLevels int `json:"max_levels"`
	// Slots is the number of levels that can run at once (endpoints or
	// nodes); the search plans that many per batch.
	Slots int `json:"slots"`
	// Confirm climbs one rung past the first level past the knee unless
	// knee.PastKneeRule (the engine's --stop-past-knee) already stops
	// there (--search-confirm): one noisy level then never ends the climb.
	// It is asked for only when the search would otherwise stop, since a
	// bisected level that reads flat below the top confirms it too; on the
	// benchmark that costs about 0.4 levels instead of 1.4.
	Confirm bool `json:"confirm"`
	// Rungs, when given (--ladder with --search), are the climb's steps
	// instead of ×Factor: the climb, its confirming rung and the descent go
	// to the next rung up or down, the climb ends at the top rung, and the
	// bisection places typed levels between rungs. Ascending.
	Rungs []int `json:"rungs,omitempty"`
}

// up is the climb's next level above v: the next rung, or v×Factor; 0 when
// there is none.
func (s Settings) up(v int) int {
	if len(s.Rungs) == 0 {
		return v * s.Factor
	}
	for _, r := range s.Rungs {
		if r > v {
			return r
		}
	}
	return 0
}

// down is the descent's next level below v: the rung below, or v/Factor
// (also below the lowest rung); 0 when there is none.
func (s Settings) down(v int) int {
	for i := len(s.Rungs) - 1; i >= 0; i-- {
		if s.Rungs[i] < v {
			return s.Rungs[i]
		}
	}
	if v/s.Factor >= 1 && v > 1 {
		return v / s.Factor
	}
	return 0
}

// step names the climb's step in the log.
func (s Settings) step() string {
	if len(s.Rungs) > 0 {
		return "to the next rung of the ladder"
	}
	return fmt.Sprintf("×%d", s.Factor)
}

// DefaultSettings are the documented defaults.
func DefaultSettings() Settings {
	return Settings{Start: 16, Factor: 2, MaxPerGPU: 1024, Precision: 0.125, MaxLevels: 12, Slots: 1, Confirm: true}
}

// Validate checks the settings; errors name the flag.
func (s Settings) Validate() error {
	switch {
	case s.Start < 1 || s.Start > sweep.MaxConcurrency:
		return sweep.Inputf("flag", "--search-start", 0, "must be a positive integer, got %d", s.Start)
	case s.Factor < 2:
		return sweep.Inputf("flag", "--search-factor", 0, "must be at least 2, got %d", s.Factor)
	case s.MaxPerGPU < s.Start:
		return sweep.Inputf("flag", "--max-per-gpu", 0, "must be at least the first level %d, got %d", s.Start, s.MaxPerGPU)
	case !(s.Precision > 0 && s.Precision < 1):
		return sweep.Inputf("flag", "--precision", 0, "must be between 0 and 1 (0.125 is ±12.5%%), got %g", s.Precision)
	case s.MaxLevels < 2 || s.MaxLevels > sweep.MaxLevels:
		return sweep.Inputf("flag", "--max-levels", 0, "must be between 2 and %d, got %d", sweep.MaxLevels, s.MaxLevels)
	case s.Slots < 1:
		return sweep.Inputf("flag", "--slots", 0, "must be at least 1, got %d", s.Slots)
	}
	for i, r := range s.Rungs {
		if r < 1 || (i > 0 && r <= s.Rungs[i-1]) {
			return sweep.Inputf("flag", "--ladder", 0, "the search's rungs must be positive and ascending, got %s", sweep.FormatLadder(s.Rungs))
		}
	}
	return nil
}

// Phase says what a decision is doing.
type Phase string

const (
	PhaseClimb   Phase = "climb"   // no level past the knee yet: go up
	PhaseDescend Phase = "descend" // the lowest level is already past it: go down
	PhaseBisect  Phase = "bisect"  // narrowing the bracket
	PhaseDone    Phase = "done"
)

// Decision is the search's answer: the levels to run next (ascending, none
// when Done) and why, with the knee's bracket as the rule sees it now.
type Decision struct {
	Phase  Phase  `json:"phase"`
	Levels []int  `json:"levels,omitempty"`
	Reason string `json:"reason"`
	// Low and High bound the knee (0 when unknown).
	Low  int `json:"low,omitempty"`
	High int `json:"high,omitempty"`
	// Within is set when the bracket meets the precision.
	Within bool `json:"within,omitempty"`
}

// Done reports whether the search has finished.
func (d Decision) Done() bool { return d.Phase == PhaseDone }

// Within reports whether the bracket [lo, hi] is within ±precision of its
// midpoint: (hi − lo)/(hi + lo) ≤ precision (96–128 is ±14.3%, 112–128 ±6.7%).
func Within(lo, hi, precision float64) bool {
	return lo > 0 && hi >= lo && (hi-lo)/(hi+lo) <= precision+1e-12
}

// Next decides the next levels. measured is the sweep so far (nil or empty
// before the first level); tried lists every level already attempted or
// planned, failed ones included, so that none is proposed twice; opts are
// the knee rule's thresholds.
func Next(measured *sweep.Sweep, tried []int, set Settings, opts knee.Options) Decision {
	if set.Slots < 1 {
		set.Slots = 1
	}
	done := map[int]bool{}
	for _, l := range tried {
		done[l] = true
	}
	budget := set.MaxLevels - len(done)
	if measured == nil || len(measured.Points) == 0 {
		if len(done) > 0 {
			return Decision{Phase: PhaseDone, Reason: "no level gave a measurement: nothing to search from"}
		}
		first := set.Start
		if len(set.Rungs) > 0 {
			first = set.Rungs[0]
		}
		return climb(first, set, done, budget, fmt.Sprintf("start at %d/GPU", first))
	}
	boot := opts.Bootstrap
	opts.Bootstrap = 0 // the bracket decides the next level; the interval costs refits
	r, err := knee.Find(measured, opts)
	opts.Bootstrap = boot
	if err != nil {
		return Decision{Phase: PhaseDone, Reason: fmt.Sprintf("the knee rule cannot read the levels: %v", err)}
	}
	lo, hi := bracket(r)
	top, bottom := levelRange(r)
	d := Decision{Low: lo, High: hi}
	if cb := clientBound(r); len(cb) >= maxClientBound {
		d.Phase = PhaseDone
		d.Reason = fmt.Sprintf("stopped: %d levels (%s/GPU) were client_bound, so the load generator, not the server, was the bottleneck and more levels would measure the client; give it more CPU (--workers, a larger or second client node) and --resume", len(cb), sweep.FormatLadder(cb))
		return d
	}
	if tv, ti, ok := invalidTop(r); ok && (r.Knee.Status == knee.StatusNotReached || hi == 0 || hi > ti) {
		// The highest level decided nothing (client-bound, failed
		// requests, short of its concurrency): a higher one would fare no
		// better, so the search looks below it instead of climbing past it.
		why := fmt.Sprintf("%d/GPU is invalid (%s): no climb past it", ti, invalidWhy(r, ti))
		if tv == 0 {
			d.Phase, d.Reason = PhaseDone, why+"; no valid level below it to search from"
			return d
		}
		if v, ok := typedBetween(tv, ti); ok && !done[v] && budget > 0 {
			d.Phase, d.Levels, d.Low, d.High = PhaseBisect, []int{v}, tv, 0
			d.Reason = fmt.Sprintf("%s; %d/GPU, the highest valid level, still scales: run %d between them", why, tv, v)
			return d
		}
		d.Phase, d.Low, d.High = PhaseDone, tv, 0
		d.Reason = fmt.Sprintf("%s; the knee lies above %d/GPU, the highest valid level, and no untried typed level lies between", why, tv)
		return d
	}
	if r.SLO != nil && r.SLO.Binds == knee.BindsSLO && r.SLO.OverPerGPU != nil {
		return sloEdge(r.SLO, set, done, budget)
	}
	qlo := lo
	if qlo == 0 && r.Knee.Status != knee.StatusBelowRange {
		// The lowest level is not yet verified, but a queue above it names
		// where to look: the onset, not a level below the lowest.
		qlo = bottom
	}
	if c, why, ok := atQueueOnset(r, qlo, hi, done); ok && budget > 0 {
		d.Phase, d.Levels = PhaseBisect, []int{c}
		d.Reason = fmt.Sprintf("the knee lies in %d–%d/GPU and %s: measure there, run %d", qlo, hi, why, c)
		return d
	}
	switch {
	case r.Knee.Status == knee.StatusNotReached || (hi == 0 && r.Knee.Status != knee.StatusBelowRange):
		if top >= set.MaxPerGPU {
			d.Phase, d.Reason = PhaseDone, fmt.Sprintf("still scaling at %d/GPU, the --max-per-gpu bound: the knee is above it", top)
			return d
		}
		next := min(set.up(top), set.MaxPerGPU)
		if next <= top {
			d.Phase, d.Reason = PhaseDone, fmt.Sprintf("still scaling at %d/GPU, the ladder's top rung: the knee is above it", top)
			return d
		}
		why := fmt.Sprintf("%d/GPU is below the knee (%s): climb %s", top, r.Knee.Detail, set.step())
		if len(r.Points) < 2 {
			why = fmt.Sprintf("one level so far: climb %s from %d/GPU", set.step(), top)
		}
		return merge(d, climb(next, set, done, budget, why))
	case r.Knee.Status == knee.StatusBelowRange || lo == 0:
		next := set.down(bottom)
		if bottom <= 1 || next < 1 {
			d.Phase, d.Reason = PhaseDone, "already past the knee at 1/GPU: there is no lower level"
			return d
		}
		why := fmt.Sprintf("the lowest level %d/GPU is already past the knee: go down ×1/%d", bottom, set.Factor)
		if next != bottom/set.Factor {
			why = fmt.Sprintf("the lowest level %d/GPU is already past the knee: go down to the rung below", bottom)
		}
		return merge(d, descend(next, set, done, budget, why))
	}
	if q := r.QueueOnset; q != nil && q.From == "engine" && lo > 0 && hi > lo && lo == int(math.Round(q.PerGPU)) {
		// The operating point is the engine's own cap, measured: every
		// level above it only adds waiting requests (the engine said so),
		// so no level between the cap and the first that queues can be
		// better, whatever the bracket's width.
		d.Phase, d.Within = PhaseDone, Within(float64(lo), float64(hi), set.Precision)
		d.Reason = fmt.Sprintf("the knee is the engine's cap, %d/GPU, measured: above it requests only wait (%s)", lo, q.Detail)
		return d
	}
	// A first level past the knee that is also the highest is confirmed
	// by one more rung unless the rule the engine stops a climb with
	// agrees (a cliff, or two levels at or past the knee), so that one
	// noisy level never ends the climb. The confirmation is asked for only
	// when the search would otherwise stop: a bisected level that reads
	// flat below the top confirms it for free (PastKneeRule then stops),
	// which on the benchmark saves most of the extra rung.
	unconfirmed := func() (Decision, bool) {
		if !set.Confirm || hi != top || top >= set.MaxPerGPU || budget <= 0 || set.up(top) <= top {
			return Decision{}, false
		}
		if stop, _ := knee.PastKneeRule(opts)(measured); stop {
			return Decision{}, false
		}
		next := min(set.up(top), set.MaxPerGPU)
		return merge(d, climb(next, set, done, budget, fmt.Sprintf("%d/GPU is the first level past the knee and the highest: climb %s to confirm it (one noisy level never ends a climb)", top, set.step()))), true
	}
	if fl, fh, ok := fitted(measured, opts, set); ok {
		if c, need := unconfirmed(); need {
			return c
		}
		d.Phase, d.Within, d.Low, d.High = PhaseDone, true, fl, fh
		d.Reason = fmt.Sprintf("the fitted knee's %.0f%% interval %d–%d/GPU lies inside the measured bracket %d–%d/GPU and within ±%s", 100*opts.Confidence, fl, fh, lo, hi, pct(set.Precision))
		return d
	}
	if Within(float64(lo), float64(hi), set.Precision) {
		if c, need := unconfirmed(); need {
			return c
		}
		d.Phase, d.Within = PhaseDone, true
		d.Reason = fmt.Sprintf("the knee lies in %d–%d/GPU, within ±%s", lo, hi, pct(set.Precision))
		return d
	}
	if budget <= 0 {
		d.Phase = PhaseDone
		d.Reason = fmt.Sprintf("--max-levels %d reached with the knee in %d–%d/GPU (±%s, wanted ±%s)", set.MaxLevels, lo, hi, pct(halfWidth(lo, hi)), pct(set.Precision))
		return d
	}
	pts := splits(lo, hi, min(set.Slots, budget), done)
	if len(pts) == 0 {
		if c, need := unconfirmed(); need {
			return c
		}
		d.Phase = PhaseDone
		d.Reason = fmt.Sprintf("the knee lies in %d–%d/GPU (±%s): no untried typed level lies between", lo, hi, pct(halfWidth(lo, hi)))
		return d
	}
	d.Phase, d.Levels = PhaseBisect, pts
	d.Reason = fmt.Sprintf("the knee lies in %d–%d/GPU (±%s, wanted ±%s): bisect at %s", lo, hi, pct(halfWidth(lo, hi)), pct(set.Precision), sweep.FormatLadder(pts))
	return d
}

// sloEdge searches the SLO edge when a stated SLO binds below the knee
// (knee.Result.SLO binds "slo"): the recommendation cannot rise past the
// lowest level that misses an SLO, so that level and the highest within
// every SLO below it are the bracket, bisected as the knee's is, and the
// climb stops there.
func sloEdge(s *knee.SLOSummary, set Settings, done map[int]bool, budget int) Decision {
	hi := int(math.Round(*s.OverPerGPU))
	lo := 0
	if s.EdgePerGPU != nil {
		lo = int(math.Round(*s.EdgePerGPU))
	}
	missed := strings.Join(s.Missed, ", ")
	d := Decision{Low: lo, High: hi}
	if lo == 0 {
		if hi <= 1 {
			d.Phase, d.Reason = PhaseDone, fmt.Sprintf("1/GPU already misses %s: no level meets the SLOs", missed)
			return d
		}
		return merge(d, descend(max(1, hi/set.Factor), set, done, budget, fmt.Sprintf("the lowest level %d/GPU misses %s: go down ×1/%d", hi, missed, set.Factor)))
	}
	if Within(float64(lo), float64(hi), set.Precision) {
		d.Phase, d.Within = PhaseDone, true
		d.Reason = fmt.Sprintf("the SLO edge lies in %d–%d/GPU (%d/GPU misses %s), below the knee: within ±%s", lo, hi, hi, missed, pct(set.Precision))
		return d
	}
	if budget <= 0 {
		d.Phase = PhaseDone
		d.Reason = fmt.Sprintf("--max-levels %d reached with the SLO edge in %d–%d/GPU (±%s, wanted ±%s)", set.MaxLevels, lo, hi, pct(halfWidth(lo, hi)), pct(set.Precision))
		return d
	}
	pts := splits(lo, hi, min(set.Slots, budget), done)
	if len(pts) == 0 {
		d.Phase = PhaseDone
		d.Reason = fmt.Sprintf("the SLO edge lies in %d–%d/GPU (±%s): no untried typed level lies between", lo, hi, pct(halfWidth(lo, hi)))
		return d
	}
	d.Phase, d.Levels = PhaseBisect, pts
	d.Reason = fmt.Sprintf("the SLO edge lies in %d–%d/GPU (%d/GPU misses %s), below the knee (±%s, wanted ±%s): bisect at %s", lo, hi, hi, missed, pct(halfWidth(lo, hi)), pct(set.Precision), sweep.FormatLadder(pts))
	return d
}

// maxClientBound is how many client-bound levels end a search: past two,
// the load generator is the bottleneck and every further level measures it.
const maxClientBound = 2

func clientBound(r *knee.Result) []int {
	var out []int
	for _, p := range r.Points {
		for _, x := range p.Reasons {
			if x == knee.ReasonClientBound {
				out = append(out, int(math.Round(p.PerGPU)))
			}
		}
	}
	return out
}

// invalidTop reports whether the highest measured level is invalid, with
// the highest valid level below it (0 when none).
func invalidTop(r *knee.Result) (topValid, top int, ok bool) {
	if len(r.Points) == 0 {
		return 0, 0, false
	}
	last := r.Points[len(r.Points)-1]
	if last.Verdict != knee.VerdictInvalid {
		return 0, 0, false
	}
	for _, p := range r.Points {
		if p.Verdict != knee.VerdictInvalid {
			topValid = int(math.Round(p.PerGPU))
		}
	}
	return topValid, int(math.Round(last.PerGPU)), true
}

func invalidWhy(r *knee.Result, at int) string {
	for _, p := range r.Points {
		if int(math.Round(p.PerGPU)) == at {
			var rs []string
			for _, x := range p.Reasons {
				if !x.IsCaution() && x != knee.ReasonPastKnee {
					rs = append(rs, string(x))
				}
			}
			return strings.Join(rs, ", ")
		}
	}
	return "invalid"
}

// atQueueOnset is the level where the queue starts, when the knee rule
// read one (knee.Result.QueueOnset) inside the bracket and it is untried:
// the engine's cap is itself the level to measure, and a TTFT estimate is
// rounded to a typed level.
func atQueueOnset(r *knee.Result, lo, hi int, done map[int]bool) (int, string, bool) {
	q := r.QueueOnset
	if q == nil || lo <= 0 || hi <= lo {
		return 0, "", false
	}
	c := int(math.Round(q.PerGPU))
	why := fmt.Sprintf("the engine names its cap, %d/GPU (%s)", c, q.Detail)
	if q.From != "engine" {
		c = Typed(q.PerGPU)
		why = fmt.Sprintf("the queue starts near %d/GPU (%s)", c, q.Detail)
	}
	if c <= lo || c >= hi || done[c] {
		return 0, "", false
	}
	return c, why, true
}

// bracket is the knee's bracket in typed levels: the operating point and
// the first level past it, as the knee rule found them (0 when unknown).
func bracket(r *knee.Result) (lo, hi int) {
	k := r.Knee
	// A fitted interval may lie inside the bracket (located): the search
	// narrows the measured bracket, which the levels themselves decide.
	var op, past float64
	for _, p := range r.Points {
		switch p.Verdict {
		case knee.VerdictSubKnee:
			if past == 0 {
				op = p.PerGPU
			}
		case knee.VerdictAtKnee, knee.VerdictPastKnee:
			if past == 0 {
				past = p.PerGPU
			}
		}
	}
	if k.Status == knee.StatusBracketed || k.Status == knee.StatusLocated {
		if k.LowPerGPU != nil {
			op = *k.LowPerGPU
		}
		if k.HighPerGPU != nil {
			past = *k.HighPerGPU
		}
		if k.Status == knee.StatusLocated {
			op, past = measuredAround(r, op, past)
		}
	}
	if k.Status == knee.StatusNotReached {
		past = 0
	}
	return int(math.Round(op)), int(math.Round(past))
}

// measuredAround widens a fitted interval to the measured levels around it.
func measuredAround(r *knee.Result, lo, hi float64) (float64, float64) {
	a, b := 0.0, 0.0
	for _, p := range r.Points {
		if p.PerGPU <= lo {
			a = p.PerGPU
		}
		if p.PerGPU >= hi && b == 0 {
			b = p.PerGPU
		}
	}
	return a, b
}

func levelRange(r *knee.Result) (top, bottom int) {
	for _, p := range r.Points {
		v := int(math.Round(p.PerGPU))
		if v > top {
			top = v
		}
		if bottom == 0 || v < bottom {
			bottom = v
		}
	}
	return top, bottom
}

// climb plans up to Slots rungs from first upward (first, first×F, ...),
// skipping levels already tried, capped at MaxPerGPU.
func climb(first int, set Settings, done map[int]bool, budget int, why string) Decision {
	var out []int
	for v := first; len(out) < min(set.Slots, budget) && v <= set.MaxPerGPU; {
		if !done[v] {
			out = append(out, v)
		}
		n := set.up(v)
		if n <= v || v > set.MaxPerGPU/set.Factor && len(set.Rungs) == 0 {
			break
		}
		v = n
	}
	if len(out) == 0 {
		if budget <= 0 {
			return Decision{Phase: PhaseDone, Reason: fmt.Sprintf("--max-levels %d reached before the knee was bracketed", set.MaxLevels)}
		}
		return Decision{Phase: PhaseDone, Reason: fmt.Sprintf("no untried level up to --max-per-gpu %d", set.MaxPerGPU)}
	}
	return Decision{Phase: PhaseClimb, Levels: out, Reason: fmt.Sprintf("%s: run %s", why, sweep.FormatLadder(out))}
}

// descend plans up to Slots rungs from first downward.
func descend(first int, set Settings, done map[int]bool, budget int, why string) Decision {
	var out []int
	for v := first; len(out) < min(set.Slots, budget) && v >= 1; v = set.down(v) {
		if !done[v] {
			out = append(out, v)
		}
		if v == 1 {
			break
		}
	}
	if len(out) == 0 {
		if budget <= 0 {
			return Decision{Phase: PhaseDone, Reason: fmt.Sprintf("--max-levels %d reached before the knee was bracketed", set.MaxLevels)}
		}
		return Decision{Phase: PhaseDone, Reason: "no untried level below the lowest"}
	}
	sort.Ints(out)
	return Decision{Phase: PhaseDescend, Levels: out, Reason: fmt.Sprintf("%s: run %s", why, sweep.FormatLadder(out))}
}

func merge(d, plan Decision) Decision {
	plan.Low, plan.High = d.Low, d.High
	return plan
}

// splits places n typed levels inside (lo, hi). With nothing tried inside,
// they split it into n+1 geometric parts (n = 1: the bisection at the
// geometric mean). Levels already tried inside the bracket (invalid ones:
// a client-bound or failed level decides nothing) are kept as dividers, and
// each new level bisects the widest remaining gap.
func splits(lo, hi, n int, done map[int]bool) []int {
	var inside []int
	for v := range done {
		if v > lo && v < hi {
			inside = append(inside, v)
		}
	}
	var out []int
	if len(inside) == 0 {
		seen := map[int]bool{}
		for i := 1; i <= n; i++ {
			a := float64(lo) * math.Pow(float64(hi)/float64(lo), float64(i)/float64(n+1))
			if v := Typed(a); v > lo && v < hi && !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
		if len(out) == n {
			sort.Ints(out)
			return out
		}
		out = out[:0]
	}
	cuts := append([]int{lo, hi}, inside...)
	for len(out) < n {
		sort.Ints(cuts)
		best, bestR := 0, 1.0
		for i := 1; i < len(cuts); i++ {
			r := float64(cuts[i]) / float64(cuts[i-1])
			if v, ok := typedBetween(cuts[i-1], cuts[i]); ok && !done[v] && r > bestR {
				best, bestR = v, r
			}
		}
		if best == 0 {
			break
		}
		out = append(out, best)
		cuts = append(cuts, best)
	}
	sort.Ints(out)
	return out
}

func halfWidth(lo, hi int) float64 {
	if lo+hi == 0 {
		return math.Inf(1)
	}
	return float64(hi-lo) / float64(hi+lo)
}

func pct(f float64) string {
	if math.IsInf(f, 1) {
		return "∞"
	}
	return fmt.Sprintf("%.1f%%", 100*f)
}

// fitted asks the knee rule for its fitted estimate (curve models and a
// bootstrap interval, from --min-fit-levels valid levels): when that
// interval lies inside the measured bracket (located) and within the
// precision, it is the answer.
func fitted(measured *sweep.Sweep, opts knee.Options, set Settings) (lo, hi int, ok bool) {
	if opts.Bootstrap <= 0 || len(measured.Points) < opts.MinFitLevels {
		return 0, 0, false
	}
	r, err := knee.Find(measured, opts)
	if err != nil || r.Knee.Status != knee.StatusLocated || r.Knee.LowPerGPU == nil || r.Knee.HighPerGPU == nil {
		return 0, 0, false
	}
	l, h := *r.Knee.LowPerGPU, *r.Knee.HighPerGPU
	if !Within(l, h, set.Precision) {
		return 0, 0, false
	}
	return int(math.Floor(l)), int(math.Ceil(h)), true
}

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

	"github.com/kneetool/knee/internal/inputerr"
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
		return inputerr.Errorf("flag", "--search-start", 0, "must be a positive integer, got %d", s.Start)
	case s.Factor < 2:
		return inputerr.Errorf("flag", "--search-factor", 0, "must be at least 2, got %d", s.Factor)
	case s.MaxPerGPU < s.Start:
		return inputerr.Errorf("flag", "--max-per-gpu", 0, "must be at least the first level %d, got %d", s.Start, s.MaxPerGPU)
	case !(s.Precision > 0 && s.Precision < 1):
		return inputerr.Errorf("flag", "--precision", 0, "must be between 0 and 1 (0.125 is ±12.5%%), got %g", s.Precision)
	case s.MaxLevels < 2 || s.MaxLevels > sweep.MaxLevels:
		return inputerr.Errorf("flag", "--max-levels", 0, "must be between 2 and %d, got %d", sweep.MaxLevels, s.MaxLevels)
	case s.Slots < 1:
		return inputerr.Errorf("flag", "--slots", 0, "must be at least 1, got %d", s.Slots)
	}
	for i, r := range s.Rungs {
		if r < 1 || (i > 0 && r <= s.Rungs[i-1]) {
			return inputerr.Errorf("flag", "--ladder", 0, "the search's rungs must be positive and ascending, got %s", sweep.FormatLadder(s.Rungs))
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
	if len(inside) == 0 {
		if out, ok := evenSplits(lo, hi, n); ok {
			return out
		}
	}
	return gapSplits(lo, hi, n, inside, done)
}

// evenSplits splits (lo, hi) into n+1 geometric parts at typed levels; ok
// is false when rounding leaves fewer than n distinct levels inside.
func evenSplits(lo, hi, n int) ([]int, bool) {
	var out []int
	seen := map[int]bool{}
	for i := 1; i <= n; i++ {
		a := float64(lo) * math.Pow(float64(hi)/float64(lo), float64(i)/float64(n+1))
		if v := Typed(a); v > lo && v < hi && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	if len(out) != n {
		return nil, false
	}
	sort.Ints(out)
	return out, true
}

// gapSplits places up to n untried typed levels, each bisecting the widest
// remaining gap between lo, hi, the levels inside and those placed before.
func gapSplits(lo, hi, n int, inside []int, done map[int]bool) []int {
	var out []int
	cuts := append([]int{lo, hi}, inside...)
	for len(out) < n {
		sort.Ints(cuts)
		best := widestGap(cuts, done)
		if best == 0 {
			break
		}
		out = append(out, best)
		cuts = append(cuts, best)
	}
	sort.Ints(out)
	return out
}

// widestGap is the untried typed level bisecting the widest gap (by ratio)
// between sorted cuts that has one; 0 when none does.
func widestGap(cuts []int, done map[int]bool) int {
	best, bestR := 0, 1.0
	for i := 1; i < len(cuts); i++ {
		r := float64(cuts[i]) / float64(cuts[i-1])
		if v, ok := typedBetween(cuts[i-1], cuts[i]); ok && !done[v] && r > bestR {
			best, bestR = v, r
		}
	}
	return best
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

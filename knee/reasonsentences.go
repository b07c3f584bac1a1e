package knee

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/kneetool/knee/internal/numfmt"
)

// reasonSite is one reason at one measured level of a result: what a
// refusal's sentence and next run are written from. Its words are
// baseline's (levels as "128/GPU", numbers grouped "84,788"), so the
// refusals in baseline, compare and catalog read alike.
type reasonSite struct {
	r  *Result
	pt PointResult
	rs Reason
}

func (s reasonSite) at() string { return perLevel(s.pt.PerGPU) }

// detail is the analysis's own sentence for the site's reason ("" if none).
func (s reasonSite) detail() (string, bool) {
	for i, x := range s.pt.Reasons {
		if x == s.rs && i < len(s.pt.Details) {
			return s.pt.Details[i], true
		}
	}
	return "", false
}

func pastKneeSentence(s reasonSite) string {
	d := fmt.Sprintf("%s/GPU is past the knee (knee %s): %s tok/s", s.at(), s.r.Knee.Phrase("/GPU"), group(s.pt.ThroughputTokS))
	if prev := s.r.previous(s.pt.PerGPU); prev != nil && prev.ThroughputTokS > 0 {
		d += fmt.Sprintf(", %s of the %s tok/s at %s/GPU", percent(s.pt.ThroughputTokS/prev.ThroughputTokS), group(prev.ThroughputTokS), perLevel(prev.PerGPU))
	}
	return d + "; a floor set here would encode a saturated configuration as the baseline"
}

func cliffSentence(s reasonSite) string {
	if prev := s.r.previous(s.pt.PerGPU); prev != nil && prev.TTFTP99Ms > 0 {
		return fmt.Sprintf("TTFT p99 jumps from %s ms at %s/GPU to %s ms at %s/GPU (%s×): requests queue instead of being served",
			group(prev.TTFTP99Ms), perLevel(prev.PerGPU), group(s.pt.TTFTP99Ms), s.at(), group(math.Round(s.pt.TTFTP99Ms/prev.TTFTP99Ms*10)/10))
	}
	return fmt.Sprintf("TTFT p99 is %s ms at %s/GPU: requests queue instead of being served", group(s.pt.TTFTP99Ms), s.at())
}

func queueingSentence(s reasonSite) string {
	if d, ok := s.detail(); ok {
		return fmt.Sprintf("at %s/GPU requests queue (%s)", s.at(), d)
	}
	return fmt.Sprintf("at %s/GPU requests queue instead of being served", s.at())
}

func unverifiedSentence(s reasonSite) string {
	if s.r.previous(s.pt.PerGPU) == nil {
		return fmt.Sprintf("nothing was measured below %s/GPU, so nothing shows that throughput is still growing there (the knee could lie below it)", s.at())
	}
	return fmt.Sprintf("the levels measured below %s/GPU do not show that it is still on the scaling part of the curve", s.at())
}

func sloSentence(s reasonSite) string {
	if d, ok := s.detail(); ok {
		return fmt.Sprintf("%s/GPU misses a stated SLO: %s", s.at(), d)
	}
	return fmt.Sprintf("%s/GPU: %s (verdict %s)", s.at(), s.rs, s.pt.Verdict)
}

// belowKneeNextRun: a level past the knee carries no floor; the next run
// is the level that would.
func belowKneeNextRun(s reasonSite) string {
	r := s.r
	if r.RecommendedPerGPU != nil && *r.RecommendedPerGPU < s.pt.PerGPU {
		return fmt.Sprintf("set floors from the recommended level instead: knee baseline --at %s", perLevel(*r.RecommendedPerGPU))
	}
	if r.CandidatePerGPU != nil && *r.CandidatePerGPU < s.pt.PerGPU {
		c := *r.CandidatePerGPU
		return fmt.Sprintf("measure %s/GPU to verify the candidate %s/GPU, then set floors from it (knee sweep --per-gpu %s)",
			perLevel(halfRung(c)), perLevel(c), perLevel(halfRung(c)))
	}
	lo := halfRung(r.levels()[0])
	return fmt.Sprintf("measure below the knee: %s/GPU (knee sweep --per-gpu %s)", perLevel(lo), perLevel(lo))
}

func unverifiedNextRun(s reasonSite) string {
	h := halfRung(s.pt.PerGPU)
	if !s.r.measuredAt(h) {
		return fmt.Sprintf("measure %s/GPU (half of %s) so the analysis can see throughput still growing up to %s/GPU (knee sweep --per-gpu %s)",
			perLevel(h), s.at(), s.at(), perLevel(h))
	}
	return fmt.Sprintf("repeat %s/GPU and %s/GPU (3 runs each) so growth between them stands out from noise", perLevel(h), s.at())
}

func moreClientNextRun(s reasonSite) string {
	return fmt.Sprintf("re-run %s/GPU with more load-generator capacity (more workers, or a second client node) so %s requests stay in flight", s.at(), group(s.pt.Concurrency))
}

func repeatNeighboursNextRun(s reasonSite) string {
	return fmt.Sprintf("repeat %s/GPU and its neighbours (3 runs each) to tell noise from a real change", s.at())
}

func sloNextRun(s reasonSite) string {
	if e := s.r.SLO; e != nil && e.EdgePerGPU != nil && *e.EdgePerGPU < s.pt.PerGPU {
		return fmt.Sprintf("set floors within the SLOs: knee baseline --at %s (the SLO edge), or measure between it and %s/GPU (knee sweep --search --slo …)", perLevel(*e.EdgePerGPU), s.at())
	}
	return fmt.Sprintf("measure below %s/GPU until a level meets the SLOs (knee sweep --search --slo …)", s.at())
}

// SweepNextRun is the next run when no level can be chosen at all.
func (r *Result) SweepNextRun() string {
	ls := r.levels()
	if len(ls) == 0 {
		return "measure a ladder of levels, e.g. knee sweep --per-gpu 32,64,128,256"
	}
	lo, hi := ls[0], ls[len(ls)-1]
	switch r.Knee.Status {
	case StatusInsufficientPoints:
		return fmt.Sprintf("measure more levels around the ones you have: %s/GPU and %s/GPU (knee sweep --per-gpu %s,%s)",
			perLevel(halfRung(lo)), perLevel(hi*2), perLevel(halfRung(lo)), perLevel(hi*2))
	case StatusNotReached:
		return fmt.Sprintf("repeat the levels (3 runs each) and add %s/GPU", perLevel(hi*2))
	}
	return fmt.Sprintf("measure below the lowest level: %s/GPU (knee sweep --per-gpu %s)", perLevel(halfRung(lo)), perLevel(halfRung(lo)))
}

// LevelBelow names a level below per that could carry a floor: the
// recommended one, else the measured one just below, else half of per.
func (r *Result) LevelBelow(per float64) string {
	if r.RecommendedPerGPU != nil && *r.RecommendedPerGPU < per {
		return perLevel(*r.RecommendedPerGPU) + "/GPU"
	}
	if p := r.previous(per); p != nil {
		return perLevel(p.PerGPU) + "/GPU"
	}
	return perLevel(halfRung(per)) + "/GPU"
}

// levels returns the measured per-GPU levels in ascending order.
func (r *Result) levels() []float64 {
	out := make([]float64, 0, len(r.Points))
	for _, p := range r.Points {
		out = append(out, p.PerGPU)
	}
	sort.Float64s(out)
	return out
}

// previous is the measured point just below per (nil if none).
func (r *Result) previous(per float64) *PointResult {
	var best *PointResult
	for i := range r.Points {
		p := &r.Points[i]
		if p.PerGPU < per && !sameLevel(p.PerGPU, per) && (best == nil || p.PerGPU > best.PerGPU) {
			best = p
		}
	}
	return best
}

func (r *Result) measuredAt(per float64) bool {
	for _, p := range r.Points {
		if sameLevel(p.PerGPU, per) {
			return true
		}
	}
	return false
}

func sameLevel(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(a)) }

// halfRung is the next rung down a doubling ladder, as a whole number.
func halfRung(per float64) float64 { return math.Max(1, math.Floor(per/2)) }

// perLevel writes a per-GPU level as an overlay does: "128", or "96.5".
func perLevel(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

// group writes a number for people: "84,788", "15,897.75", "2.15".
func group(v float64) string { return numfmt.Group(v, 2) }

// percent writes a ratio as a whole percentage ("75%").
func percent(v float64) string {
	return strconv.FormatFloat(math.Round(v*100), 'f', 0, 64) + "%"
}

package baseline

import (
	"fmt"
	"math"
	"sort"

	"github.com/kneetool/knee/knee"
)

// isCaution reports reasons the analysis reports without changing a verdict:
// they become warnings on a proposal, never refusals by themselves.
func isCaution(r knee.Reason) bool {
	switch r {
	case knee.ReasonInsufficientSamples, knee.ReasonHighVariance, knee.ReasonNonMonotonic, knee.ReasonDrainBiased:
		return true
	}
	return false
}

func cautionText(r knee.Reason) string {
	switch r {
	case knee.ReasonInsufficientSamples:
		return "too few requests for a stable p99 (insufficient_samples); the TTFT ceiling rests on a thin tail"
	case knee.ReasonHighVariance:
		return "repeats disagree (high_variance); the floor may sit inside run-to-run noise"
	case knee.ReasonNonMonotonic:
		return "throughput is not monotonic around this level (non_monotonic); check the neighbouring levels"
	case knee.ReasonDrainBiased:
		return "fewer than 8 requests per slot in flight (drain_biased): the final drain weighs on its throughput, which reads low"
	}
	return string(r)
}

// kneeSummary is the knee in a few words, for derivations and refusals.
func kneeSummary(k knee.Knee) string { return "knee " + kneeShort(k) }

// kneeShort is kneeSummary without the leading "knee".
func kneeShort(k knee.Knee) string { return kneeShortIn(k, "/GPU") }

// kneeShortIn writes the knee with its levels in unit u: "/GPU", or
// " in flight" for a sweep whose GPU count is unknown. It is knee's own
// phrase, so find, baseline and compare tell one story.
func kneeShortIn(k knee.Knee, u string) string { return k.Phrase(u) }

// levels returns the measured per-GPU levels in ascending order.
func levels(r *knee.Result) []float64 {
	out := make([]float64, 0, len(r.Points))
	for _, p := range r.Points {
		out = append(out, p.PerGPU)
	}
	sort.Float64s(out)
	return out
}

// previous is the measured point just below per (nil if none).
func previous(r *knee.Result, per float64) *knee.PointResult {
	var best *knee.PointResult
	for i := range r.Points {
		p := &r.Points[i]
		if p.PerGPU < per && !sameLevel(p.PerGPU, per) && (best == nil || p.PerGPU > best.PerGPU) {
			best = p
		}
	}
	return best
}

func measuredAt(r *knee.Result, per float64) bool {
	for _, p := range r.Points {
		if sameLevel(p.PerGPU, per) {
			return true
		}
	}
	return false
}

// belowHint names a level below per that could carry a floor.
func belowHint(r *knee.Result, per float64) string {
	if r.RecommendedPerGPU != nil && *r.RecommendedPerGPU < per {
		return level(*r.RecommendedPerGPU) + "/GPU"
	}
	if p := previous(r, per); p != nil {
		return level(p.PerGPU) + "/GPU"
	}
	return level(halfLevel(per)) + "/GPU"
}

// halfLevel is the next rung down a doubling ladder, as a whole number.
func halfLevel(per float64) float64 {
	h := math.Floor(per / 2)
	if h < 1 {
		h = 1
	}
	return h
}

// reasonDetail says what the analysis saw, with the numbers.
func reasonDetail(r *knee.Result, pt knee.PointResult, rs knee.Reason) string {
	at := level(pt.PerGPU)
	prev := previous(r, pt.PerGPU)
	switch rs {
	case knee.ReasonPastKnee:
		d := fmt.Sprintf("%s/GPU is past the knee (%s): %s tok/s", at, kneeSummary(r.Knee), num(pt.ThroughputTokS))
		if prev != nil && prev.ThroughputTokS > 0 {
			d += fmt.Sprintf(", %s of the %s tok/s at %s/GPU", pct(pt.ThroughputTokS/prev.ThroughputTokS), num(prev.ThroughputTokS), level(prev.PerGPU))
		}
		return d + "; a floor set here would encode a saturated configuration as the baseline"
	case knee.ReasonCliff:
		if prev != nil && prev.TTFTP99Ms > 0 {
			return fmt.Sprintf("TTFT p99 jumps from %s ms at %s/GPU to %s ms at %s/GPU (%s×): requests queue instead of being served",
				num(prev.TTFTP99Ms), level(prev.PerGPU), num(pt.TTFTP99Ms), at, num(math.Round(pt.TTFTP99Ms/prev.TTFTP99Ms*10)/10))
		}
		return fmt.Sprintf("TTFT p99 is %s ms at %s/GPU: requests queue instead of being served", num(pt.TTFTP99Ms), at)
	case knee.ReasonQueueing:
		for i, x := range pt.Reasons {
			if x == knee.ReasonQueueing && i < len(pt.Details) {
				return fmt.Sprintf("at %s/GPU requests queue (%s)", at, pt.Details[i])
			}
		}
		return fmt.Sprintf("at %s/GPU requests queue instead of being served", at)
	case knee.ReasonUnverified:
		if prev == nil {
			return fmt.Sprintf("nothing was measured below %s/GPU, so nothing shows that throughput is still growing there (the knee could lie below it)", at)
		}
		return fmt.Sprintf("the levels measured below %s/GPU do not show that it is still on the scaling part of the curve", at)
	case knee.ReasonErrorsPresent:
		return fmt.Sprintf("requests failed at %s/GPU; a floor from a run with errors encodes the errors", at)
	case knee.ReasonConcurrencyNotAchieved:
		return fmt.Sprintf("the load generator did not keep %s requests in flight at %s/GPU, so the level was not what it claims", num(pt.Concurrency), at)
	case knee.ReasonClientBound:
		return fmt.Sprintf("at %s/GPU the load generator, not the server, was the bottleneck: the numbers describe the client", at)
	case knee.ReasonInsufficientSamples, knee.ReasonHighVariance, knee.ReasonNonMonotonic, knee.ReasonDrainBiased:
		return fmt.Sprintf("%s/GPU: %s", at, cautionText(rs))
	}
	if rs.IsSLO() {
		for i, x := range pt.Reasons {
			if x == rs && i < len(pt.Details) {
				return fmt.Sprintf("%s/GPU misses a stated SLO: %s", at, pt.Details[i])
			}
		}
	}
	return fmt.Sprintf("%s/GPU: %s (verdict %s)", at, rs, pt.Verdict)
}

// nextRun names the measurement that would remove the reason.
func nextRun(r *knee.Result, pt knee.PointResult, rs knee.Reason) string {
	at := level(pt.PerGPU)
	switch rs {
	case knee.ReasonPastKnee, knee.ReasonCliff, knee.ReasonQueueing:
		if r.RecommendedPerGPU != nil && *r.RecommendedPerGPU < pt.PerGPU {
			return fmt.Sprintf("set floors from the recommended level instead: knee baseline --at %s", level(*r.RecommendedPerGPU))
		}
		if r.CandidatePerGPU != nil && *r.CandidatePerGPU < pt.PerGPU {
			return fmt.Sprintf("measure %s/GPU to verify the candidate %s/GPU, then set floors from it (knee sweep --per-gpu %s)",
				level(halfLevel(*r.CandidatePerGPU)), level(*r.CandidatePerGPU), level(halfLevel(*r.CandidatePerGPU)))
		}
		lo := halfLevel(levels(r)[0])
		return fmt.Sprintf("measure below the knee: %s/GPU (knee sweep --per-gpu %s)", level(lo), level(lo))
	case knee.ReasonUnverified:
		h := halfLevel(pt.PerGPU)
		if !measuredAt(r, h) {
			return fmt.Sprintf("measure %s/GPU (half of %s) so the analysis can see throughput still growing up to %s/GPU (knee sweep --per-gpu %s)",
				level(h), at, at, level(h))
		}
		return fmt.Sprintf("repeat %s/GPU and %s/GPU (3 runs each) so growth between them stands out from noise", level(h), at)
	case knee.ReasonErrorsPresent:
		return fmt.Sprintf("re-run %s/GPU after fixing the failing requests (see failure_labels in the sweep); a valid run has none", at)
	case knee.ReasonConcurrencyNotAchieved, knee.ReasonClientBound:
		return fmt.Sprintf("re-run %s/GPU with more load-generator capacity (more workers, or a second client node) so %s requests stay in flight", at, num(pt.Concurrency))
	case knee.ReasonInsufficientSamples:
		return fmt.Sprintf("re-run %s/GPU with more requests (aicr uses max(1000, 8 × concurrency) = %s)", at, num(math.Max(1000, 8*pt.Concurrency)))
	case knee.ReasonDrainBiased:
		return fmt.Sprintf("re-run %s/GPU with at least 8 requests per slot (%s)", at, num(8*pt.Concurrency))
	case knee.ReasonHighVariance, knee.ReasonNonMonotonic:
		return fmt.Sprintf("repeat %s/GPU and its neighbours (3 runs each) to tell noise from a real change", at)
	}
	if rs.IsSLO() {
		if r.SLO != nil && r.SLO.EdgePerGPU != nil && *r.SLO.EdgePerGPU < pt.PerGPU {
			return fmt.Sprintf("set floors within the SLOs: knee baseline --at %s (the SLO edge), or measure between it and %s/GPU (knee sweep --search --slo …)", level(*r.SLO.EdgePerGPU), at)
		}
		return fmt.Sprintf("measure below %s/GPU until a level meets the SLOs (knee sweep --search --slo …)", at)
	}
	return fmt.Sprintf("re-measure %s/GPU", at)
}

// sweepNextRun is the next run when no level can be chosen at all.
func sweepNextRun(r *knee.Result) string {
	ls := levels(r)
	if len(ls) == 0 {
		return "measure a ladder of levels, e.g. knee sweep --per-gpu 32,64,128,256"
	}
	lo, hi := ls[0], ls[len(ls)-1]
	switch r.Knee.Status {
	case knee.StatusInsufficientPoints:
		return fmt.Sprintf("measure more levels around the ones you have: %s/GPU and %s/GPU (knee sweep --per-gpu %s,%s)",
			level(halfLevel(lo)), level(hi*2), level(halfLevel(lo)), level(hi*2))
	case knee.StatusNotReached:
		return fmt.Sprintf("repeat the levels (3 runs each) and add %s/GPU", level(hi*2))
	}
	return fmt.Sprintf("measure below the lowest level: %s/GPU (knee sweep --per-gpu %s)", level(halfLevel(lo)), level(halfLevel(lo)))
}

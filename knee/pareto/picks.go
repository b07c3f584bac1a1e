package pareto

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/knee"
)

// bestUnderSLO is the point with the most throughput per GPU among the
// valid ones within their configuration's SLO edge (ties: the faster per
// user); nil without SLOs. The edge, not each level alone: a level that
// meets the SLOs above one that misses them is noise knee find does not
// recommend, and neither does this.
func bestUnderSLO(points []Point, opts knee.Options) *SLOPick {
	targets := sloTargets(opts)
	if len(targets) == 0 {
		return nil
	}
	pick := &SLOPick{Targets: targets}
	var best *Point
	for i := range points {
		p := &points[i]
		if !withinSLO(*p) {
			continue
		}
		if best == nil || p.ThroughputPerGPU > best.ThroughputPerGPU ||
			(p.ThroughputPerGPU == best.ThroughputPerGPU && deref(p.TokSPerUser) > deref(best.TokSPerUser)) {
			best = p
		}
	}
	if best != nil {
		pick.Best = choice(*best)
	}
	return pick
}

// cheapest is the valid point with the fewest dollars per million output
// tokens, among those meeting every SLO when SLOs are stated; nil when no
// point is priced.
func cheapest(points []Point, opts knee.Options) *Choice {
	var best *Point
	for i := range points {
		p := &points[i]
		if p.Verdict == knee.VerdictInvalid || p.USDPerMTok == nil {
			continue
		}
		if len(sloTargets(opts)) > 0 && !withinSLO(*p) {
			continue
		}
		if best == nil || *p.USDPerMTok < *best.USDPerMTok {
			best = p
		}
	}
	if best == nil {
		return nil
	}
	return choice(*best)
}

// notes are the sentences a reader must see beside the table.
func notes(r *Result) []string {
	var out []string
	for _, p := range r.Points {
		if p.OnFrontier && p.PastKnee {
			out = append(out, fmt.Sprintf("%s is on the frontier past %s's knee: choosing it means running past the knee (more load only queues there)",
				PointRef{p.Config, p.PerGPU}, p.Config))
		}
	}
	var unknown []string
	for _, p := range r.Points {
		if p.TokSPerUser == nil {
			unknown = append(unknown, PointRef{p.Config, p.PerGPU}.String())
		}
	}
	if len(unknown) > 0 {
		out = append(out, "no speed per user (neither output length with E2E and TTFT nor ITL p50) at "+strings.Join(unknown, ", ")+": on no frontier")
	}
	if r.SLO != nil && r.SLO.Best == nil {
		out = append(out, "no configuration meets "+strings.Join(r.SLO.Targets, ", ")+" at any valid level with every level below it")
	}
	if r.Simulated {
		out = append(out, "points marked simulated were measured against a simulated server, not real hardware")
	}
	return out
}

// sloTargets are the SLOs stated, as --slo reads them (--ttft-slo-ms is
// one more, ttft_p99).
func sloTargets(opts knee.Options) []string {
	var out []string
	for _, t := range opts.SLOs {
		out = append(out, knee.FormatSLOs([]knee.SLO{t}))
	}
	if opts.TTFTSLOMs > 0 {
		out = append(out, knee.FormatSLOs([]knee.SLO{{Metric: "ttft_p99", LimitMs: opts.TTFTSLOMs}}))
	}
	return out
}

// withinSLO: a valid level that meets every SLO, at or below its
// configuration's SLO edge.
func withinSLO(p Point) bool {
	return p.Verdict != knee.VerdictInvalid && p.MeetsSLO != nil && *p.MeetsSLO && p.WithinSLOEdge != nil && *p.WithinSLOEdge
}

package report

import (
	"strings"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/knee"
)

// limitLines are the lines find (and baseline) print about what bound each
// level and the physical bound: one line per level when any level has
// engine metrics, else one line saying there were none.
func limitLines(points []knee.PointResult, bound *knee.PhysicalBound, unit string) []string {
	var out []string
	any := false
	for _, p := range points {
		// A level whose engine was sampled (even too thinly to name a
		// limit) is worth its own line: "none at any level" would be false.
		if p.Limit != nil && (p.Limit.Kind != knee.LimitNoMetrics || p.Limit.Engine != nil || p.Limit.PowerCap != "") {
			any = true
		}
	}
	if !any {
		out = append(out, "limit: "+knee.NoEngineMetrics) // at no level: the one line stands for all
	} else {
		for _, p := range points {
			if p.Limit != nil {
				out = append(out, "limit at "+num(p.PerGPU)+unit+": "+p.Limit.Detail)
			}
		}
	}
	if bound != nil {
		out = append(out, bound.Detail)
	}
	return out
}

// limitSentence says what bound the sweep, from the engine metrics knee
// find attributed per level: the limit at the highest measured level (where
// a limit binds if any does), and the KV cache's physical bound when known.
// Without engine metrics it says so rather than guess.
func limitSentence(rec *baseline.Recommendation) string {
	var top *knee.PointResult
	for i := range rec.Points {
		if rec.Points[i].Limit != nil {
			top = &rec.Points[i]
		}
	}
	var parts []string
	if top != nil {
		if top.Limit.Kind == knee.LimitNoMetrics {
			parts = append(parts, "Limit: "+strings.TrimSuffix(top.Limit.Detail, ".")+".")
		} else {
			parts = append(parts, "Limit at "+level(top.PerGPU)+"/GPU: "+strings.TrimSuffix(top.Limit.Detail, ".")+".")
		}
	}
	if rec.Bound != nil {
		d := rec.Bound.Detail
		parts = append(parts, strings.ToUpper(d[:1])+strings.TrimSuffix(d[1:], ".")+".")
	}
	return strings.Join(parts, " ")
}

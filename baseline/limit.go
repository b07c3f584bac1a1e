package baseline

import (
	"strings"

	"github.com/kneetool/knee/knee"
)

// limitSentence says what bound the sweep, from the engine metrics knee
// find attributed per level: the limit at the highest measured level (where
// a limit binds if any does), and the KV cache's physical bound when known.
// Without engine metrics it says so rather than guess.
func limitSentence(rec *Recommendation) string {
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

package knee

// limitLines are the lines find (and baseline) print about what bound each
// level and the physical bound: one line per level when any level has
// engine metrics, else one line saying there were none.
func limitLines(points []PointResult, bound *PhysicalBound, unit string) []string {
	var out []string
	any := false
	for _, p := range points {
		// A level whose engine was sampled (even too thinly to name a
		// limit) is worth its own line: "none at any level" would be false.
		if p.Limit != nil && (p.Limit.Kind != LimitNoMetrics || p.Limit.Engine != nil || p.Limit.PowerCap != "") {
			any = true
		}
	}
	if !any {
		out = append(out, "limit: "+noEngineMetrics) // at no level: the one line stands for all
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

package table

import "strings"

// A report often holds one section per metric ("## Output tok/s", "## TTFT
// (ms)") and, inside each, one table per workload ("### Lane (input=1024)",
// "### Lane (input=256)"). All four tables share the load column, but two
// hold the throughput and two the TTFT, so they are no one sweep: each
// workload's tables are, and the headings that name no metric say which
// workload a table belongs to.

// splitBySection groups parts by the headings above each that name no
// metric (its section); ok only when that makes more than one group and
// each group holds every metric once.
func splitBySection(parts []splitPart) ([][]splitPart, bool) {
	var keys []string
	byKey := map[string][]splitPart{}
	for _, p := range parts {
		k := sectionKey(p.g)
		if _, seen := byKey[k]; !seen {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], p)
	}
	if len(keys) < 2 {
		return nil, false
	}
	out := make([][]splitPart, 0, len(keys))
	for _, k := range keys {
		if k == "" || len(byKey[k]) < 2 || disjointMetrics(byKey[k]) != nil {
			return nil, false
		}
		out = append(out, byKey[k])
	}
	return out, true
}

// sectionKey is the headings above a table that name no metric, joined:
// "" when every heading names one (or there is none).
func sectionKey(g grid) string {
	var names []string
	for _, h := range g.title {
		if !namesMetric(h) {
			names = append(names, strings.TrimSpace(h))
		}
	}
	return strings.Join(names, " / ")
}

package table

import (
	"fmt"
	"strings"
)

// A header of a statistic alone ("p95") beside one naming a latency and
// another statistic ("latency p50 | p95", "TTFT mean (ms) | max") is that
// latency's other statistic: the writer named the quantity once for the
// columns it spans. Read alone, the bare statistic names nothing, and the
// caption above the table may lend it a metric that is not its own
// (headingcolumns.go).

// nameStatSiblings renames each bare-statistic header after the quantity
// its left neighbour names; the note says which.
func nameStatSiblings(g *grid) []string {
	var renamed []string
	for i := 1; i < len(g.header); i++ {
		stat := strings.TrimSpace(stripMarkup(g.header[i]))
		if strings.ContainsAny(stat, " \t") || statOf([]string{strings.ToLower(stat)}) == "" || statOf([]string{strings.ToLower(stat)}) == "spread" {
			continue
		}
		prev := strings.TrimSpace(stripMarkup(g.header[i-1]))
		fields := strings.Fields(prev)
		at := -1
		for j, f := range fields {
			if s := statOf([]string{strings.ToLower(strings.Trim(f, "()[],:"))}); s != "" && s != "spread" {
				at = j
				break
			}
		}
		if at < 0 || len(fields) < 2 || strings.EqualFold(strings.Trim(fields[at], "()[],:"), stat) {
			continue
		}
		fields[at] = strings.Replace(fields[at], strings.Trim(fields[at], "()[],:"), stat, 1)
		name := strings.Join(fields, " ")
		if classify(name).kind != colLatency {
			// Only a latency's statistics: which statistic of a rate
			// ("agg tok/s, max round | median") is the throughput is the
			// reading's choice between candidates, not a name.
			continue
		}
		renamed = append(renamed, fmt.Sprintf("%q → %q", g.header[i], name))
		g.header[i] = name
	}
	if len(renamed) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s:%d: a statistic alone names the quantity beside it: %s", g.file, g.headerLine, strings.Join(renamed, ", "))}
}

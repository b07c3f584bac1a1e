package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A latency column whose header names no statistic is read as the mean,
// what benchmark clients print first. But people name the statistic where
// they name the unit: in the caption, the heading's prose or the notes
// ("Median of the three runs' median_ttft_ms values"; "TTFT values are
// p99"). The statistic the text around the table names for a metric is
// the one its unlabeled columns hold. A text that names two (a mean of
// the runs' p99 TTFT) is left alone: which one the cells hold is not
// said, and the mean stays assumed, as the note says.

// statBeforeMetric and metricBeforeStat find a statistic named with a
// latency metric in one clause, either way round; a word joined by _ to
// the metric counts ("median_ttft_ms"), and a statistic before a list of
// metrics names each ("P50 TTFT/TPOT").
var (
	statBeforeMetric = regexp.MustCompile(`(?i)\b(median|mean|average|avg|p50|p90|p95|p99)(?:\b|_)[^.;\n|，。；]{0,40}?(?:\b|_)((?:ttft|tpot|itl|e2e|latency|latencies)(?:\s*[/,&]\s*(?:ttft|tpot|itl|e2e))*)(?:\b|_)`)
	metricBeforeStat = regexp.MustCompile(`(?i)\b(ttft|tpot|itl|e2e|latency|latencies)(?:\b|_)[^.;\n|，。；]{0,24}?(?:\b|_)(median|medians|mean|means|average|p50|p90|p95|p99)\b`)
	metricList       = regexp.MustCompile(`(?i)ttft|tpot|itl|e2e|latency|latencies`)
	statWord         = regexp.MustCompile(`(?i)\b(?:median|mean|average|avg|p50|p90|p95|p99)(?:\b|_)`)
	// clauseRest is what follows a match to its clause's end.
	clauseRest = regexp.MustCompile(`^(?:[^.;\n|，。；]|\.\d)*`)
)

// contextStats are the statistics the text states, by metric ("*" for
// latencies in general); a metric the text names two statistics for is
// absent. A clause that goes on to a latency states one value ("TTFT p99
// is 18,972 ms at c64"), not what the table holds, and names none.
func contextStats(context string) map[string]string {
	named := map[string]map[string]bool{}
	add := func(metric, stat string) {
		metric = strings.ToLower(metric)
		if metric == "latency" || metric == "latencies" {
			metric = "*"
		}
		if named[metric] == nil {
			named[metric] = map[string]bool{}
		}
		named[metric][statOfWord(stat)] = true
	}
	for _, m := range statBeforeMetric.FindAllStringSubmatchIndex(context, -1) {
		if statesValue(context, m[1]) || timeValue.MatchString(context[m[3]:m[4]]) {
			continue
		}
		// A statistic of a statistic keeps the inner one: the mean over
		// runs of the p99 TTFT is a p99.
		stats := statWord.FindAllString(context[m[2]:m[4]], -1)
		for _, metric := range metricList.FindAllString(context[m[4]:m[5]], -1) {
			add(metric, strings.TrimSuffix(stats[len(stats)-1], "_"))
		}
	}
	for _, m := range metricBeforeStat.FindAllStringSubmatchIndex(context, -1) {
		if !statesValue(context, m[1]) {
			add(context[m[2]:m[3]], context[m[4]:m[5]])
		}
	}
	out := map[string]string{}
	for metric, stats := range named {
		if len(stats) == 1 {
			for s := range stats {
				out[metric] = s
			}
		}
	}
	return out
}

// timeValue is a number with a time unit: a latency stated, not counted.
var timeValue = regexp.MustCompile(`(?i)\d[\d,.]*\s*(?:(?:ms|s|sec|secs|seconds)\b|毫秒|秒)`)

// statesValue: the clause after position end holds a latency value ("is
// 18,972 ms"); a count ("over 3 runs") is no value.
func statesValue(context string, end int) bool {
	return timeValue.MatchString(clauseRest.FindString(context[end:]))
}

// statOfWord is knee's name of a statistic's word.
func statOfWord(w string) string {
	switch w = strings.ToLower(w); w {
	case "median", "medians":
		return "p50"
	case "mean", "means", "average", "avg":
		return "mean"
	}
	return w
}

// statsFromContext gives each latency column that names no statistic the
// one the text around the table names for its metric, and says so.
func (r *resolved) statsFromContext(g grid) {
	stats := contextStats(g.context)
	if len(stats) == 0 {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colLatency || !c.assumed {
			continue
		}
		s, ok := stats[c.metric]
		if !ok {
			s, ok = stats["*"]
		}
		if !ok {
			continue
		}
		c.stat, c.assumed = s, false
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as %s %s: its header names no statistic, and the text around the table says %s", g.file, c.header, strings.ToUpper(c.metric), s, statName(s)))
	}
}

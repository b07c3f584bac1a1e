package table

import "regexp"

// A harness that repeats each level saves each measure as a summary of its
// runs: "output_tokens_per_second": {"count": 5, "mean": 222.0, "median":
// 220.6, "min": …, "max": …, "sample_stddev": …}. The spread, the extremes
// and the count describe the runs, not the level: none is a value to read.
// A rate is read once, by the median of the runs where the summary gives
// it (a repeat that stalled moves the mean and not the median, and the
// median is what such harnesses publish), else by their mean; a latency
// keeps each central statistic and tail percentile, each its own value
// (ttft_mean beside ttft_p50), as a table's columns do.

// runSpreadKey is a statistic that describes the runs' spread or number.
var runSpreadKey = regexp.MustCompile(`(?i)^(count|n|n_runs|runs|samples?|min|max|std|stdev|stddev|sample_std|sample_stddev|var|variance|cv|sample_cv|iqr|sem|stderr|range|raw|values)$`)

// runCentralKey is a statistic that may be the level's value.
var runCentralKey = regexp.MustCompile(`(?i)^(mean|avg|average|median|p50|p\d{2}(?:\.\d+)?|p25|p75)$`)

// runSummary: group g is a summary of runs, every key a statistic, at least
// one central and one describing the runs.
func runSummary(g *jnode) bool {
	if g.kind != '{' || len(g.keys) < 2 {
		return false
	}
	central, spread := false, false
	for _, k := range g.keys {
		switch {
		case runSpreadKey.MatchString(k):
			spread = true
		case runCentralKey.MatchString(k):
			central = true
		default:
			return false
		}
	}
	return central && spread
}

// summaryFields are the keys of run summary g (measure k) to read: for a
// rate, or a measure whose key names its statistic already
// ("median_ttft_ms": each run's median, summarised over the runs), the
// median over the runs, else their mean; for anything else (a latency's
// distribution over requests) each statistic but the spread and count,
// and never the quartiles, which bound the runs.
func summaryFields(k string, g *jnode) []string {
	if familyKind(classify(k).kind) || statOf(headerTokens(k)) != "" {
		for _, want := range []string{"median", "p50", "mean", "avg", "average"} {
			if f, ok := g.fields[want]; ok && f.kind == 's' {
				return []string{want}
			}
		}
		return nil
	}
	var keep []string
	for _, ck := range g.keys {
		if !runSpreadKey.MatchString(ck) && ck != "p25" && ck != "p75" {
			keep = append(keep, ck)
		}
	}
	return keep
}

// summarisedMeasures are the groups of record o that summarise runs.
func summarisedMeasures(o *jnode) []string {
	var names []string
	for _, k := range o.keys {
		if g := o.fields[k]; runSummary(g) && len(summaryFields(k, g)) > 0 && measureGroup(k, g) {
			names = append(names, k)
		}
	}
	return names
}

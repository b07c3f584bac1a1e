package table

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat"
)

// A harness that keeps each level's runs beside their summary may name the
// summary by its statistic alone: {"concurrency": 4, "agg_median": 41.2,
// "runs": [{"agg_tps": 40.8, …}, {"agg_tps": 41.2, …}, …]}. The runs name
// the unit ("tps": tokens per second) that the summary's key leaves out,
// and the numbers say which key it summarises: where the summary is that
// statistic of the runs' values on every record, its key takes the runs'
// name ("agg_median (the runs' agg_tps)"), and is read as a header that
// wrote both would be.

// runStemStats maps a summary's last word to the statistic it takes.
var runStemStats = map[string]func([]float64) float64{
	"median": runsMedian, "p50": runsMedian, "mean": runsMean, "avg": runsMean, "average": runsMean,
}

// nameSummariesByRuns adds to each record the summaries its runs name, when
// every record agrees; records are a list's objects.
func nameSummariesByRuns(records []*jnode) {
	if len(records) < 2 {
		return
	}
	for _, k := range records[0].keys {
		name, ok := runsName(records, k)
		if !ok {
			continue
		}
		for _, o := range records {
			renameKey(o, k, name)
		}
	}
}

// runsName is the name summary key k takes from the runs: the runs' key
// with k's stem, and k's statistic; ok is false unless every record holds
// k as that statistic of its runs' values under one such key.
func runsName(records []*jnode, k string) (string, bool) {
	stem, stat, ok := cutStat(k)
	if !ok || classify(keyWords(k)).key() != "" { // a key knee reads names itself
		return "", false
	}
	runKey := ""
	for _, o := range records {
		f := o.fields[k]
		if f == nil || f.kind != 's' {
			return "", false
		}
		v, err := strconv.ParseFloat(f.scalar, 64)
		if err != nil {
			return "", false
		}
		rk, ok := summarisedRunKey(o, k, stem, stat, v)
		if !ok || runKey != "" && rk != runKey {
			return "", false
		}
		runKey = rk
	}
	return fmt.Sprintf("%s (the runs' %s)", k, runKey), true
}

// renameKey gives o's key k the name to, in its place.
func renameKey(o *jnode, k, to string) {
	if o.fields[to] != nil {
		return
	}
	for i := range o.keys {
		if o.keys[i] == k {
			o.keys[i] = to
		}
	}
	o.fields[to] = o.fields[k]
	delete(o.fields, k)
}

// cutStat splits "agg_median" into its stem and statistic.
func cutStat(k string) (stem, stat string, ok bool) {
	i := strings.LastIndexAny(k, "_-")
	if i <= 0 {
		return "", "", false
	}
	stem, stat = k[:i], strings.ToLower(k[i+1:])
	_, ok = runStemStats[stat]
	return stem, stat, ok
}

// summarisedRunKey is the key of o's runs, named stem plus a unit, whose
// values' statistic is v; the runs' own copy of key k names nothing new.
func summarisedRunKey(o *jnode, k, stem, stat string, v float64) (string, bool) {
	for _, lk := range o.keys {
		list := o.fields[lk]
		if list.kind != '[' || len(list.items) < 2 || list.items[0].kind != '{' {
			continue
		}
		for _, rk := range list.items[0].keys {
			if rk == k || !strings.HasPrefix(rk, stem) || len(rk) <= len(stem)+1 || !strings.ContainsAny(rk[len(stem):len(stem)+1], "_-") {
				continue
			}
			vals, ok := runValues(list.items, rk)
			if ok && closeAsPrinted(runStemStats[stat](vals), v) {
				return rk, true
			}
		}
	}
	return "", false
}

// runValues are the runs' numbers under key k; false when one lacks it.
func runValues(runs []*jnode, k string) ([]float64, bool) {
	vals := make([]float64, 0, len(runs))
	for _, r := range runs {
		f := r.fields[k]
		if r.kind != '{' || f == nil || f.kind != 's' {
			return nil, false
		}
		x, err := strconv.ParseFloat(f.scalar, 64)
		if err != nil {
			return nil, false
		}
		vals = append(vals, x)
	}
	return vals, true
}

// runsMedian is the median as harnesses print it (Python's statistics and
// numpy): the mean of the two middle values of an even count, where
// middleValue (gonum's empirical quantile) takes the lower.
func runsMedian(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func runsMean(v []float64) float64 { return stat.Mean(v, nil) }

// closeAsPrinted: a statistic computed from printed values matches a
// printed summary to the summary's rounding (half a percent at most).
func closeAsPrinted(a, b float64) bool {
	return math.Abs(a-b) <= 0.005*math.Max(math.Abs(a), math.Abs(b))+1e-9
}

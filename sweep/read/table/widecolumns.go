package table

import (
	"fmt"
	"strings"
)

// A wide table writes its loads in the column headers, each beside the
// metric it holds ("Config | Engine | c=1 tok/s | c=16 tok/s | c=64 tok/s"),
// with a row per configuration: one row is one curve. It is not transposed
// (its rows are curves, not metrics, and it has label columns besides the
// levels), so each "c=16 tok/s" would read as a column of its own. Melted,
// it is one row per configuration and level: the label columns, the level,
// then one column per metric the headers name; the label columns then name
// the curves (rowSeries).

// levelMetric is a header read as a load level and the metric it holds.
type levelMetric struct {
	level, metric string
	perGPU        bool
}

// levelMetricHeader splits a header into a level that names its load ("c=16",
// "users 8", "并发16") and a metric ("tok/s", "TTFT p50 (ms)"), the level
// first or last; false when no split gives both.
func levelMetricHeader(h string) (levelMetric, bool) {
	words := strings.Fields(stripMarkup(h))
	for k := 1; k < len(words); k++ {
		if lm, ok := splitLevelMetric(words[:k], words[k:]); ok {
			return lm, true
		}
		if lm, ok := splitLevelMetric(words[len(words)-k:], words[:len(words)-k]); ok {
			return lm, true
		}
	}
	return levelMetric{}, false
}

// splitLevelMetric reads lv as a level with its load's name (a bare number
// is a count of anything: "8 GPUs") and m as a metric knee reads.
func splitLevelMetric(lv, m []string) (levelMetric, bool) {
	level := strings.Trim(strings.Join(lv, " "), "@()[],")
	match := levelHeader.FindStringSubmatch(levelHeaderText(level))
	if match == nil || match[1]+match[3] == "" {
		return levelMetric{}, false
	}
	metric := strings.TrimSpace(strings.Trim(strings.Join(m, " "), "@,"))
	if metric == "" || !measuredAtLevel(classify(metric)) {
		return levelMetric{}, false
	}
	perGPU := strings.Contains(strings.ToLower(match[1]+match[3]), "gpu")
	return levelMetric{level: match[2], metric: metric, perGPU: perGPU}, true
}

// meltLevelColumns melts a wide table: ok when at least two columns name
// distinct levels of one load, every other column holds labels (text), and
// there is a label column or a single row to name the curve by.
func meltLevelColumns(g grid) (grid, string, bool) {
	var labels []int
	byCol := map[int]levelMetric{}
	var levels, metrics []string
	perGPU := false
	for i, h := range g.header {
		lm, ok := levelMetricHeader(h)
		if !ok {
			if !textColumn(g, i) {
				return g, "", false // a number that is no level's: not a wide table
			}
			labels = append(labels, i)
			continue
		}
		if columnOf(byCol, lm.level, lm.metric) >= 0 {
			return g, "", false // one level's metric twice: which is it?
		}
		byCol[i] = lm
		levels, metrics = addOnce(levels, lm.level), addOnce(metrics, lm.metric)
		perGPU = perGPU || lm.perGPU
	}
	if len(levels) < 2 || len(labels) == 0 && len(g.rows) != 1 {
		return g, "", false
	}
	levelName := "concurrency"
	if perGPU {
		levelName = "per_gpu"
	}
	t := g.reshaped(append(pick(g.header, labels), levelName)...)
	t.header = append(t.header, metrics...)
	for r, row := range g.rows {
		for _, lv := range levels {
			out := append(pick(row, labels), lv)
			for _, m := range metrics {
				out = append(out, cellAt(row, columnOf(byCol, lv, m)))
			}
			t.rows = append(t.rows, out)
			t.lines = append(t.lines, g.lines[r])
		}
	}
	note := fmt.Sprintf("%s:%d: the headers name the levels (%q …): read as one row per level of each row, the level in a column of its own", g.file, g.headerLine, g.header[firstKey(byCol)])
	return t, note, true
}

// columnOf is the column of level lv and metric m, -1 when the table has
// none (its cell reads blank).
func columnOf(byCol map[int]levelMetric, lv, m string) int {
	for i, lm := range byCol {
		if lm.level == lv && lm.metric == m {
			return i
		}
	}
	return -1
}

func firstKey(byCol map[int]levelMetric) int {
	first := -1
	for i := range byCol {
		if first < 0 || i < first {
			first = i
		}
	}
	return first
}

func addOnce(list []string, v string) []string {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

// measuredAtLevel: a column of this kind holds what a level measured (a
// rate, a latency, a count of requests), not what names the run (a model,
// a note, a GPU count).
func measuredAtLevel(c column) bool {
	switch c.kind {
	case colThroughput, colThroughputPerGPU, colLatency, colRequestRate, colOtherTokRate, colPerUser, colRequests, colFailures, colAchieved:
		return true
	}
	return false
}

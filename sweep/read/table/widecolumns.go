package table

import (
	"fmt"
	"regexp"
	"slices"
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
	if level, metric, ok := wordLevel(h); ok && metric != "" && measuredAtLevel(classify(metric)) {
		return levelMetric{level: level, metric: metric}, true // "2x 并发总吞吐"
	}
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
	metric := rolePart(strings.TrimSpace(strings.Trim(strings.Join(m, " "), "@,")))
	if metric == "" || !measuredAtLevel(classify(metric)) && !streamRoleOnly(metric) {
		return levelMetric{}, false
	}
	perGPU := strings.Contains(strings.ToLower(match[1]+match[3]), "gpu")
	return levelMetric{level: match[2], metric: metric, perGPU: perGPU}, true
}

// meltLevelColumns melts a wide table: ok when at least two columns name
// distinct levels of one load, every other column holds labels (text), and
// there is a label column or a single row to name the curve by.
func meltLevelColumns(g grid) (grid, string, bool) {
	w, ok := scanWideHeaders(g)
	if !ok || len(w.levels) < 2 || len(w.labels) == 0 && len(g.rows) != 1 {
		return g, "", false
	}
	merged := oneStreamMetric(&w)
	levelName := "concurrency"
	if w.perGPU {
		levelName = "per_gpu"
	}
	t := g.reshaped(append(pick(g.header, w.labels), levelName)...)
	t.header = append(t.header, w.metrics...)
	for r, row := range g.rows {
		for _, lv := range w.levels {
			out := append(pick(row, w.labels), lv)
			for _, m := range w.metrics {
				out = append(out, cellAt(row, columnOf(w.byCol, lv, m)))
			}
			t.rows = append(t.rows, out)
			t.lines = append(t.lines, g.lines[r])
		}
	}
	note := fmt.Sprintf("%s:%d: the headers name the levels (%q …): read as one row per level of each row, the level in a column of its own", g.file, g.headerLine, g.header[firstKey(w.byCol)])
	if len(w.bare) > 0 {
		note += fmt.Sprintf("; %s, naming a level alone, holds the %q the other levels name", andQuoted(pick(g.header, sortedKeys(w.bare))), w.metrics[0])
	}
	if merged != "" {
		note += "; " + merged
	}
	return t, note, true
}

// wideScan is what a wide table's headers say: the label columns, the
// level and metric of each other column, the levels and metrics in the
// order the headers name them, and the columns named by a level alone.
type wideScan struct {
	labels          []int
	byCol           map[int]levelMetric
	bare            map[int]string
	levels, metrics []string
	perGPU          bool
}

// scanWideHeaders reads g's headers as a wide table's; false when a column
// of numbers names no level, a level's metric is named twice, or a column
// named by a level alone has no one metric to take (nameBareLevels).
func scanWideHeaders(g grid) (wideScan, bool) {
	w := wideScan{byCol: map[int]levelMetric{}, bare: map[int]string{}}
	for i, h := range g.header {
		lm, ok := levelMetricHeader(h)
		if level, isLevel := bareLevel(h); !ok && isLevel && !textColumn(g, i) {
			w.bare[i] = level // its metric is the others' (nameBareLevels)
			w.levels = addOnce(w.levels, level)
			continue
		}
		if !ok {
			if allRatios(columnCells(g, i)) {
				continue // "C8 / C1" over "2.88×": a figure derived from the levels, never read
			}
			if !textColumn(g, i) && !runIndexHeader(h) && !settingHeader(h) {
				return w, false // a number that is no level's: not a wide table
			}
			w.labels = append(w.labels, i)
			continue
		}
		if columnOf(w.byCol, lm.level, lm.metric) >= 0 {
			return w, false // one level's metric twice: which is it?
		}
		w.byCol[i] = lm
		w.levels, w.metrics = addOnce(w.levels, lm.level), addOnce(w.metrics, lm.metric)
		w.perGPU = w.perGPU || lm.perGPU
	}
	return w, nameBareLevels(w.byCol, w.bare, w.metrics)
}

// runIndex is a header numbering repeated runs ("Run", "Trial #"): its
// numbers label the rows, each row one run of the whole sweep.
var runIndex = regexp.MustCompile(`(?i)^\s*(run|rep|repeat|repetition|trial|iteration|attempt)s?\s*(#|no\.?|n°)?\s*$`)

// runIndexHeader: h numbers repeated runs.
func runIndexHeader(h string) bool { return runIndex.MatchString(stripMarkup(h)) }

// settingHeader: h names a setting its numbers label the row with, as a
// text column would: a request length ("Input len", "ctx"; llama.cpp's
// "pp" prompt size and "tg" generation length) or a parallelism degree
// ("TP", "PP", "EP"). A row of "pp 512 | c1 tg/s | c2 tg/s" is the curve of
// 512-token prompts; no such number is measured at a level.
func settingHeader(h string) bool {
	if classify(h).kind == colWorkload {
		return true
	}
	t := headerTokens(h)
	return len(t) == 1 && wordset(t).has("pp", "tg", "tp", "ep", "dp")
}

// bareLevel reads a header that names a level and nothing else ("单请求",
// "c=1", "x2").
func bareLevel(h string) (string, bool) {
	if level, rest, ok := wordLevel(h); ok {
		return level, rest == ""
	}
	if m := levelHeader.FindStringSubmatch(levelHeaderText(h)); m != nil && m[1]+m[3] != "" {
		return m[2], true
	}
	return "", false
}

// nameBareLevels gives each column named by a level alone ("单请求" beside
// "2x 并发总吞吐 | 5x 并发总吞吐") the metric every other level column
// names, when they name one: its cells hold that metric at its level.
// false when there are bare levels and the others name no one metric, or a
// bare level is also named with it.
func nameBareLevels(byCol map[int]levelMetric, bare map[int]string, metrics []string) bool {
	if len(bare) == 0 {
		return true
	}
	if len(metrics) != 1 {
		return false
	}
	for i, lv := range bare {
		if columnOf(byCol, lv, metrics[0]) >= 0 {
			return false
		}
		byCol[i] = levelMetric{level: lv, metric: metrics[0]}
	}
	return true
}

func sortedKeys(m map[int]string) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
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
// streamRoleOnly: metric names only whose rate it is, all the streams'
// or one stream's ("agg", "per-stream"), with no unit: "c=2 agg" beside
// "c=2 per" is a level's two rates, which the streams' physics names once
// melted (streampairs.go).
func streamRoleOnly(metric string) bool {
	low := strings.ToLower(metric)
	return unitlessWords(low, allStreamsWords, "") && len(strings.Fields(low)) == 1 || unitlessWords(low, oneStreamWords, "per")
}

func measuredAtLevel(c column) bool {
	switch c.kind {
	case colThroughput, colThroughputPerGPU, colLatency, colRequestRate, colOtherTokRate, colPerUser, colRequests, colFailures, colAchieved:
		return true
	}
	return false
}

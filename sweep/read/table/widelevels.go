package table

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"gonum.org/v1/gonum/floats"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// A table whose columns are the levels ("并发8 | 并发16 | 并发24 | 并发32") and
// whose rows are configurations often ends with a column that summarises
// the row ("平均吞吐量", the average throughput over the levels). That column
// is no level, so the table did not turn (transpose wants every header a
// level) and each level header read as a concurrency column of its own. Its
// numbers say what it is: where it is the mean of the row's level cells, it
// is a summary, and its header names the metric the level cells hold.

// maxSummaryGap is how far a summary cell may sit from the mean of its row's
// level cells (printed values are rounded).
const maxSummaryGap = 0.01

// dropSummaryColumns returns g without the columns that summarise each
// row's level cells, the corner naming their metric for seriesRows, and a
// note; ok is false unless every header after the first is a level, such a
// summary or a column of ratios ("scaling 1→32 | ×1.80", ratiocolumns.go),
// with at least two levels and one summary or ratio column.
func dropSummaryColumns(g grid) (grid, string, bool) {
	levels, summaries, ratios, remarks, ok := wideColumns(g)
	summaries, parts, partsNote := levelParts(g, levels, summaries)
	summaries, others := otherMeasures(g, levels, summaries)
	if !ok || len(levels) < 2 || len(summaries) == 0 && len(ratios) == 0 && len(remarks) == 0 && len(others) == 0 && len(parts) == 0 {
		return g, "", false
	}
	t := g
	t.rows = nil
	t.header = append([]string{g.header[0]}, levelNames(pick(g.header, levels))...)
	var notes []string
	if partsNote != "" {
		notes = append(notes, partsNote)
	}
	if len(summaries) > 0 {
		note, ok := summaryNote(g, &t, levels, summaries)
		if !ok {
			return g, "", false
		}
		notes = append(notes, note)
	}
	if len(ratios) > 0 {
		notes = append(notes, ratioNote(g, ratios))
	}
	notes = append(notes, asideNotes(g, others, remarks)...)
	for _, row := range g.rows {
		if len(row) == 0 {
			t.rows = append(t.rows, row)
			continue
		}
		t.rows = append(t.rows, append([]string{row[0]}, pick(row, levels)...))
	}
	return t, strings.Join(notes, "; "), true
}

// summaryNote says which column summarises the level cells, and how; its
// header names the cells' metric in t's corner where it names one. ok is
// false unless exactly one column does.
func summaryNote(g grid, t *grid, levels, summaries []int) (string, bool) {
	s := summaries[0]
	how := summaryOf(g, levels, s)
	if len(summaries) != 1 || how == "" {
		return "", false
	}
	note := fmt.Sprintf("%s: %q is %s of each row's level cells, not a level: not read", g.file, g.header[s], how)
	if classify(g.header[s]).key() != "" {
		t.header[0] = g.header[0] + ` \ ` + g.header[s] // "Avg tok/s" names the cells' metric
		note += fmt.Sprintf("; the level cells are read as %q", g.header[s])
	}
	return note, true
}

// asideNotes say why the columns beside the levels that are neither a
// summary nor ratios are not read.
func asideNotes(g grid, others, remarks []int) []string {
	var notes []string
	for _, i := range others {
		what := "a latency"
		if classify(g.header[i]).kind != colLatency {
			what = "a figure at a setting of its own"
		}
		notes = append(notes, fmt.Sprintf("%s: %q holds another measurement of each row, %s not taken at the levels: not read", g.file, g.header[i], what))
	}
	for _, i := range remarks {
		if oneLevelColumn(g.header[i]) {
			notes = append(notes, fmt.Sprintf("%s: %q holds a figure at one level, after the levels: not read", g.file, g.header[i]))
			continue
		}
		if hasNumber(g, i) && !remarkCells(g, i) {
			notes = append(notes, fmt.Sprintf("%s: %q holds another figure of each row (no level, no metric knee reads), after the levels: not read", g.file, g.header[i]))
			continue
		}
		notes = append(notes, fmt.Sprintf("%s: %q holds a remark per row, not a level: not read", g.file, g.header[i]))
	}
	return notes
}

// otherMeasures splits from the would-be summaries the latencies that
// summarise nothing ("cold TTFT 32K" beside levels of a token rate), and
// the figures taken at a setting of their own ("prefill @4K"): each is a
// measurement of the row at a setting of its own, not of the levels.
func otherMeasures(g grid, levels, summaries []int) (kept, others []int) {
	for _, s := range summaries {
		if len(levels) >= 2 && (classify(g.header[s]).kind == colLatency || ownSetting.MatchString(g.header[s])) && summaryOf(g, levels, s) == "" {
			others = append(others, s)
			continue
		}
		kept = append(kept, s)
	}
	return kept, others
}

// ownSetting is a header naming the setting its figure was taken at ("prefill
// @4K", "decode @ 32k ctx") or a prefill phase ("pp512 t/s"), no level.
var ownSetting = regexp.MustCompile(`(?i)@\s*\S|\bprefill\b|\bpp\d+\b`)

// wideColumns sorts the columns after the first into levels, summaries
// (a metric's name), columns of ratios and columns of remarks after the
// levels (text in every cell under a header naming nothing knee reads:
// "What stopped it");
// ok is false when one is none of them.
func wideColumns(g grid) (levels, summaries, ratios, remarks []int, ok bool) {
	for i := 1; i < len(g.header); i++ {
		if wideLevel(g.header[i]) {
			levels = append(levels, i)
			continue
		}
		if ratioColumn(g, i) || len(levels) >= 2 && levelRatioColumn(g, levels, i) {
			ratios = append(ratios, i)
			continue
		}
		c := classify(g.header[i])
		if len(levels) > 0 && besideLevels(g, c, i) || len(levels) >= 2 && figureOfTheRow(c, g.header[i]) {
			remarks = append(remarks, i)
			continue
		}
		if c.kind == colConcurrency || c.kind == colPerGPU || c.key() == "" && (len(levels) == 0 || !hasNumber(g, i)) {
			return nil, nil, nil, nil, false
		}
		summaries = append(summaries, i)
	}
	return levels, summaries, ratios, remarks, true
}

// wideLevel: header h names a level, or a level's mean ("c=1 mean").
func wideLevel(h string) bool {
	_, _, isLevel := levelHeaders([]string{h})
	_, isMean := meanLevelHeader(h)
	return isLevel || isMean
}

// figureOfTheRow: a column after two levels or more whose header names no
// level and nothing knee reads ("KV tokens" over "1,093,386 @1M", a
// capacity): a figure of each row's setup, not a level nor a summary of
// the levels' cells.
// A figure at a setting of its own ("prefill @4K") is otherMeasures'.
// A header naming a statistic ("best", "avg") claims to summarise the
// levels: where it does not, the table stays a question.
func figureOfTheRow(c column, header string) bool {
	t := headerTokens(header)
	return c.key() == "" && c.kind != colConcurrency && c.kind != colPerGPU && !ownSetting.MatchString(header) &&
		statOf(t) == "" && !wordset(t).has(peakWords...)
}

// besideLevels: column i, after the levels, is a detail of one of them
// ("C4 ITL p95") or a remark per row, not a summary.
func besideLevels(g grid, c column, i int) bool {
	return oneLevelColumn(g.header[i]) || remarkCells(g, i) && (c.key() == "" || c.kind == colNote)
}

// oneLevelColumn: a header that names one level and then something
// measured at it ("C4 ITL p95", "C4 user p5/p50"), after the level
// columns: a detail of that level, not a level of its own.
func oneLevelColumn(h string) bool {
	m := rowLevelPrefix.FindStringSubmatch(strings.TrimSpace(stripMarkup(h)))
	return m != nil && loadKind(classify(m[1]).kind)
}

// remarkCells: every cell of column i that is not blank is text naming no
// metric (a column of "agg t/s", "p50 s" names the rows' metrics), and one
// is.
func remarkCells(g grid, i int) bool {
	n := 0
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		if _, ok, err := parseCell(c); (err == nil && ok) || namesMetric(c) {
			return false
		}
		n++
	}
	return n > 0
}

// summarisesRows: on every row where all are numbers, cell s is the mean of
// the level cells, and there is such a row.
func summarisesRows(g grid, levels []int, s int) bool {
	return summaryOf(g, levels, s) != ""
}

// summaryOf says how cell s summarises each row's level cells: "the mean",
// "the best", or "" when it does neither.
func summaryOf(g grid, levels []int, s int) string {
	switch {
	case summaryHolds(g, levels, s, rowMean):
		return "the mean"
	case summaryHolds(g, levels, s, rowBest):
		return "the best"
	}
	return ""
}

// summaryHolds: on every row where it can be taken, cell s is of's summary
// of the level cells, and there is such a row.
func summaryHolds(g grid, levels []int, s int, of func(vals []float64, all bool) (float64, bool)) bool {
	n := 0
	for _, row := range g.rows {
		var vals []float64
		for _, i := range levels {
			if cv, isNum, err := parseCell(cleanCell(cellAt(row, i))); err == nil && isNum {
				vals = append(vals, cv.v)
			}
		}
		want, ok := of(vals, len(vals) == len(levels))
		sv, isNum, err := parseCell(cleanCell(cellAt(row, s)))
		if !ok || err != nil || !isNum {
			continue
		}
		if want == 0 || math.Abs(sv.v-want)/math.Abs(want) > maxSummaryGap {
			return false
		}
		n++
	}
	return n > 0
}

// rowMean is the mean of a row's level cells, when each is a number.
func rowMean(vals []float64, all bool) (float64, bool) {
	if !all || len(vals) == 0 {
		return 0, false
	}
	return floats.Sum(vals) / float64(len(vals)), true
}

// rowBest is the highest of a row's level cells ("Ceiling", "Peak"), of
// two or more.
func rowBest(vals []float64, _ bool) (float64, bool) {
	if len(vals) < 2 {
		return 0, false
	}
	return floats.Max(vals), true
}

func pick(cells []string, idx []int) []string {
	out := make([]string, len(idx))
	for j, i := range idx {
		out[j] = cellAt(cells, i)
	}
	return out
}

// levelHeaderText is a header as levelHeader reads it: its words in English
// ("并发8" is "concurrency 8").
// batchMark is "B=4", the batch size written as a setting.
var batchMark = regexp.MustCompile(`^[Bb]\s*=\s*\d+$`)

func levelHeaderText(h string) string {
	c := cleanCell(h)
	if batchMark.MatchString(c) {
		c = "batch" + c[1:] // "B=4": a batch of 4 lanes; "B" alone is no load word
	}
	if levelHeader.MatchString(c) {
		return c
	}
	return strings.Join(strings.Fields(vocab.Translate(strings.ToLower(c))), " ")
}

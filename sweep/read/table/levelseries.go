package table

import (
	"fmt"
	"slices"
	"strings"
)

// A transposed table comparing two setups often names each column by its
// level and its setup at once: "C=10 Disagg | C=10 Agg | C=100 Disagg |
// C=100 Agg". Each column is one level of one curve; the setup words are the
// series, never part of the level. Such a table turns like any transposed
// one, with a series column beside the level (rowSeries then names the
// curves, and --series picks one).

// levelSeriesHeader splits a header into a level and a series label: the
// level header first or last ("C=10 Disagg", "Agg C=10"), the label text.
// A footnote marker on the label ("Agg*") is no part of its name.
func levelSeriesHeader(h string) (level, label string, ok bool) {
	words := strings.Fields(stripMarkup(h))
	for k := len(words) - 1; k >= 1; k-- {
		if lv, lb, ok := levelAndLabel(strings.Join(words[:k], " "), strings.Join(words[k:], " ")); ok {
			return lv, lb, true
		}
		if lv, lb, ok := levelAndLabel(strings.Join(words[len(words)-k:], " "), strings.Join(words[:len(words)-k], " ")); ok {
			return lv, lb, true
		}
	}
	return "", "", false
}

func levelAndLabel(lv, lb string) (string, string, bool) {
	if strings.HasPrefix(lv, "(") && strings.HasSuffix(lv, ")") {
		lv = lv[1 : len(lv)-1] // "Before (c=16)": the level in brackets
	}
	levels, _, ok := levelHeaders([]string{lv})
	if !ok {
		return "", "", false
	}
	lb = strings.TrimRight(strings.TrimSpace(lb), "*†‡")
	if lb == "" || classify(lb).key() != "" {
		return "", "", false
	}
	if _, isNum, err := parseCell(cleanCell(lb)); err == nil && isNum {
		return "", "", false
	}
	return levels[0], lb, true
}

// levelSeriesHeaders reads every header as a level and a label; ok only
// when there are two labels or more and each names two levels or more (a
// lone "8 GPUs" beside "1 GPU" is a count, not a curve).
func levelSeriesHeaders(headers []string) (levels, labels []string, ok bool) {
	count := map[string]int{}
	for _, h := range headers {
		lv, lb, ok := levelSeriesHeader(h)
		if !ok {
			return nil, nil, false
		}
		levels, labels = append(levels, lv), append(labels, lb)
		count[strings.ToLower(lb)]++
	}
	if len(count) < 2 {
		return nil, nil, false
	}
	for _, n := range count {
		if n < 2 {
			return nil, nil, false
		}
	}
	return levels, labels, true
}

// transposeLevelSeries turns a transposed table whose columns are named by
// level and series into one row per column: level, series, then the value
// of each metric row.
func transposeLevelSeries(g grid, levelName string) (grid, string, bool) {
	g, dropped := dropDeltaColumns(g)
	g, packed := splitPackedLevelLabels(g)
	levels, labels, ok := levelSeriesHeaders(g.header[1:])
	if !ok || streamRoleLabels(labels) {
		// "c=2 agg" beside "c=2 per": a level's two rates, a wide table
		// of curves by row (meltLevelColumns), not series by column.
		return g, "", false
	}
	t := g.reshaped(levelName, "series")
	for _, row := range g.rows {
		if len(row) > 0 {
			t.header = append(t.header, row[0])
		}
	}
	for j := range levels {
		out := []string{levels[j], labels[j]}
		for _, row := range g.rows {
			if len(row) == 0 {
				continue
			}
			out = append(out, cellAt(row, j+1))
		}
		t.rows = append(t.rows, out)
		t.lines = append(t.lines, g.headerLine)
	}
	note := fmt.Sprintf("%s: each column names a level and a series (%q): read as one row per column, the series in a column of its own", g.file, g.header[1])
	if dropped > 0 {
		note += fmt.Sprintf("; %d columns of differences between them (`Delta`) not read", dropped)
	}
	if len(packed) > 0 {
		note += fmt.Sprintf("; %s hold one value per series named: read as a column each", quoteAll(packed))
	}
	return t, note, true
}

// splitPackedLevelLabels reads a level's column whose header lists its
// series ("c=1 baseline / DFlash") and whose cells hold one value each
// ("10.50 / 21.37") as one column per series ("c=1 baseline", "c=1
// DFlash"), as curvepaircells.go reads a metric's. The grid's rows are
// copied first: the caller keeps its own when the table does not turn.
// packed are the headers so read.
func splitPackedLevelLabels(g grid) (grid, []string) {
	var packed []string
	g.rows = slices.Clone(g.rows)
	for i := 1; i < len(g.header); i++ {
		_, label, ok := levelSeriesHeader(g.header[i])
		if !ok {
			continue
		}
		names, ok := curveNameList(label)
		if !ok || !everyCellCurvePair(g, i, len(names)) {
			continue
		}
		whole := strings.Join(strings.Fields(stripMarkup(g.header[i])), " ")
		split := make([]string, len(names))
		for j, n := range names {
			split[j] = strings.Replace(whole, label, n, 1)
		}
		replaceColumn(&g, i, split, func(raw string) []string { return curvePairParts(cleanCell(raw)) })
		packed = append(packed, whole)
		i += len(names) - 1
	}
	return g, packed
}

// streamRoleLabels: the labels name one stream's rate ("per") beside all
// the streams' ("agg"): a level's two rates. "Agg" beside "Disagg" names
// aggregated serving, a setup.
func streamRoleLabels(labels []string) bool {
	one := slices.ContainsFunc(labels, func(l string) bool { return unitlessWords(strings.ToLower(rolePart(l)), oneStreamWords, "per") })
	return one && slices.ContainsFunc(labels, func(l string) bool { return streamRoleOnly(l) })
}

// dropDeltaColumns sets aside the columns after the first whose header
// names a ratio or difference ("Delta") and whose cells are ratios
// ("+0.7%"): between "Before (c=16)" and "After (c=16)" they compare the
// two series, no level of either. The count says how many.
func dropDeltaColumns(g grid) (grid, int) {
	var keep []int
	for i := range g.header {
		if i > 0 && classify(g.header[i]).kind == colRatio && ratioColumn(g, i) {
			continue
		}
		keep = append(keep, i)
	}
	if len(keep) == len(g.header) {
		return g, 0
	}
	t := g
	t.header = pick(g.header, keep)
	t.rows = nil
	for _, row := range g.rows {
		t.rows = append(t.rows, pick(row, keep))
	}
	return t, len(g.header) - len(keep)
}

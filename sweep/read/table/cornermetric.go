package table

import (
	"fmt"
	"strings"
)

// A table may name its values' metric in the corner and its levels down the
// first column ("| aggregate tok/s | A marlin | B b12x |" over "| c=1 |
// 78.4 | 60.0 |"): the corner's header is no column of its own, since its
// cells are levels, not rates. The first column is then the load, read from
// its cells, and each column after it that names no metric holds the
// corner's ("A marlin aggregate tok/s"). A row whose first cell is no
// level ("TTFT c=1 (s)", a metric at one level) is left out, by name. Where
// every other header names an arm alone and the labels are words ("batch
// 8"), cornerlabels.go reads it; this reads the rest ("C Uns·b12x" reads as
// a load by its first letter).

// cornerMetricLevels rewrites such a table; false unless the corner names a
// metric and two rows or more name a level with its load's word.
func cornerMetricLevels(g grid) (grid, string, bool) {
	if len(g.header) < 2 || len(g.rows) < 2 || !namesMetric(g.header[0]) || cornerNamesMetric(g, 0) {
		return g, "", false // arms alone beside the corner: labelLoads reads them (cornerlabels.go)
	}
	word, levels, kept, left := "", []string{}, [][]string{}, []string{}
	var lines []int
	for r, row := range g.rows {
		m := levelHeader.FindStringSubmatch(levelHeaderText(cellAt(row, 0)))
		if m == nil || m[1] == "" || word != "" && !strings.EqualFold(word, m[1]) {
			left = append(left, strings.TrimSpace(stripMarkup(cellAt(row, 0))))
			continue
		}
		word = m[1]
		levels = append(levels, strings.ReplaceAll(m[2], ",", ""))
		kept = append(kept, row)
		lines = append(lines, lineOf(&g, r))
	}
	if len(kept) < 2 {
		return g, "", false
	}
	metric := strings.TrimSpace(g.header[0])
	t := ownCells(g)
	t.header = append([]string{word}, g.header[1:]...)
	for j := 1; j < len(t.header); j++ {
		if !namesMetric(t.header[j]) { // "C Uns·b12x" names a run, not the load: the load is the first column
			t.header[j] = strings.TrimSpace(t.header[j]) + " " + metric
		}
	}
	t.rows, t.lines = nil, lines
	for i, row := range kept {
		nr := append([]string{levels[i]}, row[1:]...)
		t.rows = append(t.rows, nr)
	}
	note := fmt.Sprintf("%s:%d: the corner names the values' metric (%q) and the first column the levels (%q): each column after it holds that metric", g.file, g.headerLine, metric, stripMarkup(cellAt(kept[0], 0)))
	if len(left) > 0 {
		note += fmt.Sprintf("; rows naming no level not read: %s", andQuoted(left))
	}
	return t, note, true
}

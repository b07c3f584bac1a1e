package table

import (
	"fmt"
	"math"
	"strings"

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
	if !ok || len(levels) < 2 || len(summaries) == 0 && len(ratios) == 0 && len(remarks) == 0 {
		return g, "", false
	}
	t := g
	t.rows = nil
	t.header = append([]string{g.header[0]}, pick(g.header, levels)...)
	var notes []string
	if len(summaries) > 0 {
		s := summaries[0]
		if len(summaries) != 1 || !summarisesRows(g, levels, s) {
			return g, "", false
		}
		t.header[0] = g.header[0] + ` \ ` + g.header[s]
		notes = append(notes, fmt.Sprintf("%s: %q is the mean of each row's level cells, not a level: not read; the level cells are read as %q", g.file, g.header[s], g.header[s]))
	}
	if len(ratios) > 0 {
		notes = append(notes, ratioNote(g, ratios))
	}
	for _, i := range remarks {
		notes = append(notes, fmt.Sprintf("%s: %q holds a remark per row, not a level: not read", g.file, g.header[i]))
	}
	for _, row := range g.rows {
		if len(row) == 0 {
			t.rows = append(t.rows, row)
			continue
		}
		t.rows = append(t.rows, append([]string{row[0]}, pick(row, levels)...))
	}
	return t, strings.Join(notes, "; "), true
}

// wideColumns sorts the columns after the first into levels, summaries
// (a metric's name), columns of ratios and columns of remarks after the
// levels (text in every cell under a header naming nothing knee reads:
// "What stopped it");
// ok is false when one is none of them.
func wideColumns(g grid) (levels, summaries, ratios, remarks []int, ok bool) {
	for i := 1; i < len(g.header); i++ {
		if _, _, isLevel := levelHeaders([]string{g.header[i]}); isLevel {
			levels = append(levels, i)
			continue
		}
		if ratioColumn(g, i) {
			ratios = append(ratios, i)
			continue
		}
		c := classify(g.header[i])
		if len(levels) > 0 && remarkCells(g, i) && (c.key() == "" || c.kind == colNote) {
			remarks = append(remarks, i)
			continue
		}
		if c.key() == "" || c.kind == colConcurrency || c.kind == colPerGPU {
			return nil, nil, nil, nil, false
		}
		summaries = append(summaries, i)
	}
	return levels, summaries, ratios, remarks, true
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
	n := 0
	for _, row := range g.rows {
		sum, ok := 0.0, true
		for _, i := range levels {
			cv, isNum, err := parseCell(cleanCell(cellAt(row, i)))
			if err != nil || !isNum {
				ok = false
				break
			}
			sum += cv.v
		}
		sv, isNum, err := parseCell(cleanCell(cellAt(row, s)))
		if !ok || err != nil || !isNum {
			continue
		}
		mean := sum / float64(len(levels))
		if mean == 0 || math.Abs(sv.v-mean)/math.Abs(mean) > maxSummaryGap {
			return false
		}
		n++
	}
	return n > 0
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
func levelHeaderText(h string) string {
	c := cleanCell(h)
	if levelHeader.MatchString(c) {
		return c
	}
	return strings.Join(strings.Fields(vocab.Translate(strings.ToLower(c))), " ")
}

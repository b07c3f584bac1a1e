package table

import (
	"fmt"
	"slices"
	"strings"
)

// A long table writes one row per run and metric: the metric's name in a
// cell of its own ("| 16 | Tokens per second | 647.78 |", "| 256 | 128 | 1 |
// `output_throughput` | 81.306 | 0.022 | …"), the value beside it, so the
// metric a column holds is written in the rows, not in the header (which
// names a VM, or a statistic over repeats). A script that dumps a tidy
// frame, or a page that names its metric on every row, writes it so.
// Pivoted, it is one row per run: the columns that key the run (the load,
// the workload, a label written once per group), then one column per
// metric named in the rows, holding the value column's cell.
//
// The value is read from:
//   - the level columns, when the other headers each name a level ("c=1 |
//     c=2 | c=4"): a run's row then holds one value per level, and each
//     becomes a row at that level;
//   - the mean of a statistics family ("Mean | Stddev | Min | Max"), the
//     others named as not read;
//   - else the one column whose header names nothing knee knows ("ND H200
//     V5"): what the metric's value is, named by the machine it ran on.
//
// It applies only when some metric is named on two rows or more (a table
// naming each metric once is transposed, table.go) and no run names one
// metric twice with two values.

// metricRowsLayout is how a long table's columns split: the metric-name
// column, the value columns, the key columns, and the statistics left
// unread.
type metricRowsLayout struct {
	metric int
	values []int    // one value column, or the level columns
	levels []string // the level of each value column, when they are levels
	perGPU bool
	keys   []int
	unread []int
	ratios []int
}

// pivotMetricRows turns a long table into one row per run; the note says
// how it was read.
func pivotMetricRows(g grid) (grid, string, bool) {
	curvesNote := ""
	lay, ok := metricRowsColumns(g)
	if !ok {
		m, curves, melted := meltMetricSeries(g)
		if !melted {
			return g, "", false
		}
		if lay, ok = metricRowsColumns(m); !ok {
			return g, "", false
		}
		g, curvesNote = m, fmt.Sprintf("; the columns %s hold a curve each, read as the series", andQuoted(curves))
	}
	g = ownCells(g)
	// A pass or fail mark ("✅", "❌") checks its metric's row (an SLO
	// met), not the run: it keys no run, and a run's metrics marked
	// differently are still one run.
	lay.keys = slices.DeleteFunc(lay.keys, func(k int) bool { return statusColumn(g, k) })
	// A label, or a level, written once per group of metric rows ("| 4 |
	// Aggregate tok/s | … |" then "| | TTFT | … |"): the blank cells under
	// it are the run above's, as a rowspan renders them.
	for _, k := range lay.keys {
		carryDown(&g, k)
	}
	t, ok := pivotRuns(g, lay)
	if !ok {
		return g, "", false
	}
	how := fmt.Sprintf("its value in %q", g.header[lay.values[0]])
	if len(lay.levels) > 0 {
		how = fmt.Sprintf("a value per level (%q …)", g.header[lay.values[0]])
	}
	note := fmt.Sprintf("%s:%d: the rows name their metric (%q in %s), %s: read as one row per run, a column per metric", g.file, g.headerLine, firstCell(g, lay.metric), columnWords(g.header[lay.metric]), how)
	if len(lay.unread) > 0 {
		note += fmt.Sprintf("; %s not read (statistics over the repeats)", andQuoted(pick(g.header, lay.unread)))
	}
	if len(lay.ratios) > 0 {
		note += fmt.Sprintf("; %s not read (ratios between levels)", andQuoted(pick(g.header, lay.ratios)))
	}
	return t, note + curvesNote, true
}

// metricRowsColumns finds a long table's layout; false when g is none.
func metricRowsColumns(g grid) (metricRowsLayout, bool) {
	lay := metricRowsLayout{metric: -1}
	for i := range g.header {
		if metricNameColumn(g, i) {
			if lay.metric >= 0 {
				return lay, false // two columns of metric names: which names the value?
			}
			lay.metric = i
		}
	}
	if lay.metric < 0 {
		return lay, false
	}
	rest := make([]int, 0, len(g.header))
	for i := range g.header {
		if i != lay.metric {
			rest = append(rest, i)
		}
	}
	if levels, perGPU, ok := levelColumns(g, rest); ok {
		lay.values, lay.levels, lay.perGPU = levels.cols, levels.levels, perGPU
		lay.keys, lay.ratios = levels.others, levels.ratios
		return lay, true
	}
	return statOrLoneValue(g, lay, rest)
}

// metricNameColumn: column i's header names no column knee reads, every
// cell names a measure (a rate, a latency, a statistic of one), and some
// measure is named twice, one a metric knee reads: the column names the
// metric of its row.
func metricNameColumn(g grid, i int) bool {
	// A header naming the load ("Concurrency" over "Token-per-second",
	// "Time-to-first-token(sec)" beside level columns 1 | 2 | 4) is the
	// corner of a transposed table: its cells, all measures' names, say
	// what each row holds, as a corner's do (table.go transpose).
	if !metricNameHeader(classify(g.header[i])) || len(g.rows) < 2 {
		return false
	}
	seen := map[string]bool{}
	twice, reads := false, false
	for _, row := range g.rows {
		c := stripMarkup(cellAt(row, i))
		if isBlank(c) {
			return false
		}
		if _, ok, err := parseCell(cleanCell(c)); ok && err == nil {
			return false // a number names no metric
		}
		m := classify(c)
		// A run's duration is measured at its level as its rate is, and so
		// is a ratio of its own counts (a draft's acceptance, a cache's hits).
		if !measuredAtLevel(m) && m.kind != colDuration && m.kind != colRatio && m.stat == "" || m.kind == colConcurrency {
			return false
		}
		reads = reads || m.key() != ""
		twice = twice || seen[strings.ToLower(c)]
		seen[strings.ToLower(c)] = true
	}
	return twice && reads // a statistic's name alone ("p2p_on") is a label
}

// metricNameHeader: a header that names no column knee reads, or names the
// load as a transposed table's corner does; no statistic.
func metricNameHeader(h column) bool {
	return (h.kind == colIgnore || h.kind == colConcurrency || h.kind == colPerGPU) && h.stat == ""
}

// levelCols are the columns of cols whose headers name a level, and the
// others.
type levelCols struct {
	cols, others []int
	levels       []string
	// ratios are columns of ratios ("N=8/N=1" over "0.18×"): one level's
	// value over another's, derived from the level columns, not read.
	ratios []int
}

// levelColumns: two or more of cols name distinct levels, and the others
// hold labels (text); false else.
func levelColumns(g grid, cols []int) (levelCols, bool, bool) {
	var lc levelCols
	perGPU := false
	for _, i := range cols {
		if lv, pg, ok := levelHeaders([]string{g.header[i]}); ok {
			lc.cols, lc.levels = append(lc.cols, i), append(lc.levels, lv[0])
			perGPU = perGPU || pg
			continue
		}
		if ratioColumn(g, i) {
			lc.ratios = append(lc.ratios, i)
			continue
		}
		if !textColumn(g, i) {
			return lc, false, false // a number that is no level's
		}
		lc.others = append(lc.others, i)
	}
	if len(lc.levels) < 2 || distinctStrings(lc.levels) != len(lc.levels) {
		return lc, false, false
	}
	return lc, perGPU, true
}

// statOrLoneValue reads the value from the mean of a statistics family, else
// from the one numeric column whose header names nothing knee knows; every
// other column keys the run.
func statOrLoneValue(g grid, lay metricRowsLayout, rest []int) (metricRowsLayout, bool) {
	mean, lone := -1, []int{}
	for _, i := range rest {
		h := classify(g.header[i])
		switch {
		case h.kind == colIgnore && h.stat != "" && numberColumn(g, i):
			if h.stat == "mean" && mean < 0 {
				mean = i
			} else {
				lay.unread = append(lay.unread, i)
			}
		case h.kind == colIgnore && strings.TrimSpace(stripMarkup(g.header[i])) != "" && numberColumn(g, i):
			lone = append(lone, i)
			lay.keys = append(lay.keys, i)
		default:
			lay.keys = append(lay.keys, i)
		}
	}
	switch {
	case mean >= 0:
		lay.values = []int{mean}
	case len(lay.unread) == 0 && len(lone) == 1:
		lay.values = lone
		lay.keys = withoutCol(lay.keys, lone[0])
	default:
		return lay, false // no mean among the statistics, or no one value column
	}
	return lay, true
}

// pivotRuns makes one row per run (per run and level, for level columns);
// false when a run names one metric twice with two values.
func pivotRuns(g grid, lay metricRowsLayout) (grid, bool) {
	var metrics, runs []string
	at := map[string]int{}         // a metric's column among metrics
	cells := map[string][]string{} // a run's values, per value column and metric
	first := map[string]int{}      // a run's first row
	for r, row := range g.rows {
		run := strings.Join(pick(row, lay.keys), "\x00")
		if _, ok := first[run]; !ok {
			first[run] = r
			runs = append(runs, run)
		}
		m := stripMarkup(cellAt(row, lay.metric))
		if _, ok := at[strings.ToLower(m)]; !ok {
			at[strings.ToLower(m)] = len(metrics)
			metrics = append(metrics, m)
		}
		for j, v := range lay.values {
			key := fmt.Sprintf("%s\x00%d\x00%d", run, j, at[strings.ToLower(m)])
			if prev, ok := cells[key]; ok && prev[0] != cellAt(row, v) {
				return g, false
			}
			cells[key] = []string{cellAt(row, v)}
		}
	}
	head := pick(g.header, lay.keys)
	if len(lay.levels) > 0 {
		head = append(head, levelNameOf(lay.perGPU))
	}
	t := g.reshaped(append(head, metrics...)...)
	for _, run := range runs {
		for j := range lay.values {
			out := pick(g.rows[first[run]], lay.keys)
			if len(lay.levels) > 0 {
				out = append(out, lay.levels[j])
			}
			for k := range metrics {
				v := ""
				if c, ok := cells[fmt.Sprintf("%s\x00%d\x00%d", run, j, k)]; ok {
					v = c[0]
				}
				out = append(out, v)
			}
			t.rows = append(t.rows, out)
			t.lines = append(t.lines, g.lines[first[run]])
		}
	}
	return t, true
}

// numberColumn: column i holds numbers, no text, and is not all blank.
func numberColumn(g grid, i int) bool {
	for _, row := range g.rows {
		if !isBlank(cellAt(row, i)) {
			return !textColumn(g, i)
		}
	}
	return false
}

// columnWords names a column by its header, or as unnamed.
func columnWords(h string) string {
	if strings.TrimSpace(stripMarkup(h)) == "" {
		return "a column with no header"
	}
	return fmt.Sprintf("the column %q", h)
}

func levelNameOf(perGPU bool) string {
	if perGPU {
		return "per_gpu"
	}
	return "concurrency"
}

func firstCell(g grid, i int) string {
	return stripMarkup(cellAt(g.rows[0], i))
}

func withoutCol(list []int, v int) []int {
	out := make([]int, 0, len(list))
	for _, x := range list {
		if x != v {
			out = append(out, x)
		}
	}
	return out
}

package table

import "fmt"

// A table may be one row of values under a header of levels alone ("| c=1
// | c=4 | c=8 |" over "| 5.4 | 21.2 | 42.2 |"), its metric named by the
// heading or caption above ("## Concurrency sweep (aggregate tok/s)"). A
// column naming that metric is put before it, so that it reads as the
// transposed table it is: one row of one metric, a value per level.

// nameLevelsOnlyRow adds that column; false unless every header is a level
// (one at least naming its load: bare numbers may be years or sizes), the
// one row holds numbers only, and the title above names a metric.
func nameLevelsOnlyRow(g grid) (grid, string, bool) {
	if len(g.header) < 3 || len(g.rows) != 1 || !levelsOnly(g.header) {
		return g, "", false
	}
	for i := range g.header {
		if _, ok, err := parseCell(cleanCell(cellAt(g.rows[0], i))); err != nil || !ok {
			return g, "", false
		}
	}
	metric := headingMetric(g)
	if metric == "" {
		return g, "", false
	}
	t := g
	t.header = append([]string{""}, g.header...)
	t.rows = [][]string{append([]string{metric}, g.rows[0]...)}
	return t, fmt.Sprintf("%s:%d: the header names only levels and the row no metric: its values read as %q, which the title above names", g.file, g.headerLine, metric), true
}

// levelsOnly: every header is a level ("c=1", "conc 8", "16"), and one at
// least names its load.
func levelsOnly(header []string) bool {
	named := false
	for _, h := range header {
		m := levelHeader.FindStringSubmatch(levelHeaderText(h))
		if m == nil {
			return false
		}
		named = named || m[1] != ""
	}
	return named
}

package table

import "strings"

// A long table that names its metric on each row may lay its curves out as
// value columns: "| phase | metric | isolated | packed | change |", each of
// "isolated" and "packed" a configuration's value of the row's metric. Two
// or more numeric columns whose headers name no metric, statistic or load
// are then curves, as they are beside a load column: each is read as rows
// of its own, its header the series, and the long table pivots as one of a
// single value column. A column of ratios between them ("change",
// "Δ", "Optimization" holding "+2.38%") is derived from the curves, and is
// not read: a rate or a latency is never negative nor a percentage.

// meltMetricSeries is g with one row per row and curve (keys, "series",
// the metric name, "value") and the curves' headers; false when g is no
// long table of curves.
func meltMetricSeries(g grid) (grid, []string, bool) {
	metric, series, keys, ok := metricSeriesColumns(g)
	if !ok {
		return g, nil, false
	}
	t := g.reshaped(append(append(pick(g.header, keys), "series", g.header[metric]), "value")...)
	for r, row := range g.rows {
		for _, s := range series {
			out := append(pick(row, keys), strings.TrimSpace(stripMarkup(g.header[s])), cellAt(row, metric), cellAt(row, s))
			t.rows = append(t.rows, out)
			t.lines = append(t.lines, g.lines[r])
		}
	}
	return t, pick(g.header, series), true
}

// metricSeriesColumns splits g's columns: its one metric-name column, two
// or more curve columns, and the text and load columns that key a run;
// ratio columns are left out.
func metricSeriesColumns(g grid) (int, []int, []int, bool) {
	metric := -1
	for i := range g.header {
		if metricNameColumn(g, i) {
			if metric >= 0 {
				return 0, nil, nil, false
			}
			metric = i
		}
	}
	if metric < 0 {
		return 0, nil, nil, false
	}
	var series, keys []int
	for i := range g.header {
		switch curveRole(g, i, metric) {
		case roleCurve:
			series = append(series, i)
		case roleKey:
			keys = append(keys, i)
		case roleOther:
			return 0, nil, nil, false // a number that is no curve's
		}
	}
	return metric, series, keys, len(series) >= 2
}

const (
	roleSkip  = iota // the metric names, or a ratio between the curves
	roleCurve        // a curve's values
	roleKey          // a label or a load that keys the run
	roleOther        // a number that is no curve's
)

// curveRole is what column i of a long table of curves holds.
func curveRole(g grid, i, metric int) int {
	c := classify(g.header[i])
	rates := rowsOfRates(g, metric)
	switch {
	case i == metric || c.kind == colRatio || holdsNegative(rates, i) || holdsPercent(rates, i) || ratioColumn(g, i):
		return roleSkip
	case c.kind == colIgnore && c.stat == "" && namesSomething(g.header[i]) && numberColumn(g, i):
		return roleCurve
	case textColumn(g, i) || c.kind == colConcurrency || c.kind == colRequestedRate || c.kind == colRequestRate || c.kind == colPerGPU:
		return roleKey
	}
	return roleOther
}

// rowsOfRates is g without the rows whose metric is a ratio ("Acceptance
// Ratio", a cache's hit rate): a curve's column writes those as
// percentages, its rates and latencies never.
func rowsOfRates(g grid, metric int) grid {
	t := g
	t.rows = nil
	for _, row := range g.rows {
		if classify(stripMarkup(cellAt(row, metric))).kind != colRatio {
			t.rows = append(t.rows, row)
		}
	}
	return t
}

// holdsPercent: some cell of column i is a percentage ("+2.38%").
func holdsPercent(g grid, i int) bool {
	for _, row := range g.rows {
		if strings.HasSuffix(strings.TrimSpace(stripMarkup(cellAt(row, i))), "%") {
			return true
		}
	}
	return false
}

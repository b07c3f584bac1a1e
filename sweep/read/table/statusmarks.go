package table

import (
	"regexp"
	"strings"
)

// statusWords are the marks a check column writes in each row: a pass, a
// fail, a warning.
var statusWords = map[string]bool{
	"✅": true, "❌": true, "✔": true, "✔️": true, "✓": true, "✗": true, "✘": true, "❎": true, "☑": true, "☑️": true, "⚠": true, "⚠️": true,
	"pass": true, "passed": true, "fail": true, "failed": true, "ok": true, "warn": true,
}

// statusMarks leaves unread a column whose every cell is a pass or fail
// mark ("✅", "❌ FAIL"): a check on the row (an SLO met, a run's
// validation) measured beside the level, not a series that ran it. Two
// values of a check are no two curves of one table, and its marks are no
// level's name.
func (r *resolved) statusMarks(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if (c.kind != colIgnore || c.why != "") && c.kind != colSeriesLabel {
			continue
		}
		if statusColumn(g, i) {
			c.kind, c.why = colIgnore, "a pass or fail mark on each row, not a series"
		}
		if criterionColumn(g, i) {
			c.kind, c.why = colIgnore, "a bound each row is checked against (a threshold), not a series"
		}
	}
}

func statusColumn(g grid, i int) bool {
	marked := false
	for _, row := range g.rows {
		cell := strings.ToLower(stripMarkup(cellAt(row, i)))
		if isBlank(cell) {
			continue
		}
		for _, w := range strings.Fields(cell) {
			if !statusWords[w] {
				return false
			}
		}
		marked = true
	}
	return marked
}

// criterionCell holds a bound a value is checked against: a comparison
// and a number ("p99≤30000", "rps >= 0.3", "< 5 s"); an arrow ("1k -> 256",
// "a => b") is no comparison.
var criterionCell = regexp.MustCompile(`(?:^|[^\-=])(?:≤|≥|<=|>=|<|>|⩽|⩾)\s*\d`)

// criterionColumn: every filled cell of column i states a bound ("p99≤30000,
// rps≥0.3", "TTFT p95≤5000"): the thresholds of a check written beside
// its result. A bound that grows with the level is the check's, not a
// setting the run was given, so its values are no curves.
func criterionColumn(g grid, i int) bool {
	return everyFilledCell(g, i, stripMarkup, criterionCell.MatchString)
}

package table

import (
	"fmt"
	"strconv"
	"strings"
)

// A level's table may split one run's requests by their kind (llm-benchy's
// prompt categories: coding, math, qa, …) and end with the row for the
// whole run ("overall"). The categories are no configurations a perf
// engineer compares but parts of one measurement: its "overall" row is the
// level. The parts are known by a count column that the summary row sums
// (22 samples = 11 categories × 2), at every level; without such a count
// the rows are arms (engines, strategies) and all of them are kept.

// wholeRunSummaries keeps, in each table of a run of level tables, only
// the row that sums up the others when a count column says that row is
// their whole; the note says so. The run is returned as it is otherwise.
func wholeRunSummaries(run []grid) ([]grid, string) {
	if len(run) == 0 {
		return run, ""
	}
	count := -1
	for c := 1; c < len(run[0].header) && count < 0; c++ {
		// A count, not a rate: the node's tok/s is its arms' sum too.
		if k := classify(run[0].header[c]); k.key() != "" && k.kind != colRequests {
			continue
		}
		if everyLevelSums(run, c) {
			count = c
		}
	}
	if count < 0 {
		return run, ""
	}
	out := make([]grid, len(run))
	for i, t := range run {
		s := summaryRowIndex(t)
		t.rows, t.lines = [][]string{t.rows[s]}, []int{t.lines[s]}
		out[i] = t
	}
	first := run[0]
	return out, fmt.Sprintf("%s:%d: each level's %q row counts the %q of its other rows (%s): one run's parts, read as that row",
		first.file, first.headerLine, cleanCell(cellAt(first.rows[summaryRowIndex(first)], 0)), first.header[count], partNames(first))
}

// everyLevelSums: in every table the one summary row's whole count in
// column c is the sum of the other rows' (two at least).
func everyLevelSums(run []grid, c int) bool {
	for _, t := range run {
		s := summaryRowIndex(t)
		if s < 0 || len(t.rows) < 3 || len(t.lines) != len(t.rows) {
			return false
		}
		sum, whole := 0, 0
		for r, row := range t.rows {
			n, err := strconv.Atoi(strings.TrimSpace(cellAt(row, c)))
			if err != nil || n <= 0 {
				return false
			}
			if r == s {
				whole = n
			} else {
				sum += n
			}
		}
		if whole != sum {
			return false
		}
	}
	return true
}

// summaryRowIndex is the one row whose first cell names a summary, -1 for
// none or several.
func summaryRowIndex(t grid) int {
	at := -1
	for r, row := range t.rows {
		if summaryCell(cellAt(row, 0)) {
			if at >= 0 {
				return -1
			}
			at = r
		}
	}
	return at
}

// partNames lists the first few parts a summary row sums up.
func partNames(t grid) string {
	var names []string
	for _, row := range t.rows {
		if c := cleanCell(cellAt(row, 0)); !summaryCell(c) && len(names) < 3 {
			names = append(names, strconv.Quote(c))
		}
	}
	if len(t.rows)-1 > len(names) {
		names = append(names, "…")
	}
	return strings.Join(names, ", ")
}

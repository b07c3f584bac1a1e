package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A column whose header names k statistics ("TTFT 中位 / 最大", median /
// max) is not always written with k values in every cell. Two shapes
// recur in hand-kept tables, and neither is a reason to refuse the column:
//
//   - A cell holding one value where others hold k: the author wrote the
//     second statistic only where it differed enough to matter (at one
//     stream the median of one request is its max). The lone value is the
//     first statistic's either way, by the order the header names them;
//     the others are left blank rather than guessed equal.
//   - One statistic written as a range of runs ("0.93-1.1s / 1.1s"): the
//     range is no one measurement, so that statistic is left blank for the
//     row, as a range is never read as a point, while the row's other
//     values still count.
//   - A bound (">120 s") where the others hold values: the level's requests
//     ran into a timeout, and the bound holds for every statistic; a later
//     pass reads the row as a level that did not complete.

// statPart is one value of a packed statistics cell: a number with an
// optional short unit, or a range of two ("0.93-1.1s").
const statPart = `[\d.,]+ ?[\pLµ]{0,3}(?:\s*[-–~]\s*[\d.,]+ ?[\pLµ]{0,3})?`

var (
	statCell = regexp.MustCompile(`^\s*` + statPart + `(\s*/\s*` + statPart + `)*\s*$`)
	// boundCell is a bound, not a value (">120 s": every request ran into
	// the client's timeout): it bounds each statistic the header names.
	boundCell = regexp.MustCompile(`^\s*[<>]=?\s*` + statPart + `\s*$`)
	rangePart = regexp.MustCompile(`^[\d.,]+ ?[\pLµ]{0,3}\s*[-–~]\s*[\d.,]+ ?[\pLµ]{0,3}$`)
)

// statCellsHold: every filled cell of column i holds k statistics or one,
// and at least one holds k (else the header's pair is not what the cells
// pack, and nothing is split).
func statCellsHold(g *grid, i, k int) bool {
	full := false
	ok := everyFilledCell(*g, i, cleanCell, func(c string) bool {
		// "engine died during warm-up": the level did not run, no
		// statistics to split (its text stays under the first).
		if boundCell.MatchString(c) || failedCell(c) {
			return true
		}
		if !statCell.MatchString(c) {
			return false
		}
		n := len(strings.Split(c, "/"))
		full = full || n == k
		return n == k || n == 1
	})
	return ok && full
}

// splitStatCell splits one cell of a statistics column into k values: a
// lone value is the first statistic's, a range is left blank. The second
// result says which of the two happened, for the note ("" when neither).
func splitStatCell(c string, k int) ([]string, string) {
	n := len(strings.Split(c, "/"))
	what := ""
	var vals []string
	if boundCell.MatchString(c) {
		vals = make([]string, k)
		for j := range vals {
			vals[j] = strings.TrimSpace(c)
		}
		return vals, ""
	}
	if n == 1 && !isBlank(c) {
		vals = make([]string, k)
		vals[0] = strings.TrimSpace(c)
		what = "one value"
	} else {
		vals = splitTuple(c, k)
	}
	for j, v := range vals {
		if rangePart.MatchString(v) {
			vals[j] = ""
			what = "a range"
		}
	}
	return vals, what
}

// statCellNote says how a cell that did not hold k plain values was read.
func statCellNote(g *grid, r int, cell, what, first string) string {
	if what == "one value" {
		return fmt.Sprintf("%s:%d: %q holds one value: read as the %s only", g.file, g.lines[r], cell, first)
	}
	return fmt.Sprintf("%s:%d: %q holds a range of values for a statistic: that statistic left unread", g.file, g.lines[r], cell)
}

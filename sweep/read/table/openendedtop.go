package table

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A sweep's last row sometimes stands for every level past the last one
// measured ("512+", its cells "~19,700" and "(saturated)"): a summary of
// what lies above, not a level that was set. A perf engineer reads the
// levels that were set and says the last row was left out. Only the top
// row of its curve, with three set levels below it, and only where it holds
// no TTFT (a latency there may be the knee's evidence: refused by parseCell
// as before).

// openEndedLevel is a level written as its floor and a plus: "512+".
var openEndedLevel = regexp.MustCompile(`^(\d[\d,]*(?:\.\d+)?)\s*\+$`)

// dropOpenEndedTop sets aside, by the rule above, each curve's open-ended
// top row; the notes say which.
func dropOpenEndedTop(g *grid, cols []column) []string {
	load := loadColumn(cols)
	if load < 0 || len(g.lines) != len(g.rows) {
		return nil
	}
	var notes []string
	skip := map[int]bool{}
	for r, row := range g.rows {
		m := openEndedLevel.FindStringSubmatch(cleanCell(cellAt(row, load)))
		if m == nil || rowHoldsTTFT(cols, row) {
			continue
		}
		floor, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
		if err != nil || !topOfCurve(g, cols, load, r, floor) {
			continue
		}
		skip[r] = true
		notes = append(notes, fmt.Sprintf("%s:%d: the row at %q is open-ended (%s or more), a summary of the levels past the last one set: left out, the curve read from the levels set", g.file, g.lines[r], cleanCell(cellAt(row, load)), m[1]))
	}
	if len(skip) == 0 {
		return nil
	}
	leaveOutRows(g, skip)
	return notes
}

// topOfCurve: row r's floor is at or above every set level of its curve,
// of which there are three at least.
func topOfCurve(g *grid, cols []column, load, r int, floor float64) bool {
	curve, set := curveKey(cols, g.rows[r]), 0
	for o, row := range g.rows {
		if o == r || curveKey(cols, row) != curve {
			continue
		}
		v, ok := loadValue(row, load)
		if !ok || v > floor {
			return false
		}
		set++
	}
	return set >= 3
}

// rowHoldsTTFT: a TTFT cell of the row is filled.
func rowHoldsTTFT(cols []column, row []string) bool {
	for i, c := range cols {
		if c.kind == colLatency && c.metric == "ttft" && !isBlank(cleanCell(cellAt(row, i))) {
			return true
		}
	}
	return false
}

package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A report of many checks ("lanes": accuracy, latency, concurrency …)
// gives its load sweep in one cell of the row that names it: "c1 112.3 /
// c2 164.1 / c4 237.9 / c6 305.4 agg tok/s (8192-out)", or "C1/C2/C4/C6:
// 99.470 / 151.647 / 217.046 / 252.004 output tok/s". The table around it
// is no sweep (no load column, no column of rates); the cell is one, and
// a perf engineer reads it as the table it stands for.

// cellRateTail is a cell's list, then the words naming the rate and its
// unit, then anything in brackets after it.
// tokenRateUnits are the ways a cell writes a token rate's unit, as a
// regexp alternation (cell sweeps here, a rate opening a cell in
// rowratelevels.go).
const tokenRateUnits = `tok/s|tokens/s|token/s|t/s|tokens/sec|tok/sec`

// The unit may be followed by the word saying the rate is the node's
// ("C8=379 / C16=497 / C32=404 tok/s aggregate").
var cellRateTail = regexp.MustCompile(`(?i)^(.*?)\s+((?:[a-z]+\s+){0,2}(?:` + tokenRateUnits + `)(?:\s+(?:aggregate|agg|total|combined))?)\s*(?:\(.*\))?\s*$`)

// levelsThenValues is "C1/C2/C4/C6: 99.4 / 151.6 / 217.0": the levels,
// each with its load's letter, then the values in the same order.
var levelsThenValues = regexp.MustCompile(`^([^:：]+)[:：]\s*(.+)$`)

// minCellLevels is the fewest levels a cell's list must give to be read
// as a sweep, as a table needs.
const minCellLevels = 3

// sweepInCell turns g into the sweep its one such cell holds, when g has
// no load column; the note names the row and what was read.
func sweepInCell(g *grid) []string {
	if loadColumn(classifyAll(g.header)) >= 0 {
		return nil
	}
	found, at, line := [][]string(nil), "", 0
	for r, row := range g.rows {
		for _, cell := range row {
			pts, ok := cellSweep(cleanCell(cell))
			if !ok {
				continue
			}
			if found != nil {
				return nil // two sweeps: which is the table's is a choice
			}
			found, at, line = pts, cellAt(row, 0), lineOf(g, r)
		}
	}
	if found == nil {
		return nil
	}
	name := found[0][1]
	t := g.reshaped("concurrency", name)
	for _, p := range found[1:] {
		t.rows = append(t.rows, p)
		t.lines = append(t.lines, line)
	}
	t.headerLine = line
	*g = t
	return []string{fmt.Sprintf("%s:%d: the row %q gives the sweep in one cell: read as concurrency and %q", g.file, line, at, name)}
}

// cellSweep reads a cell holding a sweep: the first row names the rate
// (["", "agg tok/s"]), each next is a level and its value.
func cellSweep(cell string) ([][]string, bool) {
	cell = strings.ReplaceAll(cell, "*", "")
	if u := unitBeforeLastLevel.FindStringSubmatch(cell); u != nil {
		// "… · 157.0 tok/s (x16), per-stream 12.3 at x16": the last
		// item's level after the unit, a remark after it.
		cell = u[1] + " (" + u[3] + ") " + u[2]
	}
	m := cellRateTail.FindStringSubmatch(cell)
	if m == nil {
		return nil, false
	}
	name := strings.TrimSpace(m[2])
	if c := classify(name); c.kind != colThroughput {
		return nil, false // prompt tokens, a per-user rate: not the node's output
	}
	levels, values, ok := pairedItems(m[1])
	if !ok {
		levels, values, ok = listedThenValues(m[1])
	}
	if !ok {
		levels, values, ok = valuesThenLevels(m[1])
	}
	if !ok || len(levels) < minCellLevels {
		return nil, false
	}
	out := [][]string{{"", name}}
	for i := range levels {
		out = append(out, []string{levels[i], values[i]})
	}
	return out, true
}

// pairedItems reads "c1 112.3 / c2 164.1 / c4 237.9" or "C8=379 / C16=497
// peak / C32=404": each item a level with its load's letter, then its
// value, perhaps a word remarking on it.
func pairedItems(list string) (levels, values []string, ok bool) {
	for _, item := range strings.Split(list, "/") {
		m := levelValueItem.FindStringSubmatch(strings.TrimSpace(item))
		if m == nil {
			return nil, nil, false
		}
		levels, values = append(levels, strings.ReplaceAll(m[1], ",", "")), append(values, m[2])
	}
	return levels, values, true
}

// levelValueItem is one item of such a list: the level with its letter,
// the value after a space, "=" or ":", and a word of remark.
var levelValueItem = regexp.MustCompile(`^(?i)(?:p|c|n|b|bsz|bs|batch|np|x|×|conc|users?)\s*[=:-]?\s*(\d[\d,]*)(?:\s*[=:]\s*|\s+)(` + curveNumber + `)(?:\s+\pL+)?$`)

// unitBeforeLastLevel is a list of values each followed by its level in
// brackets, whose last value writes the unit before its level ("46.0 (x2)
// · 97.0 (x8) · 157.0 tok/s (x16)"), a remark after it.
var unitBeforeLastLevel = regexp.MustCompile(`(?i)^(.*\d)\s*(` + tokenRateUnits + `)\s*\(\s*([x×]\s*\d+)\s*\)\s*(?:,.*)?$`)

// valueLevelItem is "46.0 (x2)": a value, then its level in brackets,
// written with a multiple's sign or the load's letter.
var valueLevelItem = regexp.MustCompile(`^(?i)(` + curveNumber + `)\s*\(\s*(?:[x×]|c|n)\s*(\d+)\s*\)$`)

// valuesThenLevels reads "46.0 (x2) · 53.3 (x4) · 97.0 (x8)", the items
// apart by a middle dot or a slash.
func valuesThenLevels(list string) (levels, values []string, ok bool) {
	for _, item := range strings.FieldsFunc(list, func(r rune) bool { return r == '·' || r == '/' }) {
		m := valueLevelItem.FindStringSubmatch(strings.TrimSpace(item))
		if m == nil {
			return nil, nil, false
		}
		levels, values = append(levels, m[2]), append(values, m[1])
	}
	return levels, values, true
}

// listedThenValues reads "C1/C2/C4: 99.4 / 151.6 / 217.0".
func listedThenValues(list string) (levels, values []string, ok bool) {
	m := levelsThenValues.FindStringSubmatch(strings.TrimSpace(list))
	if m == nil {
		return nil, nil, false
	}
	ls, vs := strings.Split(m[1], "/"), strings.Split(m[2], "/")
	if len(ls) != len(vs) {
		return nil, nil, false
	}
	for i := range ls {
		lm := prefixedLoad.FindStringSubmatch(strings.TrimSpace(ls[i]))
		v := strings.TrimSpace(vs[i])
		if lm == nil || !bareFigure.MatchString(v) {
			return nil, nil, false
		}
		levels, values = append(levels, strings.ReplaceAll(lm[1], ",", "")), append(values, v)
	}
	return levels, values, true
}

// bareFigure is a number alone ("112.3", "2,113.3"), written as a curve's
// numbers are (inlinecurves.go).
var bareFigure = regexp.MustCompile(`^(?:` + curveNumber + `)$`)

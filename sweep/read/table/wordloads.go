package table

import (
	"fmt"
	"strings"
)

// wordLoads: a column that the header's words make a load ("Parallelism",
// "Mode") but whose every cell is a word ("TP", "TP&EP", written once per
// group and blank below) is a label, never a load: no level of a sweep is
// a word. It is read as a series label, whose blanks the series pass fills
// down from the group's first row.
//
// Only beside another load column whose numbers vary: a lone column of
// words may still be a profile's level ("inf", an unbounded rate).
func (r *resolved) wordLoads(g grid) {
	varying := false
	for i, c := range r.cols {
		varying = varying || loadCandidate(c) && distinctNumbers(g, i) >= 2
	}
	for i := range r.cols {
		c := &r.cols[i]
		if !varying || !loadCandidate(*c) {
			continue
		}
		switch {
		case wordsOnly(g, i):
			c.kind, c.flavor = colSeriesLabel, ""
			c.why = "its cells are words: a label, not a load"
			r.notes = append(r.notes, fmt.Sprintf("%s: %q is not read as the load: its cells are words (%q), a label of the rows", g.file, c.header, firstFilled(g, i)))
		case namedSetting(g, i):
			// "TP" above 2, 4, 8: the word names the setting the numbers
			// below give (a parallelism degree), which no load is.
			c.kind, c.flavor = colWorkload, ""
			c.why = fmt.Sprintf("%q above its numbers: a setting, not a load", firstFilled(g, i))
			r.notes = append(r.notes, fmt.Sprintf("%s: %q is not read as the load: its first row names it (%q), a setting of the rows", g.file, c.header, firstFilled(g, i)))
		}
	}
}

// namedSetting: column i's first filled cell is a word and every other
// filled cell a number, two at least.
func namedSetting(g grid, i int) bool {
	n, first := 0, true
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		switch {
		case isBlank(c):
		case first:
			if strings.ContainsAny(c, "0123456789") || unlimitedCap(c) {
				return false
			}
			first = false
		default:
			if _, ok, err := parseCell(c); !ok || err != nil {
				return false
			}
			n++
		}
	}
	return n >= 2
}

// wordsOnly: column i has a non-blank cell and none of them is a number.
func wordsOnly(g grid, i int) bool {
	n := 0
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		if strings.ContainsAny(c, "0123456789") {
			return false // a number with a word around it ("c=8") is judged elsewhere
		}
		n++
	}
	return n > 0
}

func firstFilled(g grid, i int) string {
	for _, row := range g.rows {
		if c := cleanCell(cellAt(row, i)); !isBlank(c) {
			return c
		}
	}
	return ""
}

// unlimitedCap: the cell says a cap was left unset ("Unlimited" above 32,
// 64, 128 under "Max Concurrency"): the run with no client cap, a row of
// the sweep, not the name of a setting.
func unlimitedCap(cell string) bool {
	switch strings.ToLower(strings.Trim(cleanCell(cell), "*_ ")) {
	case "unlimited", "unbounded", "uncapped", "no limit", "no cap", "none", "off",
		"无限制", "不限", "無制限", "제한 없음", "無限", "без ограничений", "unbegrenzt", "illimité", "ilimitado", "sin límite":
		return true
	}
	return false
}

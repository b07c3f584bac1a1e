package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A long table pasted from a report repeats its header part-way down (a
// page break, a new group) or draws a rule of dashes between groups
// (| --- | --- |): neither is a level. Both are dropped before the columns
// are read, as blank rows are, so that the header's words or a rule are
// never read as a value or as a series label.
func dropRepeatRows(g *grid) []string {
	var rows [][]string
	var lines []int
	headers, rules := 0, 0
	for r, row := range g.rows {
		switch {
		case repeatsHeader(row, g.header):
			headers++
			continue
		case ruleRow(row):
			rules++
			continue
		}
		rows = append(rows, row)
		if r < len(g.lines) {
			lines = append(lines, g.lines[r])
		}
	}
	if headers+rules == 0 || len(rows) == 0 {
		return nil
	}
	g.rows, g.lines = rows, lines
	return []string{fmt.Sprintf("%s: %d rows repeating the header and %d rules of dashes read as breaks in the table, not as levels", g.file, headers, rules)}
}

// repeatsHeader: every cell of row is its header's, and at least two are
// not blank.
func repeatsHeader(row, header []string) bool {
	if len(row) != len(header) {
		return false
	}
	named := 0
	for i, c := range row {
		cell, head := cleanCell(c), cleanCell(header[i])
		if !strings.EqualFold(cell, head) {
			return false
		}
		if !isBlank(cell) {
			named++
		}
	}
	return named >= 2
}

var ruleCell = regexp.MustCompile(`^:?[-=─━]{3,}:?$`)

// ruleRow: every cell is a rule of dashes or blank, and one at least a
// rule.
func ruleRow(row []string) bool {
	rule := false
	for _, c := range row {
		c = strings.TrimSpace(c)
		switch {
		case ruleCell.MatchString(c):
			rule = true
		case !isBlank(cleanCell(c)):
			return false
		}
	}
	return rule
}

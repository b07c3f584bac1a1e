package table

import (
	"fmt"
	"math"
	"regexp"
	"strings"
)

// Many locales (French, Russian, Chinese typesetting, SI style) write
// thousands with a space, "2 022" or "1 234,5", and then a comma is the
// decimal mark. A column is read that way only when all its cells agree:
// some are grouped by spaces, every other is a number under a thousand
// (written whole it would need a group), and no comma could be a thousands
// separator instead ("12,345"). A column that mixes "2 022" with "1234" is
// left as written and refused naming the cell.

// spaceGrouped is a number grouped by spaces, with an optional decimal
// part (point or comma), an approximation mark before it and a unit after.
var spaceGrouped = regexp.MustCompile(`^([~≈]?\s*[+-]?)(\d{1,3}(?: \d{3})+)([.,]\d+)?(\s*[^\d\s.,].*)?$`)

// commaThousands is a comma followed by exactly three digits: a thousands
// separator in English, so not surely a decimal mark.
var commaThousands = regexp.MustCompile(`\d,\d{3}(\D|$)`)

// joinSpaceGroups rewrites every column that groups thousands by spaces into
// plain numbers; the notes name the columns.
func joinSpaceGroups(g *grid) []string {
	var notes []string
	for i := range g.header {
		if !spaceGroupedColumn(*g, i) {
			continue
		}
		example := ""
		for _, row := range g.rows {
			if i >= len(row) {
				continue
			}
			c := cleanCell(row[i])
			if m := spaceGrouped.FindStringSubmatch(c); m != nil && example == "" {
				example = c
			}
			row[i] = joinGroups(c)
		}
		notes = append(notes, fmt.Sprintf("%s: %q writes thousands with a space (%q): read as %s", g.file, g.header[i], example, joinGroups(example)))
	}
	return notes
}

// spaceGroupedColumn: column i holds a space-grouped number and every other
// cell agrees with that reading.
func spaceGroupedColumn(g grid, i int) bool {
	grouped := false
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		switch {
		case isBlank(c):
		case commaThousands.MatchString(c):
			return false
		case spaceGrouped.MatchString(c):
			grouped = true
		case !underAThousand(c):
			return false
		}
	}
	return grouped
}

// underAThousand: c is a number (a comma as its decimal mark allowed) whose
// whole part needs no group.
func underAThousand(c string) bool {
	cv, ok, err := parseCell(strings.Replace(c, ",", ".", 1))
	return ok && err == nil && math.Abs(cv.v) < 1000
}

// joinGroups writes a space-grouped cell as a plain number, its comma
// decimal as a point; any other cell only has its comma decimal turned.
func joinGroups(c string) string {
	m := spaceGrouped.FindStringSubmatch(c)
	if m == nil {
		return strings.Replace(c, ",", ".", 1)
	}
	return m[1] + strings.ReplaceAll(m[2], " ", "") + strings.Replace(m[3], ",", ".", 1) + m[4]
}

package table

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Portuguese, Spanish, German, Italian and Turkish group thousands with a
// dot: "1.149 tok/s" is eleven hundred tokens a second. A table may mix
// that with decimal points elsewhere ("0.15 pares/seg"), so the table-wide
// reading (decimalcomma.go) settles nothing for it. A column settles it by
// its own numbers: where its other numbers are whole and in the hundreds
// (252, 749) and a cell writes one to three digits, a dot and three digits
// ("1.149"), reading the dot as a decimal point would have the quantity
// fall two or three orders of magnitude between neighbours written to
// different precision, which no measured column does; read as a grouping
// dot, the cell continues the column.

// dotGroups is a number whose dots group thousands, if any do: "1.149".
var dotGroups = regexp.MustCompile(`^\d{1,3}(?:\.\d{3})+$`)

// wholeNumber is a number written with no mark at all.
var wholeNumber = regexp.MustCompile(`^\d+$`)

// readThousandsDots rewrites the cells of each column that group thousands
// with a dot among whole numbers, with a note naming one.
func readThousandsDots(g *grid) []string {
	var notes []string
	for i := range g.header {
		dotted, ok := thousandsDotColumn(*g, i)
		if !ok {
			continue
		}
		example := ""
		for _, r := range dotted {
			cell := g.rows[r][i]
			if example == "" {
				example = strings.TrimSpace(stripMarkup(cell))
			}
			g.rows[r] = append([]string(nil), g.rows[r]...)
			g.rows[r][i] = numberRun.ReplaceAllStringFunc(cell, func(run string) string {
				if dotGroups.MatchString(run) {
					return strings.ReplaceAll(run, ".", "")
				}
				return run
			})
		}
		notes = append(notes, fmt.Sprintf("%s: %q writes %q among whole numbers in the hundreds: its dot groups thousands", g.file, g.header[i], example))
	}
	return notes
}

// thousandsDotColumn finds the rows of column i whose cell groups
// thousands with a dot; ok when the column's other numbers are all whole,
// the largest at least 100, and each dotted cell read as a decimal would
// sit under a tenth of the smallest of them.
func thousandsDotColumn(g grid, i int) ([]int, bool) {
	var dotted []int
	smallest, largest := -1.0, 0.0
	for r, row := range g.rows {
		runs := numberRun.FindAllString(stripMarkup(cellAt(row, i)), -1)
		if len(runs) != 1 {
			if len(runs) > 1 {
				return nil, false
			}
			continue
		}
		run := runs[0]
		switch {
		case dotGroups.MatchString(run):
			dotted = append(dotted, r)
		case wholeNumber.MatchString(run):
			v, _ := strconv.ParseFloat(run, 64)
			if smallest < 0 || v < smallest {
				smallest = v
			}
			largest = max(largest, v)
		default:
			return nil, false
		}
	}
	if len(dotted) == 0 || largest < 100 {
		return nil, false
	}
	for _, r := range dotted {
		run := numberRun.FindString(stripMarkup(cellAt(g.rows[r], i)))
		v, _ := strconv.ParseFloat(run, 64)
		if v >= smallest/10 {
			return nil, false
		}
	}
	return dotted, true
}

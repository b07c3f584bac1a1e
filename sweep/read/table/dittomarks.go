package table

import (
	"fmt"
	"strings"
)

// A ditto mark (″, ", 〃, '') in a cell means "as the row above": a label
// or a setting written once and repeated by the mark below (a GPU count,
// an engine). Every such cell takes the value of the cell above it, in any
// column; a mark in the first row has nothing above and is left to be
// refused.

var dittoMarks = []string{"″", `"`, "〃", "''", "”", "“", "ditto", "do."}

func isDitto(cell string) bool {
	c := strings.ToLower(strings.TrimSpace(stripMarkup(cell)))
	for _, m := range dittoMarks {
		if c == m {
			return true
		}
	}
	return false
}

// fillDittoMarks replaces each ditto mark by the cell above; the note
// names the columns.
func fillDittoMarks(g *grid) []string {
	var filled []string
	for i := range g.header {
		n := 0
		for r := 1; r < len(g.rows); r++ {
			row, above := g.rows[r], g.rows[r-1]
			if i < len(row) && i < len(above) && isDitto(row[i]) && !isDitto(above[i]) {
				row[i] = above[i]
				n++
			}
		}
		if n > 0 {
			filled = append(filled, fmt.Sprintf("%q", g.header[i]))
		}
	}
	if len(filled) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s: ditto marks (″) in %s read as the value above", g.file, strings.Join(filled, ", "))}
}

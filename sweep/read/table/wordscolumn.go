package table

import "strings"

// wordsColumn: every non-blank cell of column i is a word, no number and
// no time: a name ("llamacpp"), whatever its header says.
func wordsColumn(g grid, i int) bool {
	n := 0
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		if _, ok, err := parseCell(c); ok && err == nil || strings.ContainsAny(c, "0123456789") {
			return false
		}
		n++
	}
	return n > 0
}

package table

import (
	"fmt"
	"regexp"
	"strings"
)

// ratioCell is a ratio or a relative change written as one: "×1.80",
// "8.99x", "+27 %", "-3%". It compares two readings (a scaling from the
// lowest level to the highest, one engine's advantage over another), so a
// column of them is neither a level nor a value measured at one.
var ratioCell = regexp.MustCompile(`^(?:[×xX]\s*\d+(?:\.\d+)?|\d+(?:\.\d+)?\s*[×xX]|[+\-−]?\d+(?:\.\d+)?\s*%)$`)

// ratioColumn: every filled cell of column i is a ratio, and one is.
func ratioColumn(g grid, i int) bool {
	n := 0
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		if !ratioCell.MatchString(strings.ReplaceAll(c, " ", "")) {
			return false
		}
		n++
	}
	return n > 0
}

// ratioNote says which columns of ratios a wide table set aside.
func ratioNote(g grid, ratios []int) string {
	var names []string
	for _, i := range ratios {
		names = append(names, fmt.Sprintf("%q", g.header[i]))
	}
	return fmt.Sprintf("%s: %s holds ratios, not a level nor a value at one: not read", g.file, strings.Join(names, ", "))
}

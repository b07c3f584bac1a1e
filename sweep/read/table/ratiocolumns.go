package table

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// ratioCell is a ratio or a relative change written as one: "×1.80",
// "8.99x", "+27 %", "-3%", or with the comparison it states ("2.0x
// faster", "3.4x lower"). It compares two readings (a scaling from the
// lowest level to the highest, one engine's advantage over another), so a
// column of them is neither a level nor a value measured at one.
var ratioCell = regexp.MustCompile(`^(?:[×xX]\s*\d+(?:\.\d+)?|\d+(?:\.\d+)?\s*[×xX]|[+\-−]?\d+(?:\.\d+)?\s*%)(?i:\s*(?:faster|slower|lower|higher|more|less|better|worse|fewer|greater|smaller|larger))?$`)

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

// maxLevelRatioGap is how far a printed ratio may sit from the one its
// row's level cells give (printed values are rounded).
const maxLevelRatioGap = 0.015

// levelRatioColumn: on every row, column i is one level cell divided by
// another ("scaling4" = S4 ÷ S1, 2.349), or that ratio divided by the
// levels' ratio ("efficiency4" = S4 ÷ (4 · S1), 0.587): written as plain
// numbers, it is a ratio all the same, derived from the row, no value
// measured at a level.
func levelRatioColumn(g grid, levels []int, i int) bool {
	for _, a := range levels {
		for _, b := range levels {
			if a == b {
				continue
			}
			la, lb := headerLevel(g.header[a]), headerLevel(g.header[b])
			if levelRatioHolds(g, a, b, i, 1) || la > 0 && lb > 0 && levelRatioHolds(g, a, b, i, la/lb) {
				return true
			}
		}
	}
	return false
}

// levelRatioHolds: on every row (one at least) cell i ≈ cell a ÷ (k · cell b).
func levelRatioHolds(g grid, a, b, i int, k float64) bool {
	vals, unread := cellTriples(g, a, b, i)
	if unread > 0 {
		return false
	}
	for _, x := range vals {
		if math.Abs(x[2]/(x[0]/(k*x[1]))-1) > maxLevelRatioGap {
			return false
		}
	}
	return len(vals) > 0
}

// headerLevel is the number a level header holds ("S4" → 4); 0 when none.
func headerLevel(h string) float64 {
	m := headingNumber.FindString(h)
	v, err := strconv.ParseFloat(strings.ReplaceAll(m, ",", ""), 64)
	if err != nil {
		return 0
	}
	return v
}

package table

import "strings"

// A table of two curves whose loads never repeat (1, 4, 16 beside 2, 8,
// 32) still shows them apart: the load climbs through the rows of one
// label and falls back where the label changes. Read as one sweep, the
// rows would zigzag; a perf engineer reads a curve per label.

// restartsLoad: column i is text, every value of which holds one block of
// consecutive rows, two blocks at least, the load rising inside each and
// falling back at every change of value.
func restartsLoad(g grid, i, load int) bool {
	if load < 0 || !textColumn(g, i) || !everyValueRecurs(g, i) {
		return false
	}
	seen := map[string]bool{}
	prevLabel, prevLoad := "", 0.0
	for r, row := range g.rows {
		label := strings.ToLower(cellAt(row, i))
		lv, ok := loadValue(row, load)
		if !ok || isBlank(label) {
			return false
		}
		switch {
		case r == 0:
		case label == prevLabel && lv <= prevLoad:
			return false // no climb inside a block
		case label != prevLabel && (seen[label] || lv >= prevLoad):
			return false // a label back again, or the load not falling back
		}
		seen[label] = true
		prevLabel, prevLoad = label, lv
	}
	return true
}

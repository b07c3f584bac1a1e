package table

import (
	"fmt"
	"regexp"
)

// A level of a sweep is one number per row. A column whose every filled
// cell lists several numbers ("26, 27, 24, 20, 27": one per turn, per
// client, per run; "187 … 797") holds a sequence measured within the row,
// whatever its header's words say ("every client"), so beside a load
// column whose numbers vary it is no load and is left unread. A thousands
// group ("1,024") has no space after its comma and is one number.

// listSeparator splits a cell into the values it lists: a comma followed
// by a space, or an ellipsis.
var listSeparator = regexp.MustCompile(`,\s+|\s*(?:…|\.\.\.)\s*`)

// listLoads leaves unread the load candidates whose cells are lists,
// when another load candidate's numbers vary.
func (r *resolved) listLoads(g grid) {
	varying := false
	for i, c := range r.cols {
		varying = varying || loadCandidate(c) && distinctNumbers(g, i) >= 2
	}
	if !varying {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if !loadCandidate(*c) || !listsOnly(g, i) {
			continue
		}
		c.kind, c.flavor = colIgnore, ""
		c.why = "its cells list several values: no level of a sweep"
		r.notes = append(r.notes, fmt.Sprintf("%s: %q is not read as the load: its cells list several values (%q), and a level is one number", g.file, c.header, firstFilled(g, i)))
	}
}

// listsOnly: column i has a filled cell and every filled cell lists two
// numbers or more.
func listsOnly(g grid, i int) bool {
	n := 0
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		if !listCell(c) {
			return false
		}
		n++
	}
	return n > 0
}

// listCell: c is two numbers or more split by list separators.
func listCell(c string) bool {
	parts := listSeparator.Split(c, -1)
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if _, ok, err := parseCell(p); !ok || err != nil {
			return false
		}
	}
	return true
}

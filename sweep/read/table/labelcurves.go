package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A label may name a row's level and its curve at once: "Sync Free-form",
// "5 RPS Structured", "20 RPS Free-form" beside a measured "Concurrency"
// column. The level is read where the table writes it (the load column);
// what is left of each label once its level marker is taken out is the
// curve, when those remainders repeat down the table (two curves or more,
// each over two rows or more). Left whole, every label is its own and the
// rows of both curves read as one, their levels interleaved.

// syncLead is a profile word that names one request at a time at a
// label's start ("Sync Free-form", guidellm's synchronous profile).
var syncLead = regexp.MustCompile(`(?i)^(?:sync|synchronous)\b[\s:,-]*`)

// curvesInLevelLabels reads the curve a label column names beside the
// level it also names; the note says so.
func curvesInLevelLabels(g *grid) []string {
	cols := classifyAll(g.header)
	load := loadColumn(cols)
	if load < 0 || textColumn(*g, load) {
		return nil
	}
	if otherCurveLabels(*g, cols, load) {
		return nil // the table names its curves in columns of their own
	}
	for i, c := range cols {
		if i == load || !textColumn(*g, i) || c.key() != "" && !labelKind(c.kind) {
			continue
		}
		rests, ok := labelRemainders(*g, i)
		if !ok || !repeatedCurves(rests) {
			continue
		}
		first := strings.TrimSpace(stripMarkup(cellAt(g.rows[0], i)))
		for r := range g.rows {
			g.rows[r][i] = rests[r]
		}
		return []string{fmt.Sprintf("%s: the labels of %q name each row's level and its curve (%q): the level read from %q, the curve from what the label says besides (%q)", g.file, g.header[i], first, g.header[load], rests[0])}
	}
	return nil
}

// labelRemainders is each label of column i without its level marker;
// false when a label holds no marker, or nothing besides it.
func labelRemainders(g grid, i int) ([]string, bool) {
	rests := make([]string, len(g.rows))
	for r, row := range g.rows {
		rest, ok := withoutLevelMarker(strings.TrimSpace(stripMarkup(cellAt(row, i))))
		if !ok || rest == "" || i >= len(row) {
			return nil, false
		}
		rests[r] = rest
	}
	return rests, true
}

// withoutLevelMarker is a label without the one level marker it holds.
func withoutLevelMarker(cell string) (string, bool) {
	if loc := syncLead.FindStringIndex(cell); loc != nil {
		return strings.TrimSpace(cell[loc[1]:]), true
	}
	for _, mk := range loadMarkers {
		if m := mk.mark.FindAllStringSubmatchIndex(cell, -1); len(m) == 1 {
			return labelWithoutLoad(cell, m[0]), true
		}
	}
	return "", false
}

// repeatedCurves: the remainders name two curves or more, each over two
// rows or more.
func repeatedCurves(rests []string) bool {
	n := map[string]int{}
	for _, r := range rests {
		n[r]++
	}
	for _, c := range n {
		if c < 2 {
			return false
		}
	}
	return len(n) >= 2 && len(n) < len(rests)
}

// otherCurveLabels: a text column besides the load repeats its values
// down the table, as a column naming curves does ("engine", "dataset").
func otherCurveLabels(g grid, cols []column, load int) bool {
	for i, c := range cols {
		if i == load || !textColumn(g, i) || c.key() != "" && !labelKind(c.kind) {
			continue
		}
		if n := len(distinctCells(g, i)); n >= 1 && n < len(g.rows) {
			return true
		}
	}
	return false
}

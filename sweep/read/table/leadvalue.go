package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A console table may print a detail after each value, its caption saying
// so with a "+": "Aggregate tok/s  + TTFT/ITL" over "187.4 42/5" (the
// node's rate, then that cell's TTFT and ITL in ms, dimmed).
// llm-decode-bench prints its sustained-decode grid this way. The caption's
// first part names the value, and the rest is a detail of the cell: knee
// reads the leading number, and sets the details aside with a note. A cell
// the tool marks as skipped ("∅ (16/16)*": it did not fit in the KV cache)
// measured nothing.

// plusCaption is a header "VALUE + DETAIL".
var plusCaption = regexp.MustCompile(`^(.+?)\s+\+\s+(.+)$`)

// skippedCell is a cell the tool marks as not run ("∅", "∅ (16/16)*").
var skippedCell = regexp.MustCompile(`^∅`)

// leadValueCells reads, in each column headed "VALUE + DETAIL" whose VALUE
// names a token rate, the leading number of every cell that writes one
// followed by a detail; ok only when every filled cell is such a cell or
// a skipped one.
func leadValueCells(g *grid) []string {
	var notes []string
	for i, h := range g.header {
		m := plusCaption.FindStringSubmatch(strings.TrimSpace(stripMarkup(h)))
		if m == nil || classify(m[1]).kind != colThroughput || !valuesThenDetails(*g, i) {
			continue
		}
		for _, row := range g.rows {
			if i >= len(row) {
				continue
			}
			c := cleanCell(row[i])
			switch {
			case skippedCell.MatchString(c):
				row[i] = ""
			case c != "":
				row[i] = strings.Fields(c)[0]
			}
		}
		g.header[i] = m[1]
		notes = append(notes, fmt.Sprintf("%s: %q: each cell's first number is the %q; the %q after it is a detail of the cell, not read; cells marked ∅ were skipped", g.file, h, m[1], m[2]))
	}
	return notes
}

// valuesThenDetails: every filled cell of column i is a number and a
// detail or two after it ("187.4 42/5"), or a skipped cell, and one is the
// first.
func valuesThenDetails(g grid, i int) bool {
	n := 0
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) || skippedCell.MatchString(c) {
			continue
		}
		// "452.1 (4/4) 235/9": the tool's running/requested mark may sit
		// between the value and its detail.
		f := strings.Fields(c)
		if len(f) < 2 || len(f) > 3 || !bareFigure.MatchString(f[0]) {
			return false
		}
		n++
	}
	return n > 0
}

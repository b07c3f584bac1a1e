package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A sweep's table sometimes adds a row at a level it already measured, its
// load cell carrying a word the others lack: "32 (tuned)" below 8, 16, 32,
// the same load on another setup, or "64, steady-state" below 64, the same
// run by another estimate. It is no repeat of the plain row (two
// setups averaged would be neither), and one row makes no curve of its
// own: it is set aside with a note naming it. Two rows or more of the
// same word are a curve and are left to the series rules.

// variantLoad is a load cell with a remark in brackets or after a comma:
// "32 (tuned)", "64, steady-state¹" (a thousands separator is followed by
// digits, a remark by a word).
var variantLoad = regexp.MustCompile(`^(\d[\d,.]*?)\s*(?:[(\[]\s*([^()\[\]\d][^()\[\]]*)[)\]]|,\s+(\pL.*))$`)

// dropVariantLoadRows sets aside the lone rows whose load cell names a
// variant of a level another row holds plain.
func dropVariantLoadRows(g *grid, cols []column) []string {
	load := loadColumn(cols)
	if load < 0 {
		return nil
	}
	labels := labelColumns(*g, load)
	plain := map[string]bool{}
	words := map[string][]int{}
	for r, row := range g.rows {
		c := strings.TrimSpace(stripMarkup(cellAt(row, load)))
		if m := variantLoad.FindStringSubmatch(c); m != nil {
			w := strings.ToLower(strings.TrimSpace(m[2] + m[3]))
			words[w] = append(words[w], r)
			continue
		}
		plain[rowKey(row, labels)+"\x00"+c] = true
	}
	drop := map[int]string{}
	for w, rows := range words {
		r := rows[0]
		level := variantLoad.FindStringSubmatch(strings.TrimSpace(stripMarkup(cellAt(g.rows[r], load))))[1]
		// Only the plain level of the same curve: "5 (capped)" in one
		// model's rows is that curve's level, whatever another's 5 is.
		if len(rows) > 1 || !plain[rowKey(g.rows[r], labels)+"\x00"+level] {
			continue
		}
		drop[r] = w
	}
	if len(drop) == 0 {
		return nil
	}
	var notes []string
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		if w, ok := drop[r]; ok {
			notes = append(notes, fmt.Sprintf("%s:%d: %q is the level of another row, by another setup or estimate (%s): no repeat of it, and one row makes no curve: set aside", g.file, g.lines[r], strings.TrimSpace(stripMarkup(cellAt(row, load))), w))
			continue
		}
		rows, lines = append(rows, row), append(lines, g.lines[r])
	}
	g.rows, g.lines = rows, lines
	return notes
}

// labelColumns are the columns of text other than the load, under headers
// that name no metric (a bound, "≤0.75s", is text under "TTFT p50"): what
// names a row's curve.
func labelColumns(g grid, load int) []int {
	var out []int
	for j := range g.header {
		if j != load && textColumn(g, j) && !namesMetric(g.header[j]) {
			out = append(out, j)
		}
	}
	return out
}

// rowKey is the row's cells in columns cols.
func rowKey(row []string, cols []int) string {
	var parts []string
	for _, j := range cols {
		parts = append(parts, strings.ToLower(cleanCell(cellAt(row, j))))
	}
	return strings.Join(parts, "\x00")
}

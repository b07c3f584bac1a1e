package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// "output tok/s (/GPU)" over cells "775 (32.3)": the header's bracket names
// what the cells' bracket holds, the same rate per GPU, beside the node's
// value before it. Dropped as a remark, the bracket would leave the node's
// value under a header that says per GPU, read 24 times too large once a
// GPU count is known. Split, the node's rate is the throughput and the
// GPU's its per-GPU figure, which perGPUThroughput checks against it.

var (
	perGPUBracketHeader = regexp.MustCompile(`(?i)^(.*?)\s*[(（]\s*(?:/|per\s+)\s*(gpu|npu|chip|device|card)\s*[)）]\s*$`)
	valueThenBracket    = regexp.MustCompile(`^(\d[\d,]*(?:\.\d+)?)\s*[(（]\s*(\d[\d,]*(?:\.\d+)?)\s*[)）]$`)
)

// splitPerGPUBrackets splits each such column into the node's rate and
// the GPU's.
func splitPerGPUBrackets(g *grid) []string {
	var notes []string
	for i := 0; i < len(g.header); i++ {
		m := perGPUBracketHeader.FindStringSubmatch(g.header[i])
		if m == nil || strings.TrimSpace(m[1]) == "" || !everyCellBracketed(*g, i) {
			continue
		}
		was, example := g.header[i], stripMarkup(cellAt(g.rows[0], i))
		node, perGPU := strings.TrimSpace(m[1]), strings.TrimSpace(m[1])+" per "+strings.ToUpper(m[2])
		g.header = slices.Insert(slices.Clone(g.header), i+1, perGPU)
		g.header[i] = node
		for r, row := range g.rows {
			c := valueThenBracket.FindStringSubmatch(stripMarkup(cellAt(row, i)))
			a, b := "", ""
			if c != nil {
				a, b = c[1], c[2]
			} else if w := stripMarkup(cellAt(row, i)); !isBlank(w) {
				notes = append(notes, fmt.Sprintf("%s:%d: %q says %q: no value of either figure", g.file, g.lines[r], was, clip(w, 80)))
			}
			if i < len(row) {
				row[i] = a
				g.rows[r] = slices.Insert(row, i+1, b)
			}
		}
		notes = append(notes, fmt.Sprintf("%s: %q holds the node's value and, in brackets, the same rate per %s (%q): read as %q and %q", g.file, was, strings.ToUpper(m[2]), example, node, perGPU))
		i++
	}
	return notes
}

// everyCellBracketed: every non-blank cell of column i is a number and a
// number in brackets, or words that say why the row has none ("queued
// behind 12:6 KV", "interrupted — the node pool was resized"), and two
// cells at least are numbers. A cell that starts with a word holds no
// measurement of either figure: a status, never a value of one column
// unbracketed.
func everyCellBracketed(g grid, i int) bool {
	n := 0
	ok := everyFilledCell(g, i, stripMarkup, func(c string) bool {
		if valueThenBracket.MatchString(c) {
			n++
			return true
		}
		return rowStatusCell(c)
	})
	return ok && n >= 2
}

// rowStatusCell: a cell that starts with a letter, a row's status in words.
func rowStatusCell(c string) bool {
	r := []rune(strings.TrimSpace(c))
	return len(r) > 0 && unicode.IsLetter(r[0])
}

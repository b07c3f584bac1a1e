package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A comparison table writes a change in one cell: "463.1 → 676.5（+46%）",
// the value before, an arrow, the value after, and often the change in
// brackets (a derived figure, never a third value). A perf engineer reads
// two series there only when the header names them around the same arrow
// ("输出吞吐 (tok/s) bf16 → fp8"): the column becomes one column per series
// ("bf16 输出吞吐 (tok/s)", "fp8 输出吞吐 (tok/s)"), which the series pass
// then offers as two curves. Under any other header the cell is refused
// (parseCell says it holds two values), since nothing says which is the
// measurement.

// arrowPair is two values around an arrow and an optional change in
// brackets after them.
var arrowPair = regexp.MustCompile(`^(.+?)\s*(?:→|⟶|➔|->)\s*(.+?)\s*(?:[（(][^()（）]*[）)])?$`)

// arrowHeader names two series around an arrow at the end of a header:
// "mean TTFT (ms) bf16 → fp8".
var arrowHeader = regexp.MustCompile(`^(.*?)\s*([^\s→⟶➔]+)\s*(?:→|⟶|➔|->)\s*([^\s→⟶➔]+)$`)

// arrowHeaderBracketed names the two series in brackets at the end of a
// header: "Output tok/s (main → PCG)". The brackets enclose the names; they
// are no part of them.
var arrowHeaderBracketed = regexp.MustCompile(`^(.*?)\s*[（(]\s*([^\s()（）→⟶➔]+)\s*(?:→|⟶|➔|->)\s*([^\s()（）→⟶➔]+)\s*[）)]$`)

// arrowSeries is the header's words and the two series it names around an
// arrow, or nil when it names none.
func arrowSeries(header string) []string {
	h := strings.TrimSpace(stripMarkup(header))
	if m := arrowHeaderBracketed.FindStringSubmatch(h); m != nil {
		return m
	}
	return arrowHeader.FindStringSubmatch(h)
}

// splitArrowColumns splits every column whose header names two series and
// whose cells each hold two values around an arrow.
func splitArrowColumns(g *grid) []string {
	var notes []string
	for i := 0; i < len(g.header); i++ {
		m := arrowSeries(g.header[i])
		if m == nil || m[1] == "" || !everyCellArrowPair(*g, i) {
			continue
		}
		before, after := strings.TrimSpace(m[2]+" "+m[1]), strings.TrimSpace(m[3]+" "+m[1])
		whole := g.header[i]
		g.header = append(g.header[:i:i], append([]string{before, after}, g.header[i+1:]...)...)
		for r, row := range g.rows {
			vals := make([]string, 2)
			if p := arrowPair.FindStringSubmatch(cleanCell(cellAt(row, i))); p != nil {
				vals[0], vals[1] = p[1], p[2]
			}
			if i < len(row) {
				g.rows[r] = append(row[:i:i], append(vals, row[i+1:]...)...)
			}
		}
		notes = append(notes, fmt.Sprintf("%s: the cells of %q hold %s → %s: read as the columns %q and %q (the change after them not read)", g.file, whole, m[2], m[3], before, after))
		i++
	}
	return notes
}

// everyCellArrowPair: every non-blank cell of column i is two numbers
// around an arrow, and there is one.
func everyCellArrowPair(g grid, i int) bool {
	return everyFilledCell(g, i, cleanCell, func(c string) bool {
		p := arrowPair.FindStringSubmatch(c)
		if p == nil {
			return false
		}
		for _, v := range p[1:] {
			if !arrowSide(v) {
				return false
			}
		}
		return true
	})
}

// arrowSide: one side of an arrow is a number, or several around slashes
// under a header naming as many statistics ("140 / 273" under "TTFT p50 /
// p99 ms"), which splitStatPairs reads once the column is split.
func arrowSide(v string) bool {
	for _, part := range strings.Split(v, "/") {
		part = strings.TrimSpace(part)
		// A value grouped by spaces ("1 367.1") is judged with its column
		// once split (spacegroups.go).
		if _, ok, err := parseCell(part); (!ok || err != nil) && !spaceGrouped.MatchString(part) {
			return false
		}
	}
	return true
}

// twoValuesError is parseCell's refusal of a cell holding a change between
// two values, or a range of them ("1200–1300": the spread of several runs),
// or nil when cell is none. A range is refused rather than read as its
// middle: the runs' mean or median need not lie there.
func twoValuesError(cell, rest string) error {
	if valueRange.MatchString(rest) {
		return fmt.Errorf("%q is a range of values: knee reads one measured value per cell (write the runs' mean or median, and the spread as ± if you like)", cell)
	}
	if !strings.HasPrefix(rest, "→") && !strings.HasPrefix(rest, "⟶") && !strings.HasPrefix(rest, "➔") && !strings.HasPrefix(rest, "->") {
		return nil
	}
	return fmt.Errorf("%q holds two values, before → after, and the header names no series for them (such as \"bf16 → fp8\"): knee reads one measured value per cell", cell)
}

// valueRange is what follows a range's first value: a dash or "to", and a
// number.
var valueRange = regexp.MustCompile(`^(?:[–—~]|-|to)\s*\d`)

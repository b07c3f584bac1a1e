package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A comparison table writes a change in one cell: "463.1 → 676.5（+46%）",
// the value before, an arrow, the value after, and often the change in
// brackets (a derived figure, never a third value). Both values are
// measurements, of two runs: a table of such cells holds two curves. A
// perf engineer names them by what names the two states (arrowstates.go):
// the header, around the same arrow ("输出吞吐 (tok/s) bf16 → fp8") or as
// one setting's two states ("tok/s (CP off/on)"), or the text introducing
// the table ("…, CP off → CP on:", "Values are control → candidate.").
// The column becomes one column per series ("bf16 输出吞吐 (tok/s)", "fp8
// 输出吞吐 (tok/s)"), which the series pass then offers as two curves; a
// cell of one value in such a column is a value the change left as it
// was, both series'. Where nothing names them they are the curves
// "before" and "after", with a note: which state is which is unsaid, but
// each curve is one run's, never two merged. A load column of such cells
// ("1 → 2") is a change between levels, no level: its cells stay refused
// (parseCell says they hold two values).

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

// splitArrowColumns splits every column whose cells each hold two values
// around an arrow (or one, unchanged) where the header or the line that
// introduces the table names the two states.
func splitArrowColumns(g *grid) []string {
	var notes []string
	above, aboveFrom, aboveOK := statesAbove(*g)
	unnamed := unnamedStatesReadable(*g)
	for i := 0; i < len(g.header); i++ {
		if !everyCellArrowPair(*g, i) {
			continue
		}
		st, ok := headerStates(g.header[i])
		from := ""
		if !ok && aboveOK {
			st, ok, from = above, true, aboveFrom
			st.rest = strings.TrimSpace(stripMarkup(g.header[i]))
		}
		if !ok && unnamed && !labelHeader(classify(g.header[i])) {
			// Only a measure's cells change from one state to another: under
			// a header naming none ("shape": "1k -> 256") the arrow joins
			// the two halves of one label, an input and an output length.
			st, ok, from = arrowStates{before: "before", after: "after"}, true, " (nothing names the two states: read as the curves \"before\" and \"after\")"
			st.rest = strings.TrimSpace(stripMarkup(g.header[i]))
		}
		if !ok {
			continue
		}
		before, after := st.names()
		whole := g.header[i]
		g.header = append(g.header[:i:i], append([]string{before, after}, g.header[i+1:]...)...)
		unchanged := false
		for r, row := range g.rows {
			vals := make([]string, 2)
			c := cleanCell(cellAt(row, i))
			if p := arrowPair.FindStringSubmatch(c); p != nil {
				vals[0], vals[1] = p[1], p[2]
			} else if !isBlank(c) {
				vals[0], vals[1], unchanged = c, c, true
			}
			if i < len(row) {
				g.rows[r] = append(row[:i:i], append(vals, row[i+1:]...)...)
			}
		}
		note := fmt.Sprintf("%s: the cells of %q hold %s → %s%s: read as the columns %q and %q (the change after them not read)", g.file, whole, st.before, st.after, from, before, after)
		if unchanged {
			note += "; a cell of one value is both"
		}
		notes = append(notes, note)
		i++
	}
	return notes
}

// everyCellArrowPair: every non-blank cell of column i is two numbers
// around an arrow, or one number (a value the change left as it was), and
// some cell is two.
func everyCellArrowPair(g grid, i int) bool {
	pairs := 0
	ok := everyFilledCell(g, i, cleanCell, func(c string) bool {
		p := arrowPair.FindStringSubmatch(c)
		if p == nil {
			return arrowSide(c)
		}
		for _, v := range p[1:] {
			if !arrowSide(v) {
				return false
			}
		}
		pairs++
		return true
	})
	return ok && pairs > 0
}

// arrowSide: one side of an arrow is a number, or several around slashes
// under a header naming as many statistics ("140 / 273" under "TTFT p50 /
// p99 ms"), which splitStatPairs reads once the column is split.
func arrowSide(v string) bool {
	if _, ok, err := parseCell(strings.TrimSpace(v)); ok && err == nil {
		return true // "227 tok/s": its unit's slash splits nothing
	}
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

// labelHeader: the header names a label or a setting, no measure ("shape",
// "workload", "engine").
func labelHeader(c column) bool {
	switch c.kind {
	case colIgnore, colSeriesLabel, colWorkload, colNote:
		return true
	}
	return false
}

package table

import "strings"

// Console tables whose header spans several lines: rich's box tables
// (evalscope's perf report: "Avg" over "TTFT(s)", "Gen." over "toks/s")
// and guidellm's `|`-drawn tables ("Request Latency" over "Sec" over
// "Mdn"). A box's header is every content line above the rule that closes
// it (┡━╇━┩, +===+, |---|), and each column's name is its cells stacked top
// to bottom. guidellm writes a group name once over the columns it spans,
// with empty cells of no width (`| TTFT ||`): a cell of no width takes the
// name of the cell left of it on that line, so "TTFT" reaches both its
// "Mdn" and its "p95" column.

// barCell is one cell of a barred line: its text, and whether the bars
// around it touch (no width at all), which marks a spanned cell.
type barCell struct {
	text string
	span bool
}

// splitBarCells splits a barred line like splitBars, keeping whether each
// cell had any width.
func splitBarCells(l string) []barCell {
	t := strings.TrimSpace(l)
	var cells []barCell
	var cur strings.Builder
	width := 0
	for _, r := range t {
		if strings.ContainsRune(verticalBars, r) {
			cells = append(cells, barCell{strings.TrimSpace(cur.String()), width == 0})
			cur.Reset()
			width = 0
			continue
		}
		cur.WriteRune(r)
		width++
	}
	cells = append(cells, barCell{strings.TrimSpace(cur.String()), width == 0})
	if len(cells) > 1 && hasBarAt(t, true) {
		cells = cells[1:]
	}
	if n := len(cells); n > 1 && hasBarAt(t, false) {
		cells = cells[:n-1]
	}
	return cells
}

// stackHeader names each column by its cells on the header lines, top to
// bottom, a spanned cell taking its left neighbour's name.
func stackHeader(lines []string) []string {
	var header []string
	for _, l := range lines {
		cells := splitBarCells(l)
		for j := range cells {
			if cells[j].span && j > 0 {
				cells[j].text = cells[j-1].text
			}
		}
		for j, c := range cells {
			for len(header) <= j {
				header = append(header, "")
			}
			if c.text != "" {
				header[j] = strings.TrimSpace(header[j] + " " + c.text)
			}
		}
	}
	return header
}

// headerRule finds the rule that closes a barred table's header: the first
// rule after a barred content line with content lines after it too. -1 when the
// block has none (a one-line header, or a box of key/value rows).
func headerRule(block []alignedLine) int {
	seenContent := false
	for i, l := range block {
		switch {
		case !isRule(l.text):
			// A title line above the box is no part of it.
			seenContent = seenContent || strings.ContainsAny(l.text, verticalBars)
		case seenContent:
			for _, after := range block[i+1:] {
				if !isRule(after.text) {
					return i
				}
			}
			return -1
		}
	}
	return -1
}

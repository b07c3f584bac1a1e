package table

import (
	"strings"
)

// A web page's table copied as text (or flattened by a scraper) keeps its
// rows on lines but separates cells by one space, the same space that sits
// inside a header ("Output tok/s", "p99 Latency") and between a number and
// its unit ("1,956 tok/s", "3.46s"). Its rows still tell the cells apart: a
// cell is a number with the unit that may follow it, or words where no
// number is (a status). The header's words are then cut into as many
// columns as the rows have cells, and the cut is taken only when exactly
// one cut names every column in the words knee reads headers by; prose,
// a title or a sentence with numbers never gives rows of one shape under
// such a header.

// maxSpacedHeaderWords bounds the header's words: the cuts to try grow as
// the binomial of the words, and no flattened sweep header is longer.
const maxSpacedHeaderWords = 24

// wordSpacedTable reads a block whose lines have no runs of spaces: a
// header line followed by two or more rows of the same number of cells,
// each row starting with a number. Title lines above the header are tried
// as the header in turn, as spacedTables does.
func wordSpacedTable(path string, block []alignedLine) (grid, bool) {
	for _, l := range block {
		if len(spaceTokens(l.text)) != 1 {
			return grid{}, false
		}
	}
	for h := 0; h+2 < len(block) && h < 4; h++ {
		if g, ok := wordSpacedFrom(path, block, h); ok {
			return g, true
		}
	}
	return grid{}, false
}

// wordSpacedFrom reads block with line h as the header.
func wordSpacedFrom(path string, block []alignedLine, h int) (grid, bool) {
	g := grid{file: path, headerLine: block[h].no, title: consoleTitles(block, block[h].no)}
	k, labelled := -1, false
	for i, l := range block[h+1:] {
		cells, numberFirst, ok := spacedCells(l.text)
		if !ok || k >= 0 && (len(cells) != k || labelled == numberFirst) || !numberFirst && !labelRow(cells) {
			return grid{}, false
		}
		if i == 0 {
			labelled = !numberFirst
		}
		k = len(cells)
		g.rows = append(g.rows, cells)
		g.lines = append(g.lines, l.no)
	}
	header, ok := cutHeader(strings.Fields(block[h].text), wordColumns(g.rows, k))
	if !ok {
		return grid{}, false
	}
	g.header = header
	return g, true
}

// spacedCells cuts a row at single spaces into cells: a number starts one,
// a unit after a number stays with it ("1,956 tok/s", "13.76 GB"), and words where no
// number is make a cell of words ("SATURATED"). numberFirst is whether the
// row starts with a number; ok is false unless it has two cells or more.
func spacedCells(line string) (cells []string, numberFirst, ok bool) {
	word := false // the last cell is words, not a number
	for _, t := range strings.Fields(line) {
		n := len(cells)
		_, num, err := parseCell(cleanCell(t))
		isNum := num && err == nil
		switch {
		case isNum:
			cells, word = append(cells, t), false
		case n > 0 && !word && (withUnit(cells[n-1], t) || quantityCell.MatchString(cells[n-1]+" "+t)):
			cells[n-1] += " " + t
		case n > 0 && word:
			cells[n-1] += " " + t
		default:
			cells, word = append(cells, t), true
		}
	}
	if len(cells) < 2 {
		return nil, false, false
	}
	_, first, err := parseCell(cleanCell(cells[0]))
	return cells, first && err == nil, true
}

// labelRow: a row led by words ("NVFP4 baseline (peak aggregate) 1,600
// 8,919.4 10.5", a model card's table flattened) is a row of the table
// when the words label it and every cell after them is a number, two or
// more: the label is the row's one cell of words, and its header one word
// ("Configuration"), as a status column's is.
func labelRow(cells []string) bool {
	if len(cells) < 3 {
		return false
	}
	for _, c := range cells[1:] {
		if _, ok, err := parseCell(cleanCell(c)); !ok || err != nil {
			return false
		}
	}
	return true
}

// withUnit: token t is the unit of the number cell before it.
func withUnit(cell, t string) bool {
	_, ok, err := parseCell(cleanCell(cell + " " + t))
	return ok && err == nil
}

// wordColumns marks the columns whose cells are all words: their header
// is one word (a status), as no reading of it depends on its name.
func wordColumns(rows [][]string, k int) []bool {
	words := make([]bool, k)
	for i := range words {
		words[i] = true
		for _, r := range rows {
			if _, ok, err := parseCell(cleanCell(r[i])); ok && err == nil {
				words[i] = false
			}
		}
	}
	return words
}

// cutHeader cuts the header's words into len(words) columns: the one cut
// whose every column of numbers knee recognises by its words, and whose
// every column of words is one word. ok is false when no cut or several do,
// unless the several agree (capitalcut.go).
func cutHeader(ws []string, words []bool) ([]string, bool) {
	k := len(words)
	if k < 2 || len(ws) < k || len(ws) > maxSpacedHeaderWords {
		return nil, false
	}
	var found [][]string
	unit, closes := make([]bool, len(ws)), make([]bool, len(ws))
	for i, w := range ws {
		unit[i] = unitWord(w)
		closes[i] = unit[i] || unitClosed(w)
	}
	forEachUnitCut(unit, closes, k, func(ends []int) bool {
		if cols, ok := cutColumns(ws, ends, words, false); ok {
			found = append(found, cols)
		}
		return len(found) <= maxAgreeingCuts
	})
	if len(found) == 0 {
		found = nameWordCuts(ws, unit, closes, words)
	}
	if len(found) == 1 {
		return found[0], true
	}
	if cols, ok := capitalCut(found); ok {
		return cols, true
	}
	return parallelCut(found)
}

// cutColumns joins the words of each column of a cut (ends are where each
// column's words end) and checks every column names what its cells hold.
// With named, a column of numbers may also be one capitalised word knee
// does not know ("Speedup", "Memory"), as nameWordCuts asks.
func cutColumns(ws []string, ends []int, words []bool, named bool) ([]string, bool) {
	cols := make([]string, len(ends))
	start := 0
	for i, e := range ends {
		cols[i] = strings.Join(ws[start:e], " ")
		known := recognisedHeader(cols[i]) || named && e-start == 1 && nameWord(cols[i])
		if !unitEndsHeader(ws[start:e]) || words[i] && e-start != 1 || !words[i] && !known {
			return nil, false
		}
		start = e
	}
	return cols, true
}

// unitEndsHeader: a unit written among a header's words closes it ("Output
// tok/s", "TTFT (ms)"), so it is neither a header's first word nor followed
// by another.
func unitEndsHeader(ws []string) bool {
	for i, w := range ws {
		if unitWord(w) && (i == 0 || i != len(ws)-1) {
			return false
		}
	}
	return true
}

// unitWord is a word that is a unit and nothing else: one with a slash,
// brackets or a percent ("tok/s", "(ms)", "%"), or a bare time unit. A
// word like "tokens" names a quantity as much as a unit.
func unitWord(w string) bool {
	if _, ok := parseUnit(strings.Trim(w, "()[]")); !ok {
		return false
	}
	switch strings.ToLower(w) {
	case "ms", "s", "sec", "secs", "us", "µs", "μs":
		return true
	}
	return strings.ContainsAny(w, "/()[]%")
}

// recognisedHeader: knee's vocabulary names the column, whether it reads
// it or knows why not ("Throughput", "Output tok/s", "p99 Latency").
func recognisedHeader(h string) bool {
	c := classify(h)
	return c.key() != "" || c.why != "" && c.kind != colIgnore
}

// maxCutsTried bounds the cuts a header is tried in: a header of many
// words without units ("Model Engine Users Throughput …") would otherwise
// be cut in millions of ways; past this many the header is not cut.
const maxCutsTried = 20000

// unitClosed: a word that ends in its unit's brackets ("TTFT(ms)",
// "Latency[s]") closes its header as a unit word does, though it may
// start one: nothing of the header follows the unit.
func unitClosed(w string) bool {
	i := strings.LastIndexAny(w, "([")
	if i <= 0 || !strings.HasSuffix(w, ")") && !strings.HasSuffix(w, "]") {
		return false
	}
	_, ok := parseUnit(strings.Trim(w[i:], "()[]"))
	return ok
}

// forEachUnitCut calls f with every way to cut the header's words into k
// non-empty runs (the end of each run) in which a unit word (unit[i]) ends
// its run and starts none, as unitEndsHeader asks, and a word closed by its
// unit (closes[i]) ends its run: the cuts that split
// "H100 req/s" are never made, so a header of 19 words with ten units is
// tried in a few hundred cuts, not tens of thousands. It stops when f
// returns false or after maxCutsTried cuts, and reports whether it
// finished.
func forEachUnitCut(unit, closes []bool, k int, f func(ends []int) bool) bool {
	n := len(unit)
	ends := make([]int, k)
	tried := 0
	var rec func(i, start int) bool
	rec = func(i, start int) bool {
		if unit[start] {
			return true // a unit starts no run
		}
		if i == k-1 {
			for j := start; j < n-1; j++ {
				if closes[j] {
					return true // a unit inside the last run
				}
			}
			ends[i] = n
			tried++
			return tried < maxCutsTried && f(ends)
		}
		for e := start + 1; e <= n-(k-1-i); e++ {
			if e-2 >= start && closes[e-2] {
				break // a unit would sit inside this run and every longer one
			}
			ends[i] = e
			if !rec(i+1, e) {
				return false
			}
		}
		return true
	}
	return rec(0, 0)
}

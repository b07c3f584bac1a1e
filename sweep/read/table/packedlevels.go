package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A compact table lists the levels in one header and packs a value per
// level into each cell: "TG C1 / C2 / C4 / C8 tok/s" over "106.7 / 145.6 /
// 207.9 / 284.5", "Throughput b1 / b8 / b32 (tok/s)" over "20 / 171 /
// 445". Each level is a load written with its letter (c, b, bs, n …), so
// the header names the levels, not several quantities: the row becomes one
// row per level, the load in a column of its own and the value under the
// header's words without the levels. A list of sizes ("PP 8K / 32K / 64K")
// names no load and is left as it is.

// levelListHeader finds the list of levels inside a header: the words
// before it, the list, the words after.
var levelListHeader = regexp.MustCompile(`^(.*?)\s*((?:\b[A-Za-z]{1,5}\s*[=:]?\s*\d+)(?:\s*/\s*[A-Za-z]{1,5}\s*[=:]?\s*\d+)+)\b\s*(.*)$`)

// meltPackedLevels turns the one column whose header lists levels, and
// whose cells pack a value per level, into rows per level, when the table
// has no load column of its own.
func meltPackedLevels(g *grid) []string {
	if l := loadColumn(classifyAll(g.header)); l >= 0 && numericColumn(*g, l) && !allRatios(columnCells(*g, l)) {
		return nil // the table has its levels in a column ("concurrency @131k" over "12.70×" is a capacity)
	}
	col, levels, name := -1, []string(nil), ""
	for i, h := range g.header {
		lv, n, ok := packedLevelHeader(strings.TrimSpace(stripMarkup(h)))
		if !ok || !everyCellSplitsInto(*g, i, len(lv), func(c string) []string { return strings.Split(c, "/") }) {
			continue
		}
		if col >= 0 {
			return nil // two lists of levels: which is the load's?
		}
		col, levels, name = i, lv, n
	}
	if col < 0 {
		return nil
	}
	whole := g.header[col]
	header := append([]string{"concurrency"}, g.header...)
	header[col+1] = name
	at := levelOfColumns(g.header, col, whole)
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		parts := strings.Split(cleanCell(cellAt(row, col)), "/")
		for j, lv := range levels {
			out := append([]string{lv}, row...)
			for len(out) < len(header) {
				out = append(out, "")
			}
			out[col+1] = ""
			if j < len(parts) {
				out[col+1] = strings.TrimSpace(parts[j])
			}
			for k, l := range at {
				if l != lv {
					out[k+1] = "" // "TTFT b1 (ms)": a value of level 1 only
				}
			}
			rows, lines = append(rows, out), append(lines, g.lines[r])
		}
	}
	g.header, g.rows, g.lines = header, rows, lines
	return []string{fmt.Sprintf("%s: %q lists the levels %s and each cell a value per level: read as a row per level, the value as %q", g.file, whole, strings.Join(levels, ", "), name)}
}

// packedLevelHeader reads a header listing levels: their numbers, and the
// header's words without them ("Throughput (tok/s)"); ok only when every
// listed item is a load written with its letter.
func packedLevelHeader(h string) ([]string, string, bool) {
	m := levelListHeader.FindStringSubmatch(h)
	if m == nil {
		return bareLevelList(h)
	}
	var levels []string
	for _, p := range strings.Split(m[2], "/") {
		lm := prefixedLoad.FindStringSubmatch(strings.TrimSpace(p))
		if lm == nil {
			return nil, "", false
		}
		levels = append(levels, strings.ReplaceAll(lm[1], ",", ""))
	}
	name := strings.TrimSpace(m[1] + " " + m[3])
	if classify(name).key() == "" {
		return nil, "", false // the words left name nothing knee reads
	}
	return levels, name, true
}

// levelOfColumns maps each other column whose header names one of the
// listed levels with the list's letter ("TTFT b1 (ms)" beside "Throughput
// b1 / b8 / b32") to that level: its value was measured there alone.
func levelOfColumns(headers []string, col int, list string) map[int]string {
	m := levelListHeader.FindStringSubmatch(strings.TrimSpace(stripMarkup(list)))
	out := map[int]string{}
	if m == nil {
		return out // bare numbers (bareLevelList): no letter names one level elsewhere
	}
	letter := leadLetters.FindString(strings.TrimSpace(m[2]))
	one := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(letter) + `\s*[=:]?\s*(\d+)\b`)
	for k, h := range headers {
		if hm := one.FindAllStringSubmatch(h, -1); k != col && len(hm) == 1 {
			out[k] = hm[0][1]
		}
	}
	return out
}

// leadLetters are the letters a level is written with ("b" of "b1").
var leadLetters = regexp.MustCompile(`^[A-Za-z]+`)

// bareLevelListHeader finds a list of bare numbers that a load word closes
// or opens ("decode tok/s — 1 / 2 / 4 conc", "tok/s @ users 1/8/32"): the
// words before, the list and the load word, the words after.
var bareLevelListHeader = regexp.MustCompile(`(?i)^(.*?)\s*(?:\b(conc|concurrency|users|streams|clients|parallel|batch|bs)\s*[=:]?\s*)?(\d[\d,]*(?:\s*/\s*\d[\d,]*)+)\s*(?:(conc|concurrency|concurrent|users|streams|clients|parallel|batch|bs)\b)?\s*(.*)$`)

// bareLevelList reads a header listing levels as bare numbers beside one
// load word: their numbers and the header's words without them ("decode
// tok/s —"); ok only when exactly one load word names the list, and the
// words left name a measure. A list with no load word ("PP 8K / 32K",
// "1 / 2 / 4") names no load.
func bareLevelList(h string) ([]string, string, bool) {
	m := bareLevelListHeader.FindStringSubmatch(h)
	if m == nil || (m[2] == "") == (m[4] == "") {
		return nil, "", false
	}
	var levels []string
	for _, p := range strings.Split(m[3], "/") {
		levels = append(levels, strings.ReplaceAll(strings.TrimSpace(p), ",", ""))
	}
	name := strings.Trim(strings.TrimSpace(m[1]+" "+m[5]), " —–-@:")
	if classify(name).key() == "" {
		return nil, "", false
	}
	return levels, name, true
}

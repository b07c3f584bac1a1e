package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A report's row may list its levels in its name and pack a value per
// level into each cell, the row counterpart of a header listing levels
// (packedlevels.go):
//
//	| 4 / 8 / 16 agents | 226 / 357 / 790 tok/s | 184 / 348 / 645 tok/s |
//	| `bench_c` C1 / C2 / C4 / C6 aggregate | ~30.4 / ~44.4 / 69.2 / 81.1 tok/s (3-run medians) |
//	| Decode, 2 / 3 / 4 streams | 58.9 / 71.2 / 78.6 tok/s (30.5 / 24.5 / 20.9 per stream), TTFT 424 / 311 / 383 ms |
//
// The row becomes one row per level, named as a row of one level is
// ("8 agents", "`bench_c` C2 aggregate"), each list in its cells giving
// that level's value and the words around the lists kept. The lists must
// hold one value per level in every cell that holds a number; otherwise,
// or when the row's list names sizes ("prefill 2K / 8K / 32K") or no load,
// the row stays as written.

// countedLevelList is a row name's list of numbers closed by what they
// count in flight ("4 / 8 / 16 agents"): the words before, the list, the
// noun, the words after.
var countedLevelList = regexp.MustCompile(`(?i)^(.*?)(\d+(?:\s*/\s*\d+)+)[\s-]*(` + inFlightNouns + `|concurrent|requests?)\b(.*)$`)

// unpackLevelListRows turns each row listing levels into rows per level.
func unpackLevelListRows(g *grid) []string {
	var rows [][]string
	var lines []int
	var notes []string
	for r, row := range g.rows {
		names, levels, ok := rowLevelList(cellAt(row, 0))
		var split [][]string
		if ok {
			split, ok = splitPackedRow(row, len(levels))
		}
		if !ok {
			rows, lines = append(rows, row), append(lines, lineOf(g, r))
			continue
		}
		for i := range levels {
			out := append([]string{names[i]}, split[i][1:]...)
			rows, lines = append(rows, out), append(lines, lineOf(g, r))
		}
		notes = append(notes, fmt.Sprintf("%s:%d: %q lists the levels %s and its cells a value per level: read as a row per level", g.file, lineOf(g, r), cleanCell(cellAt(row, 0)), strings.Join(levels, ", ")))
	}
	if notes != nil {
		g.rows, g.lines = rows, lines
	}
	return notes
}

// rowLevelList reads a row name listing levels: the name of each level's
// row and the levels; ok false for any other name.
func rowLevelList(label string) (names, levels []string, ok bool) {
	c := strings.TrimSpace(stripMarkup(label))
	if m := countedLevelList.FindStringSubmatch(c); m != nil {
		for _, p := range strings.Split(m[2], "/") {
			lv := strings.TrimSpace(p)
			levels = append(levels, lv)
			names = append(names, strings.TrimSpace(m[1]+lv+" "+m[3]+m[4]))
		}
		return names, levels, true
	}
	m := levelListHeader.FindStringSubmatch(c)
	if m == nil {
		return nil, nil, false
	}
	for _, p := range strings.Split(m[2], "/") {
		item := strings.TrimSpace(p)
		lm := prefixedLoad.FindStringSubmatch(item)
		if lm == nil {
			return nil, nil, false // "PP 8K / 32K": sizes, no load
		}
		levels = append(levels, strings.ReplaceAll(lm[1], ",", ""))
		names = append(names, strings.TrimSpace(m[1]+" "+item+" "+m[3]))
	}
	return names, levels, true
}

// packedValues is a list of k numbers in a cell, each perhaps marked
// ("~30.4", "**81.1"), separated by slashes.
var packedValue = `[~≈]?\**\d[\d,]*(?:\.\d+)?\**`

// splitPackedRow is row once per level: in each cell every list of k
// values replaced by the level's value. ok false when a cell holding a
// number has no such list, or a list of another length.
func splitPackedRow(row []string, k int) ([][]string, bool) {
	list := regexp.MustCompile(packedValue + strings.Repeat(`\s*/\s*`+packedValue, k-1))
	longer := regexp.MustCompile(packedValue + strings.Repeat(`\s*/\s*`+packedValue, k))
	out := make([][]string, k)
	for i := range out {
		out[i] = make([]string, len(row))
	}
	for j, cell := range row {
		if j > 0 && hasDigit(cell) && (!list.MatchString(cell) || longer.MatchString(cell) || strayNumber(list, cell)) {
			return nil, false
		}
		for i := range k {
			out[i][j] = list.ReplaceAllStringFunc(cell, func(s string) string {
				return strings.TrimSpace(strings.Split(s, "/")[i])
			})
		}
	}
	return out, true
}

// strayNumber: the cell holds a number outside its lists and outside
// brackets ("86.8 / 114.9 / 209.5, 212.5": the last level at a second
// size), which no level's row could take alone. A remark in brackets
// (rowlabelremarks.go's bracketed) may hold its own ("(3-run medians; the
// first wave read 36.53)").
func strayNumber(list *regexp.Regexp, cell string) bool {
	rest := bracketed.ReplaceAllString(list.ReplaceAllString(cell, ""), "")
	return hasDigit(rest)
}

// hasDigit: the cell holds a number.
func hasDigit(s string) bool {
	return strings.ContainsAny(s, "0123456789")
}

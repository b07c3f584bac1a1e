package table

import (
	"fmt"
	"strings"
)

// A web page's HTML table flattened by a text extraction (a docs page as a
// search index stores it) comes out one cell per line, each closed by a
// pipe ("Concurrency |"), with a markdown separator row after the header's
// cells ("---|---|---|---|"). The separator counts the columns, k: the k
// one-cell lines right above it are the header and the one-cell lines
// under it are the rows, k at a time. The grid is rebuilt only when that
// is the one reading the lines allow: exactly k one-cell lines above the
// separator (one more would leave the header's first cell in doubt) and a
// whole number of rows under it; otherwise the lines read as they did.

// pipeCell says whether line is one cell closed by a pipe: "236.58 |".
func pipeCell(line string) bool {
	l := strings.TrimSpace(line)
	return strings.HasSuffix(l, "|") && !mdSeparator.MatchString(l) && len(splitRow(l)) == 1 && splitRow(l)[0] != ""
}

// flattenedPipeGrid rebuilds the table whose separator row is lines[sep],
// or says there is none.
func flattenedPipeGrid(path string, lines []string, sep int) (grid, int, bool) {
	k := len(splitRow(strings.TrimSpace(lines[sep])))
	hs := sep - k
	if k < 2 || hs < 0 {
		return grid{}, 0, false
	}
	for _, l := range lines[hs:sep] {
		if !pipeCell(l) {
			return grid{}, 0, false
		}
	}
	if hs > 0 && pipeCell(lines[hs-1]) {
		return grid{}, 0, false
	}
	end := sep + 1
	for end < len(lines) && pipeCell(lines[end]) {
		end++
	}
	n := end - sep - 1
	if n < k || n%k != 0 {
		return grid{}, 0, false
	}
	g := grid{file: path, headerLine: hs + 1}
	for _, l := range lines[hs:sep] {
		g.header = append(g.header, splitRow(strings.TrimSpace(l))[0])
	}
	for r := sep + 1; r < end; r += k {
		row := make([]string, k)
		for j := range row {
			row[j] = splitRow(strings.TrimSpace(lines[r+j]))[0]
		}
		g.rows = append(g.rows, row)
		g.lines = append(g.lines, r+1)
	}
	g.notes = append(g.notes, fmt.Sprintf("%s:%d: the table's cells are one a line (a web page's table flattened): read as %d columns, %d rows", path, hs+1, k, len(g.rows)))
	return g, end, true
}

// around gives a rebuilt grid what a pipe table gets from the lines about
// it: its headings, its caption and the prose above and below.
func (g grid) around(lines []string, stack headingPath, prevEnd, end int) grid {
	hs := g.headerLine - 1
	g.title, g.caption = stack.titles(), captionAbove(lines, hs)
	if g.caption == "" {
		g.caption = captionBelow(lines, end)
	}
	g.context = strings.Join(lines[max(0, hs-6):hs], "\n") + "\n" + strings.Join(lines[end:min(len(lines), end+3)], "\n") + stack.leads()
	g.above = strings.Join(lines[prevEnd:hs], "\n")
	return g
}

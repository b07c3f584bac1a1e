package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A generated report often prints its sweep as the script's own JSON, a
// list of one object per level in a fenced block ("## Throughput curve",
// then ```json [ {"concurrency": 1, "output_tok_s": 67.7, …}, … ]), below
// pipe tables of its settings and of one run's metrics. Rendered, that list
// is the page's table as plainly as a fenced CSV is: it is read as one of
// the page's tables, its keys the headers, its objects the rows, with the
// headings above the fence naming it. Which of the page's tables is the
// sweep is then decided as for any page: the one that reads as a sweep.

// fencedGrid reads the fenced block opening at line i as a table: CSV, or
// a JSON list of records; false when it is neither.
func fencedGrid(path string, lines []string, i int) (grid, int, bool) {
	if g, end, ok := fencedCSVGrid(path, lines, i); ok {
		return g, end, true
	}
	return fencedRecordsGrid(path, lines, i)
}

// jsonFence opens a fenced block that says json, or says nothing.
var jsonFence = regexp.MustCompile("^\\s*(```+|~~~+)\\s*(?i:(json|jsonc|json5)?)\\s*$")

// fencedRecordsGrid reads the fenced JSON block opening at line i as a
// grid of its records and the index after its closing fence; false when
// line i opens no such fence, or the block is no one list of two or more
// records.
func fencedRecordsGrid(path string, lines []string, i int) (grid, int, bool) {
	m, end, ok := fencedBlock(lines, i, jsonFence)
	if !ok {
		return grid{}, 0, false
	}
	body := strings.TrimSpace(strings.Join(lines[i+1:end], "\n"))
	if body == "" || body[0] != '[' && (body[0] != '{' || m[2] == "") {
		// A bare fence is read only when it opens a list: an object in an
		// untagged block is as often a config as a result.
		return grid{}, 0, false
	}
	block := []byte(strings.Join(lines[i+1:end], "\n"))
	list, ok := jsonRecordList(block)
	if !ok || len(list.items) < 2 {
		return grid{}, 0, false
	}
	g := recordsGrid(path, block, list)
	g.headerLine += i + 1
	for j := range g.lines {
		g.lines[j] += i + 1
	}
	g.notes = append(g.notes, fmt.Sprintf("%s:%d: the JSON list in the fenced block read as one of the page's tables", path, i+1))
	return g, end + 1, true
}

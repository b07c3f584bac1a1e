package table

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// A script's progress output often prints one line per level, fields
// apart by bars, each value with its unit and no header at all:
// "Concurrency  4 |  224.7 tok/s | 2.7s total". The load word and its
// number open the line; each field after it is a number and the words
// that name it, the same words on every line. Three lines or more, the
// same load word each time, and a token rate among the fields, are the
// rows of a table whose header those words give ("Concurrency", "tok/s",
// "total (s)"); lines between them (each request's own line) are no rows.

// levelLineHead is a line's first field: a load word and a level.
var levelLineHead = regexp.MustCompile(`^\s*([A-Za-z][A-Za-z _-]*?)\s*[=:]?\s*(\d+)\s*$`)

// levelLineField is a later field: a number, its unit glued or spaced, and
// any words after it ("2.7s total").
var levelLineField = regexp.MustCompile(`^\s*(\d[\d,]*(?:\.\d+)?)\s*([A-Za-z/%]+(?:/[A-Za-z]+)?)?\s*([A-Za-z][A-Za-z ]*?)?\s*$`)

// levelLinesGrid is the table such lines hold; false unless three lines
// or more share one load word and one list of field names, one of which
// names a load knee reads and another a token rate.
func levelLinesGrid(path string, data []byte) (grid, bool) {
	g := grid{file: path}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		header, row, ok := levelLine(sc.Text())
		if !ok {
			continue
		}
		if g.header == nil {
			g.header, g.headerLine = header, n
		} else if !equalStrings(header, g.header) {
			return grid{}, false
		}
		g.rows = append(g.rows, row)
		g.lines = append(g.lines, n)
	}
	if len(g.rows) < 3 || classify(g.header[0]).kind != colConcurrency || !namesRate(g.header[1:]) {
		return grid{}, false
	}
	g.notes = []string{fmt.Sprintf("%s:%d: no table: a line per level (%q …), its fields apart by bars, each value named by its unit: read as the columns %s", path, g.headerLine, strings.Join(g.rows[0], " | "), quoteAll(g.header))}
	return g, true
}

// levelLine splits one line into the header its words give and the row its
// numbers give.
func levelLine(l string) ([]string, []string, bool) {
	fields := strings.Split(l, "|")
	if len(fields) < 2 {
		return nil, nil, false
	}
	m := levelLineHead.FindStringSubmatch(fields[0])
	if m == nil {
		return nil, nil, false
	}
	header, row := []string{strings.TrimSpace(m[1])}, []string{m[2]}
	for _, f := range fields[1:] {
		v := levelLineField.FindStringSubmatch(f)
		if v == nil || v[2] == "" && v[3] == "" {
			return nil, nil, false
		}
		name := strings.TrimSpace(v[3])
		switch {
		case name == "":
			name = v[2]
		case v[2] != "":
			name = fmt.Sprintf("%s (%s)", name, v[2])
		}
		header, row = append(header, name), append(row, v[1])
	}
	return header, row, true
}

// namesRate: one of the names is a token rate.
func namesRate(names []string) bool {
	for _, n := range names {
		if classify(n).kind == colThroughput {
			return true
		}
	}
	return false
}

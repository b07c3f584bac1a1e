package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A markdown table has one header line, so a two-row header ("Throughput"
// over "output | total", "Latency" over "p50 | p99") is written as a group
// row in the header and the names under it as the first row. A group spans
// the columns to its right up to the next one, as a merged cell does: its
// blank cells continue it, and the blanks before the first group stand over
// no group. Such a first row holds a name in every cell and no number,
// while the rows below hold numbers: the two are joined into one header
// ("Throughput output", "Latency p50"), a group before each name it stands
// over. A series written as a group ("TP=2" over "Tok/s | p50") so becomes
// a series in the column names, read as such.
func mergeGroupHeader(g *grid) []string {
	if len(g.rows) < 2 || !groupHeader(g.header) || !namesRow(g.rows[0]) || namesRow(g.rows[1]) {
		return nil
	}
	header := make([]string, len(g.header))
	group := ""
	for i, h := range g.header {
		if h = strings.TrimSpace(h); !isBlank(cleanCell(h)) {
			group = h
		}
		name := strings.TrimSpace(cellAt(g.rows[0], i))
		if group != "" && !strings.EqualFold(cleanCell(group), cleanCell(name)) {
			name = group + " " + name
		}
		header[i] = name
	}
	g.header = header
	g.rows = g.rows[1:]
	if len(g.lines) > 0 {
		g.lines = g.lines[1:]
	}
	return []string{fmt.Sprintf("%s: the header is a row of groups over a row of names: read as one (%s)", g.file, strings.Join(header, " | "))}
}

// groupHeader: some cells name a group and some are blank; none is a
// number (a transposed table's header names its levels).
func groupHeader(header []string) bool {
	blank, named := 0, 0
	for _, h := range header {
		cell := cleanCell(h)
		switch _, number, _ := parseCell(cell); {
		case isBlank(cell):
			blank++
		case number:
			return false
		default:
			named++
		}
	}
	return blank > 0 && named > 0
}

// namesRow: every cell holds a name, none a number.
func namesRow(row []string) bool {
	for _, c := range row {
		cell := cleanCell(c)
		if isBlank(cell) {
			return false
		}
		if _, number, _ := parseCell(cell); number || measuredLead.MatchString(cell) {
			return false
		}
	}
	return len(row) > 0
}

// measuredLead is a cell opening with a decimal number, a measurement
// with words after it ("21.02 GiB in 8.5 s"), or with a list of numbers
// ("2410 / 2392 / 2281"): values, never a column's name.
var measuredLead = regexp.MustCompile(`^(?:\d+\.\d+\s|\d[\d,.]*\s*/\s*\d)`)

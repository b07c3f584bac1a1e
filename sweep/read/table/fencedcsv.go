package table

import (
	"encoding/csv"
	"regexp"
	"strings"
)

// A page often pastes a script's CSV output in a fenced block ("```csv",
// a header row, one row per level) rather than as a pipe table. Rendered,
// it is the page's table; read as one, with the headings and the caption
// above the fence that name it. Only a fence that says csv (or tsv) is
// read so: a console block's commas are no table.

// csvFence opens a fenced block of CSV or TSV.
var csvFence = regexp.MustCompile("^\\s*(```+|~~~+)\\s*(?i:(csv|tsv))\\s*$")

// fencedBlock is the opening fence's match at line i (the fence itself,
// then the language it names) and the index of the line that closes it;
// false when line i opens no fence of open, or nothing closes it.
func fencedBlock(lines []string, i int, open *regexp.Regexp) ([]string, int, bool) {
	m := open.FindStringSubmatch(lines[i])
	if m == nil {
		return nil, 0, false
	}
	end := i + 1
	for end < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[end]), m[1][:3]) {
		end++
	}
	return m, end, end < len(lines)
}

// fencedCSVGrid reads the fenced CSV block opening at line i: the grid
// (header at the line under the fence) and the index after its closing
// fence; false when line i opens none, or the block holds no header and
// two rows.
func fencedCSVGrid(path string, lines []string, i int) (grid, int, bool) {
	m, end, ok := fencedBlock(lines, i, csvFence)
	if !ok {
		return grid{}, 0, false
	}
	r := csv.NewReader(strings.NewReader(strings.Join(lines[i+1:end], "\n")))
	r.FieldsPerRecord, r.TrimLeadingSpace = -1, true
	if strings.EqualFold(m[2], "tsv") {
		r.Comma = '\t'
	}
	g := grid{file: path}
	for {
		rec, err := r.Read()
		if err != nil {
			break // io.EOF, or a malformed line: the block ends there
		}
		line, _ := r.FieldPos(0)
		for j := range rec {
			rec[j] = strings.TrimSpace(rec[j])
		}
		if g.header == nil {
			g.header, g.headerLine = rec, i+1+line
			continue
		}
		if !BlankRecord(rec) {
			g.rows = append(g.rows, rec)
			g.lines = append(g.lines, i+1+line)
		}
	}
	if len(g.header) < 2 || len(g.rows) < 2 {
		return grid{}, 0, false
	}
	return g, end + 1, true
}

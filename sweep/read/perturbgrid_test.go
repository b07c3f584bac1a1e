package read

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// A perturbation rewrites a corpus table the way another engineer would
// have written the same results: it needs the table's cells, not its text.
// textTable is one table of a file: a markdown table (header, separator,
// rows of cells between pipes) or a whole CSV file.
type textTable struct {
	start, end int // the lines [start, end) it replaces
	header     []string
	rows       [][]string
	csv        bool
	// transposed: a row per metric, a column per level (the entry's
	// transcription says so); column 0 names the metrics.
	transposed bool
	// bare: rows written without the outer pipes ("a | b").
	bare bool
	// aligned: written as text in columns, as pandas prints a frame
	// ("pandas": its index first, right-aligned) or a console tool does
	// ("dashes": left-aligned, a rule of dashes under the header).
	aligned string
	// before and after are lines written around the table (a fence, a
	// list item's text); indent prefixes each of its lines ("> ", "   ").
	before, after []string
	indent        string
}

// labels are the cells that name what a table's values are: the header, or
// in a transposed table its corner and first column.
func (tb *textTable) labels() []*string {
	var out []*string
	if !tb.transposed {
		for i := range tb.header {
			out = append(out, &tb.header[i])
		}
		return out
	}
	out = append(out, &tb.header[0])
	for _, r := range tb.rows {
		out = append(out, &r[0])
	}
	return out
}

var mdSeparator = regexp.MustCompile(`^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$`)

// splitPipes: the cells of a markdown row. An escaped pipe is not read:
// a table holding one is left alone (ok false).
func splitPipes(line string) ([]string, bool) {
	s := strings.TrimSpace(line)
	if !strings.HasPrefix(s, "|") || strings.Contains(s, `\|`) {
		return nil, false
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "|"), "|")
	cells := strings.Split(s, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells, true
}

// markdownTables finds each table that starts at column 0 (a quoted or
// indented one is left as it is) and whose rows all have the header's width.
func markdownTables(lines []string) []textTable {
	var out []textTable
	for i := 0; i+1 < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "|") || !mdSeparator.MatchString(lines[i+1]) {
			continue
		}
		header, ok := splitPipes(lines[i])
		if !ok {
			continue
		}
		tb := textTable{start: i, header: header}
		j := i + 2
		for ; j < len(lines) && strings.HasPrefix(lines[j], "|"); j++ {
			cells, ok := splitPipes(lines[j])
			if !ok || len(cells) != len(header) {
				ok = false
				break
			}
			tb.rows = append(tb.rows, cells)
		}
		if j < len(lines) && strings.HasPrefix(lines[j], "|") || len(tb.rows) == 0 {
			i = j
			continue
		}
		tb.end = j
		out = append(out, tb)
		i = j
	}
	return out
}

func (tb textTable) markdown() []string {
	if tb.aligned != "" {
		return tb.alignedText()
	}
	row := func(cells []string) string { return "| " + strings.Join(cells, " | ") + " |" }
	if tb.bare {
		row = func(cells []string) string { return strings.Join(cells, " | ") }
	}
	sep := make([]string, len(tb.header))
	for i := range sep {
		sep[i] = "---"
	}
	out := []string{row(tb.header), row(sep)}
	for _, r := range tb.rows {
		out = append(out, row(r))
	}
	return out
}

// perturbable is a file's text with its tables, rewritten in place.
type perturbable struct {
	lines  []string
	tables []textTable
	csv    bool
}

func parsePerturbable(data []byte, isCSV, transposed bool) (perturbable, bool) {
	p := perturbable{csv: isCSV}
	if isCSV {
		recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil || len(recs) < 2 {
			return perturbable{}, false
		}
		p.tables = []textTable{{header: recs[0], rows: recs[1:], csv: true}}
	} else {
		p.lines = strings.Split(string(data), "\n")
		p.tables = markdownTables(p.lines)
	}
	for i := range p.tables {
		p.tables[i].transposed = transposed
	}
	return p, true
}

func (p perturbable) text() []byte {
	if p.csv {
		var b bytes.Buffer
		w := csv.NewWriter(&b)
		_ = w.Write(p.tables[0].header)
		_ = w.WriteAll(p.tables[0].rows)
		return b.Bytes()
	}
	var out []string
	at := 0
	for _, tb := range p.tables {
		out = append(out, p.lines[at:tb.start]...)
		out = append(out, tb.before...)
		for _, l := range tb.markdown() {
			out = append(out, tb.indent+l)
		}
		out = append(out, tb.after...)
		at = tb.end
	}
	out = append(out, p.lines[at:]...)
	return []byte(strings.Join(out, "\n"))
}

func (p perturbable) clone() perturbable {
	q := perturbable{lines: append([]string(nil), p.lines...), csv: p.csv}
	for _, tb := range p.tables {
		c := tb
		c.header = append([]string(nil), tb.header...)
		c.before = append([]string(nil), tb.before...)
		c.after = append([]string(nil), tb.after...)
		c.rows = nil
		for _, r := range tb.rows {
			c.rows = append(c.rows, append([]string(nil), r...))
		}
		q.tables = append(q.tables, c)
	}
	return q
}

// alignedText writes the table in columns two spaces apart.
func (tb textTable) alignedText() []string {
	header, rows := tb.header, tb.rows
	if tb.aligned == "pandas" {
		header = append([]string{""}, header...)
		rows = nil
		for i, r := range tb.rows {
			rows = append(rows, append([]string{fmt.Sprint(i)}, r...))
		}
	}
	width := make([]int, len(header))
	for _, r := range append([][]string{header}, rows...) {
		for i, c := range r {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	line := func(cells []string) string {
		parts := make([]string, len(cells))
		for i, c := range cells {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if tb.aligned == "pandas" {
				parts[i] = pad + c
			} else {
				parts[i] = c + pad
			}
		}
		return strings.TrimRight(strings.Join(parts, "  "), " ")
	}
	out := []string{line(header)}
	if tb.aligned == "dashes" {
		rule := make([]string, len(header))
		for i := range rule {
			rule[i] = strings.Repeat("-", width[i])
		}
		out = append(out, line(rule))
	}
	for _, r := range rows {
		out = append(out, line(r))
	}
	return out
}

package table

import (
	"bytes"
	"regexp"
	"strings"

	"golang.org/x/net/html"
)

// Pages and READMEs write tables in HTML as often as in pipes: <table>,
// <tr>, <th> and <td>, under <h3> headings and beside <p> prose. A perf
// engineer reads them as the rendered page shows them, so knee rewrites
// each such table as a pipe table, its headings as markdown headings and
// its other tags as their text, and reads the result as markdown; every
// line keeps the number of the source line it came from, for messages.
// A row whose one cell spans the table ("2× H100 (NVLink)") labels the
// rows below it, as a group heading does: it becomes their "Series" cell.

// maxHTMLTable bounds the text one table may span (a page's tables are
// kilobytes; an unclosed tag must not swallow a huge input).
const maxHTMLTable = 1 << 20

var (
	htmlTableOpen  = regexp.MustCompile(`(?i)<table[\s>]`)
	htmlTableClose = regexp.MustCompile(`(?i)</table\s*>`)
	htmlHeading    = regexp.MustCompile(`(?i)^\s*<h([1-6])[^>]*>(.*?)</h[1-6]\s*>\s*$`)
	htmlTag        = regexp.MustCompile(`<[^>]*>`)
)

// htmlAsMarkdown rewrites data's HTML tables and headings as markdown;
// src[i] is the 1-based source line of output line i. ok is false when
// data holds no HTML table.
func htmlAsMarkdown(data []byte) (out []string, src []int, ok bool) {
	if !htmlTableOpen.Match(data) {
		return nil, nil, false
	}
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		loc := htmlTableOpen.FindStringIndex(lines[i])
		if loc == nil {
			out, src = append(out, htmlLineText(lines[i])), append(src, i+1)
			continue
		}
		end, span := htmlTableSpan(lines, i, loc[0])
		if end < 0 {
			out, src = append(out, htmlLineText(lines[i])), append(src, i+1)
			continue
		}
		if before := htmlLineText(lines[i][:loc[0]]); strings.TrimSpace(before) != "" {
			out, src = append(out, before), append(src, i+1)
		}
		rows, rowLines := htmlRows(span)
		md, mdLines := pipeTable(rows, rowLines, i+1)
		out, src = append(out, ""), append(src, i+1) // a pipe table opens a paragraph
		out, src = append(out, md...), append(src, mdLines...)
		out, src = append(out, ""), append(src, end+1)
		i = end
	}
	return out, src, true
}

// htmlTableSpan finds the line where the table opening on line i at column
// at closes, and the table's text; end is -1 when it does not close
// within maxHTMLTable.
func htmlTableSpan(lines []string, i, at int) (end int, span string) {
	var b strings.Builder
	b.WriteString(lines[i][at:])
	for j := i; j < len(lines); j++ {
		if j > i {
			b.WriteString("\n" + lines[j])
		}
		if b.Len() > maxHTMLTable {
			return -1, ""
		}
		if htmlTableClose.MatchString(lines[j]) && (j > i || htmlTableClose.MatchString(lines[i][at:])) {
			return j, b.String()
		}
	}
	return -1, ""
}

// htmlLineText is a line outside the tables as the page shows it: a
// heading as a markdown heading, other tags dropped, entities decoded. A
// line with no tag is left as written (markdown around the tables).
func htmlLineText(line string) string {
	if !strings.Contains(line, "<") {
		return line
	}
	if m := htmlHeading.FindStringSubmatch(line); m != nil {
		return strings.Repeat("#", int(m[1][0]-'0')) + " " + cellText(m[2])
	}
	return html.UnescapeString(htmlTag.ReplaceAllString(line, ""))
}

// cellText is HTML's visible text on one line, its blanks collapsed.
func cellText(s string) string {
	return strings.Join(strings.Fields(html.UnescapeString(htmlTag.ReplaceAllString(s, " "))), " ")
}

// htmlCell is one cell of a row and how many columns it spans.
type htmlCell struct {
	text string
	span int
}

// htmlRows are the table's rows of cells and the line (from the table's
// first, 0-based) each row opens on.
func htmlRows(span string) ([][]htmlCell, []int) {
	z := html.NewTokenizer(strings.NewReader(span))
	var r htmlRowReader
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		raw := z.Raw()
		r.take(tt, z.Token())
		r.line += bytes.Count(raw, []byte("\n"))
	}
	return r.rows, r.at
}

// htmlRowReader gathers the rows of one table from its tokens.
type htmlRowReader struct {
	rows  [][]htmlCell
	at    []int
	line  int
	depth int
	cell  *strings.Builder
}

func (r *htmlRowReader) take(tt html.TokenType, tok html.Token) {
	start, end := tt == html.StartTagToken, tt == html.EndTagToken
	cellTag := tok.Data == "td" || tok.Data == "th"
	switch {
	case tok.Data == "table" && start:
		r.depth++
	case tok.Data == "table" && end:
		r.depth--
	case r.depth != 1: // a table inside a cell is that cell's text
		r.text(tt, tok)
	case start && tok.Data == "tr":
		r.rows, r.at = append(r.rows, nil), append(r.at, r.line)
	case start && cellTag:
		r.openCell(tok)
	case end && cellTag:
		r.closeCell()
	default:
		r.text(tt, tok)
	}
}

func (r *htmlRowReader) openCell(tok html.Token) {
	if len(r.rows) == 0 {
		return // a cell outside any row
	}
	r.rows[len(r.rows)-1] = append(r.rows[len(r.rows)-1], htmlCell{span: colspan(tok)})
	r.cell = &strings.Builder{}
}

func (r *htmlRowReader) closeCell() {
	if r.cell == nil {
		return
	}
	row := r.rows[len(r.rows)-1]
	row[len(row)-1].text = strings.Join(strings.Fields(r.cell.String()), " ")
	r.cell = nil
}

// text adds a cell's text; a line break inside it is a blank.
func (r *htmlRowReader) text(tt html.TokenType, tok html.Token) {
	switch {
	case r.cell == nil:
	case tt == html.TextToken:
		r.cell.WriteString(tok.Data)
	case tt == html.StartTagToken && tok.Data == "br":
		r.cell.WriteString(" ")
	}
}

// colspan is a cell's colspan attribute, 1 when absent or not a small
// number.
func colspan(tok html.Token) int {
	for _, a := range tok.Attr {
		if a.Key == "colspan" {
			n := 0
			for _, r := range strings.TrimSpace(a.Val) {
				if r < '0' || r > '9' || n > 64 {
					return 1
				}
				n = n*10 + int(r-'0')
			}
			return max(n, 1)
		}
	}
	return 1
}

// pipeTable writes rows as a pipe table: the first row its header, a
// row whose one cell spans the table a label for the rows under it. first
// is the source line of the table's first line.
func pipeTable(rows [][]htmlCell, at []int, first int) ([]string, []int) {
	var grid [][]string
	var lines []int
	width := 0
	for _, r := range rows {
		width = max(width, spannedWidth(r))
	}
	label, labelled := "", false
	for i, r := range rows {
		if len(r) == 0 {
			continue
		}
		if i > 0 && len(r) == 1 && r[0].span >= width && width > 1 {
			label, labelled = r[0].text, true
			continue
		}
		cells := []string{label}
		for _, c := range r {
			for k := 0; k < c.span; k++ {
				cells = append(cells, c.text)
			}
		}
		grid, lines = append(grid, cells), append(lines, first+at[i])
	}
	var out []string
	var src []int
	for i, cells := range grid {
		if !labelled {
			cells = cells[1:]
		} else if i == 0 {
			cells[0] = "Series"
		}
		out, src = append(out, pipeRow(cells)), append(src, lines[i])
		if i == 0 {
			out, src = append(out, pipeRow(separatorCells(len(cells)))), append(src, lines[i])
		}
	}
	return out, src
}

// spannedWidth is how many columns a row's cells cover.
func spannedWidth(r []htmlCell) int {
	n := 0
	for _, c := range r {
		n += c.span
	}
	return n
}

func pipeRow(cells []string) string {
	esc := make([]string, len(cells))
	for i, c := range cells {
		esc[i] = strings.ReplaceAll(c, "|", `\|`)
	}
	return "| " + strings.Join(esc, " | ") + " |"
}

func separatorCells(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "---"
	}
	return out
}

package table

import (
	"regexp"
	"strings"
)

// Sphinx documentation (vLLM's, LightLLM's, SGLang's docs, model cookbooks)
// writes its result tables in reStructuredText as list-tables:
//
//	Speed Test Results (ShareGPT, 4×H200)
//	~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
//
//	.. list-table:: optional title
//	   :header-rows: 1
//
//	   * - Concurrency
//	     - Output (tok/s)
//	   * - 16
//	     - 1,798
//
// A row opens with "* -", each further cell with "-" indented under it,
// all of it indented under the directive. The
// table is the pipe table it renders as, its section title (a line over a
// line of ~, =, - or ^) a heading, so the markdown reader reads both as it
// reads any page.

var (
	rstListTable = regexp.MustCompile(`^(\s*)\.\. list-table::\s*(.*)$`)
	rstRowOpen   = regexp.MustCompile(`^\s+\*\s+-\s?(.*)$`)
	rstCellOpen  = regexp.MustCompile(`^\s+-\s?(.*)$`)
	rstOption    = regexp.MustCompile(`^\s*:[\w-]+:`)
)

// rstAsMarkdown rewrites data's list-tables as pipe tables and its section
// titles as headings, with each output line's source line; false when data
// holds no list-table.
func rstAsMarkdown(data []byte) ([]string, []int, bool) {
	if !strings.Contains(string(data), ".. list-table::") {
		return nil, nil, false
	}
	lines := strings.Split(string(data), "\n")
	var out []string
	var src []int
	found := false
	for i := 0; i < len(lines); i++ {
		if m := rstListTable.FindStringSubmatch(lines[i]); m != nil {
			rows, at, end := rstRows(lines, i+1)
			if len(rows) >= 2 {
				found = true
				if t := strings.TrimSpace(m[2]); t != "" {
					out, src = append(out, "", "**"+t+"**"), append(src, i+1, i+1)
				}
				out, src = append(out, ""), append(src, i+1)
				for r, cells := range rows {
					out, src = append(out, "| "+strings.Join(cells, " | ")+" |"), append(src, at[r])
					if r == 0 {
						out, src = append(out, "|"+strings.Repeat("---|", len(cells))), append(src, at[r])
					}
				}
				out, src = append(out, ""), append(src, end)
				i = end - 1
				continue
			}
		}
		if i+1 < len(lines) && rstTitle(lines[i], lines[i+1]) {
			out, src = append(out, "### "+strings.TrimSpace(lines[i])), append(src, i+1)
			i++ // the underline
			continue
		}
		out, src = append(out, lines[i]), append(src, i+1)
	}
	return out, src, found
}

// rstTitle: line is a section title its next line underlines.
func rstTitle(line, next string) bool {
	t := strings.TrimSpace(line)
	u := strings.TrimSpace(next)
	return t != "" && !strings.HasPrefix(t, "..") && rstUnderline(u) && len(u) >= len([]rune(t))-2
}

// rstUnderline: u is three or more of one of the characters RST underlines
// a title with.
func rstUnderline(u string) bool {
	if len(u) < 3 || !strings.ContainsRune(`=~-^"'*+#`, rune(u[0])) {
		return false
	}
	return strings.Count(u, u[:1]) == len(u)
}

// rstRows reads a list-table's rows from line from on: its options, then
// "* -" rows of "-" cells; a cell's continuation lines join it. It returns
// the rows, each row's source line, and the first line after the table.
func rstRows(lines []string, from int) ([][]string, []int, int) {
	var rows [][]string
	var at []int
	i := from
	for ; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.TrimSpace(l) == "" || rstOption.MatchString(l) && len(rows) == 0:
		case rstRowOpen.MatchString(l):
			rows, at = append(rows, []string{rstCell(rstRowOpen.FindStringSubmatch(l)[1])}), append(at, i+1)
		case len(rows) > 0 && rstCellOpen.MatchString(l):
			rows[len(rows)-1] = append(rows[len(rows)-1], rstCell(rstCellOpen.FindStringSubmatch(l)[1]))
		case len(rows) > 0 && strings.HasPrefix(l, " "):
			r := rows[len(rows)-1]
			r[len(r)-1] = strings.TrimSpace(r[len(r)-1] + " " + rstCell(l))
		default:
			return rows, at, i
		}
	}
	return rows, at, i
}

// rstCell is a cell's text as a pipe table holds it.
func rstCell(s string) string {
	return strings.ReplaceAll(strings.TrimSpace(s), "|", `\|`)
}

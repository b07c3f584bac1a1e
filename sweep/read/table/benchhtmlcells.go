package table

import (
	"regexp"
	"strings"
)

// A page may set result blocks side by side in an HTML table, one arm per
// column under a header row:
//
//	<tr><th>with kvcached</th><th>without kvcached</th></tr>
//	<tr><td>
//	```
//	============ Serving Benchmark Result ============
//	…
//	```
//	</td><td>
//	…
//
// The column's header names the block inside its cell, as a fold's title
// does: two blocks of one level in two columns are two arms (series), never
// one curve nor repeats.

// htmlHeaderCell is one <th> cell's text.
var htmlHeaderCell = regexp.MustCompile(`(?i)<th[^>]*>(.*?)</th>`)

// htmlDataCell opens a <td> cell.
var htmlDataCell = regexp.MustCompile(`(?i)<td[\s>]`)

// htmlColumns follows the HTML table around the blocks: its header row's
// cells and the data cell now open in the current row.
type htmlColumns struct {
	heads []string
	cell  int // index of the open <td> in its row; -1 before the first
}

// follow takes a line outside the blocks and returns the title of the
// column whose cell it opens, "" when it opens none with a header.
func (h *htmlColumns) follow(line string) string {
	low := strings.ToLower(line)
	if strings.Contains(low, "</table>") {
		*h = htmlColumns{}
		return ""
	}
	if m := htmlHeaderCell.FindAllStringSubmatch(line, -1); len(m) > 1 {
		h.heads = h.heads[:0]
		for _, c := range m {
			h.heads = append(h.heads, strings.TrimSpace(stripMarkup(htmlTags.ReplaceAllString(c[1], ""))))
		}
		h.cell = -1
		return ""
	}
	if len(h.heads) == 0 {
		return ""
	}
	if strings.Contains(low, "<tr") {
		h.cell = -1
	}
	n := len(htmlDataCell.FindAllStringIndex(line+" ", -1))
	if n == 0 {
		return ""
	}
	h.cell += n
	if h.cell < len(h.heads) {
		return h.heads[h.cell]
	}
	return ""
}

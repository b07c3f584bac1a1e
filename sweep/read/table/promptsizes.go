package table

import (
	"fmt"
	"regexp"
	"strings"
)

// "prompt" over "1.4K", "12.1K", "43.7K" is the prompt's size in thousands
// of tokens, a workload the run was set to, not a count of prompts sent: a
// count is written whole (1, 10, 100), a size in tokens rounded to
// thousands. Rows of one level with prompts of other sizes ran other
// workloads (series.go), never repeats to average.

// thousandsCell is a number of thousands: "1.4K", "12k", "128K".
var thousandsCell = regexp.MustCompile(`^\d+(?:\.\d+)?\s*[kK]$`)

// promptSizes reads a prompts column whose every filled cell is written in
// thousands, under a header that counts nothing, as a workload setting.
func (r *resolved) promptSizes(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colPrompts || countsPrompts(c.header) {
			continue
		}
		if !everyFilledCell(g, i, cleanCell, thousandsCell.MatchString) {
			continue
		}
		c.kind, c.why = colWorkload, "prompt sizes in thousands of tokens"
		r.notes = append(r.notes, fmt.Sprintf("%s: %q holds sizes in thousands (%q): read as the prompt length, a workload setting, not prompts sent", g.file, c.header, firstFilled(g, i)))
	}
}

// countsPrompts: the header counts ("num_prompts", "# prompts", "prompt count").
func countsPrompts(header string) bool {
	h := strings.ToLower(header)
	return strings.Contains(h, "#") || wordset(headerTokens(h)).has("num", "n", "count", "number", "total", "sent")
}

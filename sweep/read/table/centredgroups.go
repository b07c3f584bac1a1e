package table

import (
	"fmt"
	"strings"
)

// A merged cell over several columns is often rendered with its label in
// one of them, not the first: "| 并发数 | | TTFT ms | | | E2E吞吐 tok/s | |"
// over "| | 开启 UCM | 关闭 UCM | 提升比例 | 开启 UCM | 关闭 UCM | 提升比例 |".
// The row of names under the header tells the groups apart: it is blank
// under the columns the header names on their own, and under the groups
// it repeats one run of names ("开启 UCM, 关闭 UCM, 提升比例"), once per
// group. Each repeat is a group; the one label the header holds over it,
// wherever it sits, names it. Read only when every repeat holds exactly
// one label and the header names every other column: otherwise which
// label stands over which name is a guess.

// mergeCentredGroups joins such a two-row header into one; nil when the
// header and its first row are not so.
func mergeCentredGroups(g *grid) []string {
	if len(g.rows) < 2 || namesRow(g.rows[1]) {
		return nil
	}
	sub, ok := subNameRun(g.header, g.rows[0])
	if !ok {
		return nil
	}
	period, ok := repeatPeriod(g.rows[0], sub)
	if !ok {
		return nil
	}
	header := make([]string, len(g.header))
	copy(header, g.header)
	for start := sub[0]; start < sub[1]; start += period {
		label := ""
		for i := start; i < start+period; i++ {
			if h := strings.TrimSpace(g.header[i]); !isBlank(cleanCell(h)) {
				if label != "" {
					return nil // two labels over one repeat
				}
				label = h
			}
		}
		if label == "" {
			return nil
		}
		for i := start; i < start+period; i++ {
			header[i] = label + " " + strings.TrimSpace(cellAt(g.rows[0], i))
		}
	}
	g.header = header
	g.rows = g.rows[1:]
	if len(g.lines) > 0 {
		g.lines = g.lines[1:]
	}
	return []string{fmt.Sprintf("%s: the header's groups stand over repeats of the names in the row under it: read as one header (%s)", g.file, strings.Join(header, " | "))}
}

// subNameRun is the one run [from, to) of columns where row names
// something; outside it row is blank and the header names each column.
// Two columns at least, and no number in the run.
func subNameRun(header, row []string) ([2]int, bool) {
	run := [2]int{-1, -1}
	for i := range header {
		cell := cleanCell(cellAt(row, i))
		if isBlank(cell) {
			if run[0] >= 0 && run[1] < 0 {
				run[1] = i
			}
			if isBlank(cleanCell(header[i])) {
				return run, false // a column nothing names
			}
			continue
		}
		if _, number, _ := parseCell(cell); number || run[1] >= 0 {
			return run, false
		}
		if run[0] < 0 {
			run[0] = i
		}
	}
	if run[0] >= 0 && run[1] < 0 {
		run[1] = len(header)
	}
	return run, run[0] >= 0 && run[1]-run[0] >= 2
}

// repeatPeriod is the shortest run of names that row repeats across the
// columns of sub, at least twice and two names long.
func repeatPeriod(row []string, sub [2]int) (int, bool) {
	n := sub[1] - sub[0]
	for p := 2; p <= n/2; p++ {
		if n%p != 0 {
			continue
		}
		same := true
		for i := sub[0] + p; i < sub[1] && same; i++ {
			same = strings.EqualFold(cleanCell(cellAt(row, i)), cleanCell(cellAt(row, i-p)))
		}
		if same {
			return p, true
		}
	}
	return 0, false
}

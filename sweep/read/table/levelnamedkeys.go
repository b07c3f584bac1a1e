package table

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A run's name often carries its level: "input512-output128-rate1" at 1
// req/s offered, "…-rate2" at 2, "c16-ctx8k" at 16 in flight. Keyed by the
// whole name, every level is a curve of its own; the name less its level
// ("input512-output128") is the setting the curve keeps; a name that is its
// level alone ("rps4") keeps its word ("rps"). Where most of a
// label column's names write their own row's level after a load's word
// (rate, qps, c, conc, bs, batch, users, n) or before it ("4.0qps"), that
// part is cut from every name that writes it; a name that writes none
// ("baseline") stays as it is.

// levelInName is a load's word and a number, or a number and a load's
// word, standing apart from the rest of a name.
var levelInName = regexp.MustCompile(`(?i)(?:^|[_\-\s./])(?:(?:rate|qps|rps|c|conc|concurrency|bs|batch|users|u|n|np)[_\-=]?(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)[_\-]?(?:qps|rps|rate|conc|users))(?:$|[_\-\s./])`)

// cutLevelNames cuts the level from the names of each candidate column
// whose names mostly write their row's level (three rows at least, and
// three in four of its filled cells); the note names the columns.
func cutLevelNames(g *grid, cand []int, load int) []string {
	if load < 0 {
		return nil
	}
	var notes []string
	for _, i := range cand {
		cut, filled := levelNameCuts(*g, i, load)
		if len(cut) < 3 || 4*len(cut) < 3*filled {
			continue
		}
		first := ""
		for r := range g.rows { // in row order: the note names the first
			name, ok := cut[r]
			if !ok {
				continue
			}
			if first == "" {
				first = fmt.Sprintf("%q → %q", strings.TrimSpace(cellAt(g.rows[r], i)), name)
			}
			g.rows[r][i] = name
		}
		notes = append(notes, fmt.Sprintf("%s: the names under %q write their row's level (%s): the curve is the name less its level", g.file, g.header[i], first))
	}
	return notes
}

// levelNameCuts are column i's names less the level their row is at, by
// row, for the names that write it, and how many cells are filled.
func levelNameCuts(g grid, i, load int) (map[int]string, int) {
	cut, filled := map[int]string{}, 0
	for r, row := range g.rows {
		name := strings.TrimSpace(cellAt(row, i))
		if isBlank(name) {
			continue
		}
		lv, ok, err := parseCell(cleanCell(cellAt(row, load)))
		if !ok || err != nil {
			// A row at no level ("inf", a peak probe) cannot write it.
			continue
		}
		filled++
		for _, m := range levelInName.FindAllStringSubmatchIndex(name, -1) {
			at := 2 // the number after the word, else the one before it
			if m[2] < 0 {
				at = 4
			}
			num := name[m[at]:m[at+1]]
			if v, err := strconv.ParseFloat(num, 64); err != nil || v != lv.v {
				continue
			}
			left, right := name[:m[0]], name[m[1]:]
			if left != "" && right != "" {
				left += name[m[0] : m[0]+1] // the separator before the level
			}
			if rest := strings.Trim(left+right, "_-./ "); rest != "" {
				cut[r] = rest
			} else {
				// The name is the level alone ("rps4"): its word names
				// the curve ("rps").
				cut[r] = strings.Trim(name[:m[at]]+name[m[at+1]:], "_-./ ")
			}
			break
		}
	}
	return cut, filled
}

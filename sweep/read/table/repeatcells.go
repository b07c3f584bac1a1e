package table

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A table of repeated runs may write every run's value in one cell ("39.0,
// 40.2 tok/s") and say above it how many runs there were ("two runs"):
// each cell of k values of one quantity is then k measurements of its
// level, not k metrics. The row becomes k rows, one per run, which the
// reader keeps as repeats of the level; cells holding one value (the load,
// a setting) are each run's.

// statedRuns finds a count of runs in prose: "two runs", "3 repeats",
// "runs: 2".
var statedRuns = regexp.MustCompile(`(?i)\b(two|three|four|five|[2-9])\s+(?:runs|repeats|repetitions|trials|passes|seeds|iterations)\b|\b(?:runs|repeats|repetitions|trials)\s*[=:]\s*([2-9])\b`)

var runCounts = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5}

// runsStated is the one count of runs the text above g states, 0 when it
// states none or several.
func runsStated(g grid) int {
	k := 0
	for _, m := range statedRuns.FindAllStringSubmatch(g.above+"\n"+g.caption, -1) {
		w := strings.ToLower(m[1] + m[2])
		n, ok := runCounts[w]
		if !ok {
			n = int(w[0] - '0')
		}
		if k != 0 && n != k {
			return 0
		}
		k = n
	}
	return k
}

// runValue is one run's number and the unit after it, if any.
var runValue = regexp.MustCompile(`^([\d.]+)\s*(\S.*)?$`)

// runParts splits a cell into its runs' values when it holds exactly k
// numbers of one unit (written after each or after the last only); nil
// otherwise.
func runParts(cell string, k int) []string {
	parts := packedSep.Split(strings.TrimSpace(cell), -1)
	if len(parts) != k {
		return nil
	}
	last := runValue.FindStringSubmatch(parts[k-1])
	if last == nil {
		return nil
	}
	unit := last[2]
	out := make([]string, k)
	for j, p := range parts {
		m := runValue.FindStringSubmatch(p)
		if m == nil || m[2] != "" && m[2] != unit {
			return nil
		}
		out[j] = strings.TrimSpace(m[1] + " " + unit)
		if _, ok, err := parseCell(out[j]); !ok || err != nil {
			return nil
		}
	}
	return out
}

// repeatColumns are the columns whose filled cells each hold k runs or
// one value (a row measured once: a probe beside the sweep), k runs in two
// rows at least.
func repeatColumns(g grid, k int) []int {
	var cols []int
	for i := range g.header {
		runs := 0
		ok := everyFilledCell(g, i, cleanCell, func(c string) bool {
			if runParts(c, k) != nil {
				runs++
				return true
			}
			_, one, err := parseCell(c)
			return one && err == nil
		})
		if ok && runs >= 2 {
			cols = append(cols, i)
		}
	}
	return cols
}

// expandRunCells writes each run of such a table as a row of its own.
func expandRunCells(g *grid) []string {
	k := runsStated(*g)
	if k == 0 {
		return nil
	}
	cols := repeatColumns(*g, k)
	if len(cols) == 0 || len(cols) == len(g.header) {
		return nil // no cell of runs, or no load beside them
	}
	var rows [][]string
	var lines []int
	var spans []string
	for r, row := range g.rows {
		if !rowHoldsRuns(row, cols, k) {
			rows, lines = append(rows, row), append(lines, g.lines[r])
			continue
		}
		for j := range k {
			out := append([]string(nil), row...)
			for i := range out {
				if parts := runParts(cleanCell(out[i]), k); parts != nil && slices.Contains(cols, i) {
					out[i] = parts[j]
				} else if mean, ok := runsSpan(cleanCell(out[i]), k); ok {
					if j == 0 {
						spans = append(spans, fmt.Sprintf("%q → %s", cleanCell(out[i]), mean))
					}
					out[i] = mean
				}
			}
			rows, lines = append(rows, out), append(lines, g.lines[r])
		}
	}
	g.rows, g.lines = rows, lines
	notes := []string{fmt.Sprintf("%s: the cells of %s hold %d values each, and the text above states %d runs: read as %d repeats of each level", g.file, quoteAll(headersAt(*g, cols)), k, k, k)}
	if len(spans) > 0 {
		notes = append(notes, fmt.Sprintf("%s: a range beside two runs' values spans the two runs: each run's value read as their mean (%s)", g.file, strings.Join(spans, ", ")))
	}
	return notes
}

// rowHoldsRuns: some run column of row holds k values.
func rowHoldsRuns(row []string, cols []int, k int) bool {
	for _, i := range cols {
		if runParts(cleanCell(cellAt(row, i)), k) != nil {
			return true
		}
	}
	return false
}

// runSpan is a range of two values with one unit after the last ("0.74–0.79 s").
var runSpan = regexp.MustCompile(`^(\d+(?:\.\d+)?)\s*[–—-]\s*(\d+(?:\.\d+)?)\s*(\S.*)?$`)

// runsSpan reads a range beside two runs' values as those two runs, the
// one lowest and the other highest: their mean is the range's middle, the
// one value per run knee reads where the text does not say which run gave
// which end. Only for two runs: among three, the middle run may lie
// anywhere in the range.
func runsSpan(cell string, k int) (string, bool) {
	m := runSpan.FindStringSubmatch(cell)
	if k != 2 || m == nil {
		return "", false
	}
	lo, err1 := strconv.ParseFloat(m[1], 64)
	hi, err2 := strconv.ParseFloat(m[2], 64)
	if err1 != nil || err2 != nil || hi < lo {
		return "", false
	}
	return strings.TrimSpace(strconv.FormatFloat((lo+hi)/2, 'f', -1, 64) + " " + m[3]), true
}

func headersAt(g grid, cols []int) []string {
	var out []string
	for _, i := range cols {
		out = append(out, g.header[i])
	}
	return out
}

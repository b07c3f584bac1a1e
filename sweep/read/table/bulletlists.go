package table

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// A sweep is sometimes written with no table at all, in an issue comment:
// a line per level ("concurrency 24:") and under it a bullet per run
// ("- nightly: 5312 completion tok/s"). The levels and the values are
// plain, so they are read as the rows of a table (concurrency, the bullet's
// label as a series, the value under its unit), every row from its bullet's
// line; the cells keep what they say (an approximation "~5312" is still
// refused where it is the answer).

// bulletLevelLine is a line that names a load level alone: "concurrency
// 24:", "c=8:", "Users: 16".
var bulletLevelLine = regexp.MustCompile(`(?i)^\s*(concurrency|c|users|streams|clients)\s*[=:]?\s*(\d+)\s*:?\s*$`)

// bulletValue is a bullet naming a run and its value with a unit:
// "- v0.21.0: ~1781 completion tok/s".
var bulletValue = regexp.MustCompile(`^\s*[-*+]\s+([^:]+?):\s*(~?\d[\d,]*(?:\.\d+)?)\s+(\S.*?)\s*$`)

// bulletGrid is the grid the level lines and their bullets hold; ok is
// false unless there are at least two levels, each with a bullet, and every
// bullet under them writes the same unit, one that is a rate.
func bulletGrid(path string, data []byte) (grid, bool) {
	g := grid{file: path}
	level, unitText := "", ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	levels := map[string]bool{}
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if m := bulletLevelLine.FindStringSubmatch(line); m != nil {
			level = m[2]
			continue
		}
		m := bulletValue.FindStringSubmatch(line)
		if m == nil || level == "" {
			continue
		}
		if unitText != "" && m[3] != unitText {
			return grid{}, false
		}
		unitText = m[3]
		g.rows = append(g.rows, []string{level, strings.TrimSpace(m[1]), m[2]})
		g.lines = append(g.lines, n)
		levels[level] = true
		if g.headerLine == 0 {
			g.headerLine = n
		}
	}
	if len(levels) < 2 || !rateUnitText(unitText) {
		return grid{}, false
	}
	g.header = []string{"concurrency", "run", unitText}
	g.notes = []string{fmt.Sprintf("%s:%d: no table: the levels are lines (\"concurrency N:\") and the runs bullets under them, read as rows of concurrency, run and %q", path, g.headerLine, unitText)}
	return g, true
}

// rateUnitText: the text after a bullet's number is a token or request
// rate ("completion tok/s").
func rateUnitText(s string) bool {
	c := classify(s)
	return c.kind == colThroughput || c.kind == colRequestRate
}

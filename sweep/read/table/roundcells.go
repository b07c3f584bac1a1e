package table

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// A table of repeated runs often writes each run's value in one cell,
// "143.4 / 145.8", and says so beside it ("two rounds", "run 1 / run 2") or
// in the header ("tok/s (r1 / r2)"). A perf engineer reads each value as a
// repeat of the row's level, as knee reads repeated rows: the row becomes
// one row per run. The slash means runs only where the text names the runs
// and every pair lies within run-to-run scatter: "a / b" is as often
// before / after, two series or TTFT p50 / p99, which knee leaves to the
// readers that name them (arrowcells.go, packedcells.go, splitStatPairs).

// roundScatter is the widest spread (max ÷ min) two runs of one level show
// and still be repeats: beyond it the values are two measurements of
// different things.
const roundScatter = 1.15

// splitRoundCells turns every row of a table whose slash cells hold the
// runs the text names into one row per run.
func splitRoundCells(g *grid) []string {
	cols, k := roundColumns(*g)
	if len(cols) == 0 || !namesRuns(*g, k) {
		return nil
	}
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		for j := 0; j < k; j++ {
			out := append([]string(nil), row...)
			for _, i := range cols {
				out[i] = roundPart(cellAt(row, i), j)
			}
			rows, lines = append(rows, out), append(lines, g.lines[r])
		}
	}
	g.rows, g.lines = rows, lines
	var names []string
	for _, i := range cols {
		names = append(names, fmt.Sprintf("%q", g.header[i]))
	}
	return []string{fmt.Sprintf("%s: the cells of %s hold %d runs each (the text names them): read as %d repeats of each level", g.file, strings.Join(names, ", "), k, k)}
}

// roundColumns are the columns every filled cell of which holds k values
// within run-to-run scatter, one k for all; a slash cell of another
// spread or count anywhere leaves the table as it is.
func roundColumns(g grid) ([]int, int) {
	var cols []int
	k := 0
	for i := range g.header {
		n, ok := roundColumn(g, i)
		if n == 0 {
			continue
		}
		if !ok || k != 0 && n != k {
			return nil, 0
		}
		k = n
		cols = append(cols, i)
	}
	return cols, k
}

// roundColumn: the count of values column i's slash cells hold (0 when it
// has none), and whether every filled cell holds that many within scatter.
func roundColumn(g grid, i int) (int, bool) {
	k, filled, slashed := 0, 0, 0
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		filled++
		if !tupleCell.MatchString(c) {
			continue
		}
		slashed++
		vals, ok := roundValues(c)
		if !ok || k != 0 && len(vals) != k || !withinScatter(vals) {
			return max(k, 2), false
		}
		k = len(vals)
	}
	return k, slashed == filled
}

// roundValues are a slash cell's numbers.
func roundValues(c string) ([]float64, bool) {
	var vals []float64
	for _, p := range strings.Split(c, "/") {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || v <= 0 {
			return nil, false
		}
		vals = append(vals, v)
	}
	return vals, len(vals) >= 2
}

func withinScatter(vals []float64) bool {
	lo, hi := math.Inf(1), 0.0
	for _, v := range vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	return hi <= lo*roundScatter
}

// roundPart is the j-th run's value of a cell, its markup dropped.
func roundPart(cell string, j int) string {
	parts := strings.Split(cleanCell(cell), "/")
	return strings.TrimSpace(parts[j])
}

// namesRuns: the header or the text beside the table names k runs ("two
// rounds", "3 runs") or numbers them across a slash ("run 1 / run 2",
// "r1/r2").
func namesRuns(g grid, k int) bool {
	text := strings.ToLower(strings.Join(g.header, " ") + "\n" + g.context)
	for _, m := range runCount.FindAllStringSubmatch(text, -1) {
		if countWords[m[1]] == k {
			return true
		}
	}
	return runPair.MatchString(text)
}

var (
	runCount   = regexp.MustCompile(`\b(two|three|four|five|2|3|4|5)\s+(?:rounds|runs|trials|repeats|repetitions|passes)\b`)
	runPair    = regexp.MustCompile(`\b(?:round|run|trial|rep|r)\s*1\s*/\s*(?:round|run|trial|rep|r)?\s*2\b`)
	countWords = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5}
)

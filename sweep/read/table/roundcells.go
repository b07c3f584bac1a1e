package table

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// A table of repeated runs often writes each run's value in one cell,
// "143.4 / 145.8", and says so beside it ("two rounds", "run 1 / run 2") or
// in the header ("tok/s (r1 / r2)"). A perf engineer reads each value as a
// repeat of the row's level, as knee reads repeated rows: the row becomes
// one row per run. The slash means runs where the text names the runs and
// every pair lies within run-to-run scatter, or where nothing names the
// parts and every pair lies within a few percent: "a / b" is as often
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
	if len(cols) == 0 {
		return nil
	}
	why := "the text names them"
	if !namesRuns(*g, k) {
		if !unnamedRuns(*g, cols) {
			return nil
		}
		why = fmt.Sprintf("within %.0f%% of each other on every row", (tightScatter-1)*100)
	}
	var rows [][]string
	var lines []int
	var spans []string
	for r, row := range g.rows {
		for j := 0; j < k; j++ {
			out := append([]string(nil), row...)
			for i := range out {
				if slices.Contains(cols, i) {
					out[i] = roundPart(cellAt(row, i), j)
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
	var names []string
	for _, i := range cols {
		names = append(names, fmt.Sprintf("%q", g.header[i]))
	}
	notes := []string{fmt.Sprintf("%s: the cells of %s hold %d runs each (%s): read as %d repeats of each level", g.file, strings.Join(names, ", "), k, why, k)}
	if len(spans) > 0 {
		notes = append(notes, fmt.Sprintf("%s: a range beside two runs' values spans the two runs: each run's value read as their mean (%s)", g.file, strings.Join(spans, ", ")))
	}
	return notes
}

// roundColumns are the columns every filled cell of which holds k values
// within run-to-run scatter, one k for all; a slash cell of another
// spread or count anywhere leaves the table as it is.
func roundColumns(g grid) ([]int, int) {
	var cols []int
	k := 0
	for i := range g.header {
		if listsParts(g.header[i]) {
			continue // the header's own reader splits it
		}
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
	k, filled, slashed, differ := 0, 0, 0, false
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		filled++
		if roundSplit(c) == nil {
			continue
		}
		slashed++
		vals, ok := roundValues(c)
		if !ok || k != 0 && len(vals) != k || !withinScatter(vals) {
			return max(k, 2), false
		}
		k, differ = len(vals), differ || !within(vals, 1)
	}
	if !differ {
		// The same value twice on every row ("114/114" succeeded,
		// "1024/1024" in and out tokens) is a count or a setting: runs
		// of a measurement never agree to the last digit on every row.
		return 0, false
	}
	return k, slashed == filled
}

// roundValues are a run cell's numbers.
func roundValues(c string) ([]float64, bool) {
	var vals []float64
	for _, p := range roundSplit(c) {
		v, err := strconv.ParseFloat(runValue.FindStringSubmatch(p)[1], 64)
		if err != nil || v <= 0 {
			return nil, false
		}
		vals = append(vals, v)
	}
	return vals, len(vals) >= 2
}

// commaRuns is a cell of values parted by a comma and a space ("39.0, 40.2
// tok/s"), a unit after each or after the last: a comma without a space
// groups thousands ("1,234").
var commaRuns = regexp.MustCompile(`^\s*\d+(?:\.\d+)?(?:\s*[\pL/%µ]+)?(?:,\s+\d+(?:\.\d+)?(?:\s*[\pL/%µ]+)?)+\s*$`)

// runValue is one run's number and the unit after it, if any.
var runValue = regexp.MustCompile(`^([\d.]+)\s*(\S.*)?$`)

// roundSplit is a cell's values, parted at slashes or at commas, each with
// the unit written after the last ("39.0 tok/s", "40.2 tok/s"); nil when
// the cell holds no such list, or its values write different units (two
// metrics, not runs).
func roundSplit(c string) []string {
	var parts []string
	switch {
	case tupleCell.MatchString(c):
		parts = strings.Split(c, "/")
	case commaRuns.MatchString(c):
		parts = strings.Split(c, ",")
	default:
		return nil
	}
	last := runValue.FindStringSubmatch(strings.TrimSpace(parts[len(parts)-1]))
	if last == nil {
		return nil
	}
	out := make([]string, len(parts))
	for j, p := range parts {
		m := runValue.FindStringSubmatch(strings.TrimSpace(p))
		if m == nil || m[2] != "" && m[2] != last[2] {
			return nil
		}
		out[j] = strings.TrimSpace(m[1] + " " + last[2])
	}
	return out
}

func withinScatter(vals []float64) bool {
	return within(vals, roundScatter)
}

// within: the largest value is at most spread times the smallest.
func within(vals []float64, spread float64) bool {
	lo, hi := math.Inf(1), 0.0
	for _, v := range vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	return hi <= lo*spread
}

// tightScatter is the spread under which a slash cell's values are runs
// of one level with nothing naming them: two configurations or a before
// and after that close would give knee the same answer either way.
const tightScatter = 1.05

// unnamedRuns: every slash column's header names one measured rate or
// time, and every
// slash cell's values lie within tightScatter of each other.
func unnamedRuns(g grid, cols []int) bool {
	for _, i := range cols {
		if !measuredRateOrTime(stripMarkup(g.header[i])) {
			return false
		}
		for _, row := range g.rows {
			c := cleanCell(cellAt(row, i))
			if vals, ok := roundValues(c); ok && !within(vals, tightScatter) {
				return false
			}
		}
	}
	return true
}

// listsParts: the header says what a slash cell's parts are ("TTFT p50 /
// p95", "tok/s base / tuned", "base → tuned"): statistics or series, never
// runs.
func listsParts(header string) bool {
	h := stripMarkup(header)
	return len(packedSep.Split(h, -1)) > 1 || statPairOf(h) != nil || strings.Contains(h, "→")
}

// measuredRateOrTime: the header names a token or request rate or a time,
// the values a benchmark measures anew on every run.
func measuredRateOrTime(h string) bool {
	d, _ := headerDimension(vocab.Translate(strings.ToLower(h)))
	return d == dimTokRate || d == dimReqRate || d == dimTime
}

// roundPart is the j-th run's value of a cell, its markup dropped.
func roundPart(cell string, j int) string {
	return roundSplit(cleanCell(cell))[j]
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

// namesRuns: the header or the text beside the table or above it names k
// runs ("two rounds", "3 runs") or numbers them across a slash ("run 1 /
// run 2", "r1/r2").
func namesRuns(g grid, k int) bool {
	text := strings.ToLower(strings.Join(g.header, " ") + "\n" + g.context + "\n" + g.above + "\n" + g.caption)
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
	countWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "ten": 10, "twelve": 12, "sixteen": 16, "twenty": 20, "thirty-two": 32, "sixty-four": 64, "2": 2, "3": 3, "4": 4, "5": 5}
)

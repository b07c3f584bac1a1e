package table

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
)

// A table may name its load in words knee does not know ("K", "par", a
// "Mode" column of "B=1", "B=4") beside one stream's rate and the node's.
// The physics names it: the streams in flight, each at one stream's rate,
// make the node's rate, so on every row the node's rate is one stream's
// times the load. A column of whole numbers (written alone or after a
// short mark, "B=8", "1 (first)") that makes node ≈ stream × N on every
// row where both rates are printed, at two levels or more, is the load.

// maxLoadByStreamsGap is how far node ÷ (stream × N) may lie from 1: a
// stream's decode rate leaves out its prefill, so the node serves a little
// less than the streams' sum.
const maxLoadByStreamsGap = 0.15

// levelInCell is a cell's level: a whole number alone, or after a mark of
// three letters at most and "=", with a remark after it ("1 (first)").
var levelInCell = regexp.MustCompile(`^(?:[A-Za-z]{1,3}\s*=\s*)?(\d+)(?:\s*\(.*\))?$`)

// loadByStreams renames the one column the physics reads as the load to
// "concurrency", its cells to their levels; nothing when the table has a
// load column, or no column (or more than one) fits a pair of rates: one
// stream's (a per-stream rate, or a token rate the header does not place,
// "decode tok/s") and the node's.
func loadByStreams(g *grid) []string {
	cols := classifyAll(g.header)
	if loadColumn(cols) >= 0 {
		return nil
	}
	found, fs, fn := -1, -1, -1
	for _, p := range streamNodePairs(cols) {
		for j := range g.header {
			if j == p[0] || j == p[1] || cols[j].key() != "" || !levelsTimesStream(*g, cols, j, p[0], p[1]) {
				continue
			}
			if found >= 0 && found != j {
				return nil
			}
			found, fs, fn = j, p[0], p[1]
		}
	}
	if found < 0 {
		return nil
	}
	was := g.header[found]
	*g = ownCells(*g)
	g.header[found] = "concurrency"
	for _, row := range g.rows {
		if m := levelInCell.FindStringSubmatch(cleanCell(cellAt(row, found))); m != nil {
			row[found] = m[1]
		}
	}
	return []string{fmt.Sprintf("%s:%d: %q read as the concurrency: on every row %q is %q times it", g.file, g.headerLine, was, g.header[fn], g.header[fs])}
}

// streamNodePairs are the (stream, node) column pairs that may be one
// stream's rate and the node's: a per-stream or plain token rate, and a
// plain or lone total one.
func streamNodePairs(cols []column) [][2]int {
	var pairs [][2]int
	for s, sc := range cols {
		if sc.kind != colPerUser && sc.kind != colThroughput {
			continue
		}
		for n, nc := range cols {
			if n != s && (nc.kind == colThroughput || nc.kind == colOtherTokRate && nc.flavor == "total") {
				pairs = append(pairs, [2]int{s, n})
			}
		}
	}
	return pairs
}

// levelsTimesStream: every cell of column j is a level, and on each row
// where both rates are numbers (three at least, two levels at least),
// node ≈ stream × level.
func levelsTimesStream(g grid, cols []column, j, s, n int) bool {
	var levels []float64
	rows := 0
	for _, row := range g.rows {
		m := levelInCell.FindStringSubmatch(cleanCell(cellAt(row, j)))
		if m == nil {
			return false
		}
		lv, _ := strconv.ParseFloat(m[1], 64)
		sv, okS, errS := readValue(cols[s], cellAt(row, s))
		nv, okN, errN := readValue(cols[n], cellAt(row, n))
		if !okS || !okN || errS != nil || errN != nil || sv.v <= 0 || lv < 1 {
			continue
		}
		if math.Abs(nv.v/(sv.v*lv)-1) > maxLoadByStreamsGap {
			return false
		}
		rows++
		if !slices.Contains(levels, lv) {
			levels = append(levels, lv)
		}
	}
	return rows >= 3 && len(levels) >= 2 && slices.Max(levels) > 1
}

package table

import (
	"fmt"
	"math"
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// The node's rate is the sum of its streams' rates: beside a column whose
// header names one stream ("per stream", "per user") and a column whose
// header names them all ("agg.", "all streams", "aggregate") with no unit
// on either, the pair is a rate shared by the streams when the physics of
// sharing holds on every row: all ≈ one stream × the load, the streams'
// total rising with the load while each stream's falls. A count or a
// size per stream (tokens asked, KV bytes) is fixed by the workload, not
// cut by the streams beside it, and a latency rises with the load. A
// stream is a stream of tokens, so the rate is tokens per second: both
// headers are read with tok/s, and the usual series and per-stream rules
// take them from there. A header that names requests is left alone.

// streamShareGap bounds |all − one × load| ÷ all: both are rounded, and a
// median over runs of each is not quite the product of the medians.
const streamShareGap = 0.1

var (
	oneStreamWords  = []string{"stream", "user", "seq", "sequence", "slot", "client"}
	allStreamsWords = []string{"agg", "aggregate", "all", "total", "sum", "combined"}
)

// nameStreamRatePairs appends " tok/s" to each unitless pair of an
// all-streams column and the one-stream column right after it whose
// values share the load as a rate does.
func nameStreamRatePairs(g *grid) []string {
	load := loadColumn(classifyAll(g.header))
	if load < 0 {
		return nil
	}
	var notes []string
	for j := 1; j < len(g.header); j++ {
		i, k := streamPair(*g, load, j-1, j)
		if i < 0 {
			continue
		}
		a, b := g.header[i], g.header[k]
		j = max(i, k)
		g.header[i], g.header[k] = a+" tok/s", b+" tok/s"
		notes = append(notes, fmt.Sprintf("%s: %q is %q × %q on every row, rising with the load while each stream's falls: the streams' rate and one stream's, read in tok/s (no header names a unit)", g.file, a, b, g.header[load]))
	}
	return notes
}

// streamPair is the all-streams column and the one-stream column of the
// neighbours x and y, in either order ("agg / per user" or "Per-user |
// Aggregate"), when they share the load as a rate does; -1, -1 otherwise.
func streamPair(g grid, load, x, y int) (int, int) {
	for _, p := range [][2]int{{x, y}, {y, x}} {
		all, one := p[0], p[1]
		if all == load || one == load || !unitlessWords(g.header[all], allStreamsWords, "") || !unitlessWords(g.header[one], oneStreamWords, "per") {
			continue
		}
		if unitlessCells(g, all) && unitlessCells(g, one) && sharedByStreams(g, load, all, one) {
			return all, one
		}
	}
	return -1, -1
}

// unitlessWords: header h names no unit and no requests, and holds one of
// words, and need too when need is not "".
func unitlessWords(h string, words []string, need string) bool {
	low := vocab.Translate(strings.ToLower(h))
	if dim, _ := headerDimension(low); dim != dimNone {
		return false
	}
	t := headerTokens(low)
	w := wordset(t)
	if w.has(requestWords...) || w.has("req", "rps", "qps", "ms", "s", "sec", "gb", "mb", "bytes", "tokens", "tok") {
		return false
	}
	for _, x := range t {
		// "streams" and "users" name them all, a stream one of them.
		if anyWord([]string{strings.TrimSuffix(x, "s")}, words) || anyWord([]string{x}, words) {
			return need == "" || w.has(need)
		}
	}
	return false
}

// sharedByStreams: on every row where the load and both columns are
// numbers (three rows at least), all ≈ one × load; and from the lowest
// level to the highest the total rises and the one stream's falls.
func sharedByStreams(g grid, load, all, one int) bool {
	n := 0
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, row := range g.rows {
		l, okL := levelAt(row, load)
		a, okA := positiveCell(row, all)
		o, okO := positiveCell(row, one)
		if !okL || !okA || !okO {
			continue
		}
		if math.Abs(a-o*l) > streamShareGap*a {
			return false
		}
		n++
		lo, hi = min(lo, l), max(hi, l)
	}
	// Over the levels both are given at: a table may leave one stream's
	// rate out at one stream, where it is the total ("c=1 agg" alone).
	return n >= 3 && hi > lo && meanAtLevel(g, load, all, hi) > meanAtLevel(g, load, all, lo) && meanAtLevel(g, load, one, hi) < meanAtLevel(g, load, one, lo)
}

// levelSpan is the lowest and highest positive level of column load.
func levelSpan(g grid, load int) (lo, hi float64, ok bool) {
	for _, row := range g.rows {
		l, okL := levelAt(row, load)
		if !okL {
			continue
		}
		if !ok {
			lo, hi, ok = l, l, true
		}
		lo, hi = min(lo, l), max(hi, l)
	}
	return lo, hi, ok && hi > lo
}

// levelAt is the positive level a load cell writes, with its letter or
// not ("c16", "N=32", "16").
func levelAt(row []string, load int) (float64, bool) {
	cell := cleanCell(cellAt(row, load))
	if m := prefixedLoad.FindStringSubmatch(cell); m != nil {
		cell = m[1]
	}
	cv, ok, err := parseCell(cell)
	return cv.v, ok && err == nil && cv.v > 0
}

// unitlessCells: no cell of column i writes a unit (cells that do name
// the column's unit themselves: cellunits.go).
func unitlessCells(g grid, i int) bool {
	for _, row := range g.rows {
		if cv, ok, err := parseCell(cleanCell(cellAt(row, i))); ok && err == nil && cv.unit != nil {
			return false
		}
	}
	return true
}

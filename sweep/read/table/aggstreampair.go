package table

import (
	"fmt"
	"slices"
	"strings"

	"gonum.org/v1/gonum/floats"
)

// Two columns written as a rate's two sides with no unit, "FP8 agg" beside
// "FP8 per-stream", are read by what they do with the load before their
// words: the node's rate grows with the load while one stream's falls, and
// the node never serves more than its streams together (agg ≤ per-stream ×
// load, a margin allowed for a stream's decode rate leaving out its first
// token). Only a token rate is summed over streams this way, so both are
// tok/s; knee names them so, and the roles pass reads the per-stream one as
// a stream's (perstream.go). Words alone (a bare "agg") name no unit.

// aggWords and streamWords name a rate's node side and one stream's.
var (
	aggWords    = wordset([]string{"agg", "aggregate", "total", "sum", "combined", "node", "system"})
	streamWords = []string{"per-stream", "per stream", "per-user", "per user", "per-request", "per request", "single-stream", "single stream", "stream"}
)

// nameAggStreamPairs gives "tok/s" to each unitless column pair whose
// headers differ only in the side they name and whose values behave as a
// node's rate and one stream's.
func nameAggStreamPairs(g *grid) []string {
	load := gridLoadColumn(*g)
	if load < 0 {
		return nil
	}
	var notes []string
	for i, h := range g.header {
		rest, ok := aggSide(h)
		if !ok || classify(h).key() != "" || !numericColumn(*g, i) {
			continue
		}
		j := streamSibling(*g, rest)
		if j < 0 || !nodeAndStream(*g, load, i, j) {
			continue
		}
		g.header = slices.Clone(g.header)
		g.header[i], g.header[j] = strings.TrimSpace(h)+" tok/s", strings.TrimSpace(g.header[j])+" tok/s"
		notes = append(notes, fmt.Sprintf("%s:%d: %q grows with %q while %q falls, and never exceeds it times the load: the node's rate and one stream's, read as tok/s", g.file, g.headerLine, stripMarkup(h), stripMarkup(g.header[load]), stripMarkup(strings.TrimSuffix(g.header[j], " tok/s"))))
	}
	return notes
}

// aggSide is header h without its node-side word, when it has one.
func aggSide(h string) (string, bool) {
	words := strings.Fields(strings.ToLower(stripMarkup(h)))
	for k, w := range words {
		if aggWords.has(w) {
			return strings.Join(slices.Delete(slices.Clone(words), k, k+1), " "), true
		}
	}
	return "", false
}

// streamSibling is the unitless numeric column whose header is rest with a
// stream-side word; -1 when none.
func streamSibling(g grid, rest string) int {
	for j, h := range g.header {
		low := strings.ToLower(stripMarkup(h))
		for _, s := range streamWords {
			if !strings.Contains(low, s) {
				continue
			}
			other := strings.Join(strings.Fields(strings.Replace(low, s, " ", 1)), " ")
			if other == rest && classify(h).key() == "" && numericColumn(g, j) {
				return j
			}
		}
	}
	return -1
}

// nodeAndStream: over three levels or more, column agg rises from the
// lowest level to the highest while column stream falls, and agg stays
// within 1.25 × stream × load at every level.
func nodeAndStream(g grid, load, agg, stream int) bool {
	var levels, aggs, streams []float64
	for _, row := range g.rows {
		l, ok1 := plainNumber(cellAt(row, load))
		a, ok2 := plainNumber(cellAt(row, agg))
		s, ok3 := plainNumber(cellAt(row, stream))
		if !ok1 || !ok2 || !ok3 || l <= 0 || s <= 0 {
			continue
		}
		if a > 1.25*s*l {
			return false
		}
		levels, aggs, streams = append(levels, l), append(aggs, a), append(streams, s)
	}
	if len(levels) < 3 {
		return false
	}
	lo, hi := floats.MinIdx(levels), floats.MaxIdx(levels)
	return levels[hi] > levels[lo] && aggs[hi] > aggs[lo] && streams[hi] < streams[lo]
}

// gridLoadColumn is the first column whose header names the load; -1 when
// none does.
func gridLoadColumn(g grid) int {
	for i, h := range g.header {
		switch classify(h).kind {
		case colConcurrency, colPerGPU:
			return i
		}
	}
	return -1
}

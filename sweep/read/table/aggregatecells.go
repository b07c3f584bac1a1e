package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// A column headed by a word of summing alone ("aggregate", "total",
// "聚合") names no metric, but where its cells write a token rate ("126.3
// tok/s") it is the node's token rate: the sum over the streams, the
// throughput. A cell that writes another unit, or none writing one, leaves
// the column unread.

// sumWords are the words that say a column sums over the streams.
var sumWords = []string{"aggregate", "agg", "total", "combined", "sum", "overall"}

// aggregateCells reads such columns as the throughput.
func (r *resolved) aggregateCells(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.key() != "" || !onlySumWords(c.header) || !cellsWriteTokRate(g, i) {
			continue
		}
		nc := classify(c.header + " (tok/s)")
		if nc.kind != colThroughput {
			continue
		}
		nc.header, nc.unitFrom = c.header, "cells"
		*c = nc
		r.notes = append(r.notes, fmt.Sprintf("%s: %q names no metric but its cells write tok/s: read as the node's token rate", g.file, c.header))
	}
}

// onlySumWords: the header's words are all words of summing.
func onlySumWords(h string) bool {
	t := headerTokens(vocab.Translate(strings.ToLower(stripMarkup(h))))
	if len(t) == 0 {
		return false
	}
	for _, w := range t {
		if !wordset([]string{w}).has(sumWords...) {
			return false
		}
	}
	return true
}

// cellsWriteTokRate: some cell of column i writes a token rate, and none
// writes a unit of another dimension.
func cellsWriteTokRate(g grid, i int) bool {
	n := 0
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err != nil || !ok || cv.unit == nil {
			continue
		}
		if cv.unit.dim != dimTokRate {
			return false
		}
		n++
	}
	return n > 0
}

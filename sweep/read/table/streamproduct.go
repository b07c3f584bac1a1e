package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A sweep may print one stream's rate and the node's with no unit at all:
// "| conc | per-stream median | aggregate |", 34.6 and 34.6 at 1, 19.7 and
// 78.9 at 4, under "384 tok/stream". The physics names them where the
// words do not: the aggregate is the per-stream rate times the streams on
// every row, so both are one rate, one stream's and the node's. What a
// stream delivers at a rate is tokens (its requests are one at a time, a
// latency, never a rate of their own), and the text around the table
// counts tokens: the aggregate is the node's output tok/s, read with a
// note that says how it was named.

var (
	// nodeSumWords name the node's sum over the streams (ambiguity.go's
	// aggregateWords, and their short forms).
	nodeSumWords = append([]string{"agg", "node", "system", "summed"}, aggregateWords...)
	// streamPart names one stream's share of it.
	streamPart = regexp.MustCompile(`(?i)\bper[- ]?(?:stream|user|request|req|seq|sequence|client)\b|\beach\b`)
	// countsTokens: the text around the table counts tokens.
	countsTokens = regexp.MustCompile(`(?i)\btok(?:en)?s?\b|\btok/`)
)

// productBand bounds the aggregate over the per-stream rate times the
// streams on any row, and productMid the median row's: a median stream
// (not the mean) and streams that finish apart keep a row within a
// quarter or so; a column of another measure falls far outside.
var (
	productBand = [2]float64{0.7, 1.15}
	productMid  = [2]float64{0.85, 1.15}
)

// aggregateOfStreams reads an unnamed aggregate as the node's tok/s where
// on every row it is an unnamed per-stream column times the concurrency.
func (r *resolved) aggregateOfStreams(g grid) {
	if r.has(colThroughput) || !countsTokens.MatchString(g.context+"\n"+g.above) {
		return
	}
	load, ok := onlyIndex(r.cols, func(c column) bool { return c.kind == colConcurrency })
	if !ok {
		return
	}
	agg, ok := onlyIndex(r.cols, namesNodeSum)
	if !ok {
		return
	}
	per, ok := onlyIndex(r.cols, func(c column) bool {
		return c.kind == colIgnore && c.why == "" && streamPart.MatchString(c.header)
	})
	if !ok || !productOnRows(g, per, load, agg) {
		return
	}
	a, p := &r.cols[agg], &r.cols[per]
	a.kind, a.unit, a.stated, a.unitFrom = colThroughput, units["tok/s"], true, fmt.Sprintf("%q × %q", p.header, r.cols[load].header)
	p.kind, p.why = colPerUser, "one stream's rate: the aggregate is it times the streams"
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the node's output tok/s, though nothing names its unit: on every row it is close to %q × %q, one stream's rate times the streams, and a stream's rate is its tokens", g.file, a.header, p.header, r.cols[load].header))
}

// namesNodeSum: c is unread for no reason and its words name the node's
// sum (requestedran.go's unnamedWith asks more: only such words).
func namesNodeSum(c column) bool {
	return c.kind == colIgnore && c.why == "" && wordset(headerTokens(strings.ToLower(c.header))).has(nodeSumWords...)
}

// productOnRows: on three rows at least, column agg is column per ×
// column load within productBand on every row holding all three, and
// within productMid on the median row.
func productOnRows(g grid, per, load, agg int) bool {
	vals, _ := cellTriples(g, per, load, agg)
	if len(vals) < 3 {
		return false
	}
	ratios := make([]float64, len(vals))
	for i, x := range vals {
		ratios[i] = x[2] / (x[0] * x[1])
		if ratios[i] < productBand[0] || ratios[i] > productBand[1] {
			return false
		}
	}
	slices.Sort(ratios)
	mid := ratios[len(ratios)/2]
	return mid >= productMid[0] && mid <= productMid[1]
}

package table

import (
	"fmt"
	"math"
)

// A sole token rate that falls a little at every level may still be the
// node's: a server that runs one request at a time (Ollama with one slot)
// delivers a flat rate while its queue grows. Its streams say which: at
// the top level, with L output tokens per request (the text states it), a
// stream that waited its TTFT cannot have run faster than L ÷ TTFT over its
// whole time, and a stream's decode speed alone is 1000 ÷ ITL (ms). A rate
// far above the first (1.5× or more) and far from the second (off by 30%
// or more) is no stream's rate: it is the node's, read as such with a note.

// noStreamDrawsIt says why column rate cannot be one stream's rate, or
// false when the table cannot tell (no stated length, TTFT or ITL).
func (r *resolved) noStreamDrawsIt(g grid, load, rate int) (string, bool) {
	length, _ := statedOutputLength(g)
	ttft, itl := r.streamLatencyColumns()
	if length <= 0 || ttft < 0 || itl < 0 {
		return "", false
	}
	top := topLoadRow(g, load)
	if top < 0 {
		return "", false
	}
	row := g.rows[top]
	v, okV, errV := readValue(r.cols[rate], cellAt(row, rate))
	t, okT, errT := readValue(r.cols[ttft], cellAt(row, ttft))
	i, okI, errI := readValue(r.cols[itl], cellAt(row, itl))
	if !okV || !okT || !okI || errV != nil || errT != nil || errI != nil || t.v <= 0 || i.v <= 0 {
		return "", false
	}
	wholeRun := float64(length) / (t.v / 1000)
	decode := 1000 / i.v
	if v.v < 1.5*wholeRun || math.Abs(v.v-decode) < 0.3*decode {
		return "", false
	}
	return fmt.Sprintf("%s: %q falls at every level, yet it is no stream's rate: at %s in flight a stream that waited its TTFT (%s ms) for %d output tokens ran at most %.1f tok/s over its whole time, and decodes at %.0f tok/s (1000 ÷ ITL %s ms), while the column reads %s: read as the node's rate",
		g.file, r.cols[rate].header, cleanCell(cellAt(row, load)), fmtNum(t.v), length, wholeRun, decode, fmtNum(i.v), cleanCell(cellAt(row, rate))), true
}

// streamLatencyColumns are the mean or median TTFT column and the ITL (or
// TPOT) column, -1 for none.
func (r *resolved) streamLatencyColumns() (ttft, itl int) {
	ttft, itl = -1, -1
	for j, c := range r.cols {
		if c.kind != colLatency || c.stat != "mean" && c.stat != "p50" && c.stat != "" {
			continue
		}
		switch {
		case c.metric == "ttft" && ttft < 0:
			ttft = j
		case (c.metric == "itl" || c.metric == "tpot") && itl < 0:
			itl = j
		}
	}
	return ttft, itl
}

// topLoadRow is the row of the highest load, -1 when none reads.
func topLoadRow(g grid, load int) int {
	best, top := 0.0, -1
	for k, row := range g.rows {
		if l, ok := positiveCell(row, load); ok && l > best {
			best, top = l, k
		}
	}
	return top
}

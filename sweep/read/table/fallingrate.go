package table

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// A node's output rate does not fall at every level from one stream on:
// serving two requests at once it delivers at least about what it
// delivered serving one, and past its knee it flattens before it falls.
// One stream's rate does fall so, every stream sharing the node as the
// load grows. So the table's only token rate, under a header that does not
// say it is the whole node's, falling at every level over a load that
// starts at one or two requests and grows threefold or more (three levels
// at least), is a stream's
// rate: the table has no node rate, and knee says so rather than read a
// falling curve no node draws ("Tokens/Second (Average)" of "~55.75
// tokens/sec" at 1 user down to "~19.54" at 10). A column --column names
// as the throughput is read as named.

// fallingSoleRate reads such a column as a per-stream rate.
func (r *resolved) fallingSoleRate(g grid) {
	load, rate := r.firstOfKinds(colConcurrency), -1
	for i, c := range r.cols {
		switch c.kind {
		case colThroughputPerGPU:
			return
		case colThroughput:
			if rate >= 0 {
				return
			}
			rate = i
		}
	}
	// A column --column picked is the user's reading: kept.
	if load < 0 || rate < 0 || r.picked["throughput"] != "" || wordset(headerTokens(r.cols[rate].header)).has("aggregate", "agg", "total", "node", "system", "combined", "overall", "sum") {
		return
	}
	served, ok := servedRateColumn(r.cols)
	if !ok {
		served = -1
	}
	if !fallsInEveryCurve(g, load, rate, served) {
		return
	}
	if why, ok := r.noStreamDrawsIt(g, load, rate); ok {
		r.notes = append(r.notes, why)
		return
	}
	c := &r.cols[rate]
	c.kind, c.why = colPerUser, "a per-stream rate: it falls at every level from one stream on, which the node's rate does not"
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as a per-stream rate, not the node's: it falls at every level as %q grows from %s", g.file, c.header, r.cols[load].header, cleanCell(cellAt(g.rows[0], load))))
	r.streamStatistics(rate)
}

// streamStatistics: the other statistics of a rate read as one stream's
// ("tokens_per_second p95", "p99" beside its median) are statistics of
// that stream rate over the requests, never the node's rate, and no
// refusal may offer them as its throughput.
func (r *resolved) streamStatistics(stream int) {
	read := fmt.Sprintf("%q is read", r.cols[stream].header)
	for i := range r.cols {
		if c := &r.cols[i]; c.kind == colOtherTokRate && strings.HasSuffix(c.why, read) {
			c.kind, c.why = colPerUser, fmt.Sprintf("the %s of a per-stream rate (%q)", statName(c.stat), r.cols[stream].header)
		}
	}
}

// fallsFromOneStream: over rows of a rising load that starts at one or two
// and ends threefold or more above it, three levels or more, the rate falls
// at every step.
func fallsFromOneStream(g grid, load, rate int) bool {
	var loads, rates []float64
	for _, row := range g.rows {
		l, okL := positiveCell(row, load)
		v, okV := positiveCell(row, rate)
		if !okL || !okV {
			return false
		}
		if n := len(loads); n > 0 && (l <= loads[n-1] || v >= rates[n-1]) {
			return false
		}
		loads, rates = append(loads, l), append(rates, v)
	}
	return len(loads) >= 3 && loads[0] <= 2 && loads[len(loads)-1] >= 3*loads[0]
}

// fallsAsLoadGrows: the rate falls at every step while the load grows
// from one or two threefold (fallsFromOneStream), or from whatever lowest
// level while the served request rate (column served, -1 for none) rises
// at every step too: the node then serves more requests each second,
// each of its tokens, so its rate rises, and only a stream's falls.
func fallsAsLoadGrows(g grid, load, rate, served int) bool {
	if fallsFromOneStream(g, load, rate) {
		return true
	}
	if served < 0 || !risesWithLoad(g, load, served) {
		return false
	}
	// Falling: rising with the load once the rate is negated.
	neg := grid{rows: make([][]string, len(g.rows))}
	for r, row := range g.rows {
		v, ok := positiveCell(row, rate)
		if !ok {
			return false
		}
		neg.rows[r] = []string{cellAt(row, load), strconv.FormatFloat(1/v, 'g', -1, 64)}
	}
	if !risesWithLoad(neg, 0, 1) {
		return false
	}
	return true
}

// fallsInEveryCurve is fallsAsLoadGrows over each block of rows that climbs
// the load: a table of curves stacked one under the other (each method's
// levels 1, 10 … 100, then the next's) holds a stream's rate when it falls
// in every block, as the consistency pass runs before a curve is picked.
// Rows not stacked so (one curve, or curves interleaved by level) are
// judged whole.
func fallsInEveryCurve(g grid, load, rate, served int) bool {
	blocks := climbingBlocks(g, load)
	if len(blocks) < 2 {
		return fallsAsLoadGrows(g, load, rate, served)
	}
	for _, b := range blocks {
		if !fallsAsLoadGrows(grid{rows: b}, load, rate, served) {
			return false
		}
	}
	return true
}

// climbingBlocks splits the rows where the load stops rising.
func climbingBlocks(g grid, load int) [][][]string {
	var blocks [][][]string
	last := math.Inf(1)
	for _, row := range g.rows {
		l, ok := positiveCell(row, load)
		if !ok {
			return nil
		}
		if l <= last {
			blocks = append(blocks, nil)
		}
		blocks[len(blocks)-1] = append(blocks[len(blocks)-1], row)
		last = l
	}
	return blocks
}

// Beside a rate that does not fall, a candidate that falls at every level
// from one stream on is a stream's rate for the same reason: of "E2E
// tok/s" 31.09, 26.71, 22.53 and "Cumulative tok/s" 31.09, 41.67, 56.14
// over 1, 2, 3 in flight, only the second can be the node's, whatever
// the words say. The falling ones are set aside, so the refusal between
// them never offers a stream's rate first, nor reads it.

// fallingBesideRising sets aside the throughput candidates that fall so
// while another does not.
func (r *resolved) fallingBesideRising(g grid) {
	load := r.firstOfKinds(colConcurrency)
	if load < 0 || r.picked["throughput"] != "" {
		return
	}
	served, ok := servedRateColumn(r.cols)
	if !ok {
		served = -1
	}
	var falling, standing []int
	for i, c := range r.cols {
		if c.kind != colThroughput {
			continue
		}
		if fallsInEveryCurve(g, load, i, served) {
			falling = append(falling, i)
		} else {
			standing = append(standing, i)
		}
	}
	if len(falling) == 0 || len(standing) == 0 {
		return
	}
	for _, i := range falling {
		for _, n := range standing {
			if !withinStreamSum(g, load, i, n) {
				return // the node above its streams' sum: the physics does not tell them apart
			}
		}
	}
	for _, i := range falling {
		c := &r.cols[i]
		c.kind, c.why = colPerUser, "a per-stream rate: it falls at every level from one stream on, which the node's rate does not"
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as a per-stream rate, not the node's: it falls at every level as %q grows from %s, while another rate of the table does not", g.file, c.header, r.cols[load].header, cleanCell(cellAt(g.rows[0], load))))
	}
}

// withinStreamSum: on every row where both read, node rate n is no more
// than stream rate s times the load (maxStreamGap over for rounding): the
// streams' sum bounds what the node outputs.
func withinStreamSum(g grid, load, s, n int) bool {
	for _, row := range g.rows {
		l, okL := positiveCell(row, load)
		v, okS := positiveCell(row, s)
		t, okN := positiveCell(row, n)
		if okL && okS && okN && t > v*l*(1+maxStreamGap) {
			return false
		}
	}
	return true
}

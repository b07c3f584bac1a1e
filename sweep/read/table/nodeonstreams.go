package table

import "sort"

// A table whose every token rate is one stream's (decoderate.go: 1000 ÷
// TPOT on every row; fallingrate.go: falling while the load or the served
// request rate grows) prints no node rate, and the node's output rate may
// then be derived from its served req/s (requesttokens.go) as in a table
// that prints only req/s. An input rate beside them is never the output's.

// noNodeRate: no column of the grid can be the node's output rate.
func noNodeRate(g grid, cols []column) bool {
	for i, c := range cols {
		switch {
		case c.kind == colThroughputPerGPU:
			return false
		case c.kind == colOtherTokRate && c.why != whyInputRate:
			return false
		case c.kind == colThroughput && !streamRateByPhysics(g, cols, i):
			return false
		}
	}
	return true
}

// streamRateByPhysics: token-rate column i is one stream's by how it
// moves, not by its header.
func streamRateByPhysics(g grid, cols []column, i int) bool {
	if _, ok := streamDecodeRate(g, cols, i); ok {
		return true
	}
	load, ok := onlyIndex(cols, func(c column) bool { return c.kind == colConcurrency })
	if !ok {
		return false
	}
	rate, ok := servedRateColumn(cols)
	if !ok {
		rate = -1
	}
	return fallsAsLoadGrows(g, load, i, rate)
}

// withinStreams checks a derived node rate (req/s column rate × the
// tokens per request) against the streams: where a column of one stream's
// decode rate and the load are printed, the node delivers at most the
// load × that rate (maxStreamGap over for rounding) on every row. A
// "tokens" column that counts the whole run's tokens, not one request's,
// fails it.
func withinStreams(g grid, cols []column, rate int, perRequest func([]string) (float64, bool)) bool {
	load, ok := onlyIndex(cols, func(c column) bool { return c.kind == colConcurrency })
	if !ok {
		return true
	}
	for s, c := range cols {
		if c.kind != colThroughput {
			continue
		}
		if _, ok := streamDecodeRate(g, cols, s); !ok {
			continue
		}
		for _, row := range g.rows {
			q, okQ, errQ := readValue(cols[rate], cellAt(row, rate))
			k, okK := perRequest(row)
			v, okV := positiveCell(row, s)
			n, okN := positiveCell(row, load)
			if errQ == nil && okQ && okK && okV && okN && q.v*k > n*v*(1+maxStreamGap) {
				return false
			}
		}
	}
	return true
}

// loadLevel is one row's load and its value in another column.
type loadLevel struct{ load, v float64 }

// byLoad is every row's load and column i's number, ordered by the load;
// false when some row lacks either.
func byLoad(g grid, load, i int) ([]loadLevel, bool) {
	var levels []loadLevel
	for _, row := range g.rows {
		l, okL := positiveCell(row, load)
		v, okV := positiveCell(row, i)
		if !okL || !okV {
			return nil, false
		}
		levels = append(levels, loadLevel{l, v})
	}
	sort.Slice(levels, func(a, b int) bool { return levels[a].load < levels[b].load })
	return levels, true
}

// risesWithLoad: ordered by the load column, column i's numbers rise at
// every step, over three levels or more, every row a number: whatever
// order the rows are printed in.
func risesWithLoad(g grid, load, i int) bool {
	levels, ok := byLoad(g, load, i)
	if !ok {
		return false
	}
	for k := 1; k < len(levels); k++ {
		if levels[k].load <= levels[k-1].load || levels[k].v <= levels[k-1].v {
			return false
		}
	}
	return len(levels) >= 3
}

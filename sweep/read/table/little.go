package table

// Little's law, shared by the passes that use it (littleslaw.go for an
// unstated latency unit, loadword.go for a column named only "load"): the
// requests in flight are the served request rate times the mean time each
// spends in flight (C = R × L).

// littleBand is how far R × L may sit from the concurrency: a client
// leaves gaps between a request's end and the next one's start (below
// one), and a median or a rounded rate moves it a little either way.
var littleBand = [2]float64{0.5, 1.25}

// littleHolds: on every row where the load, the rate and the latency are
// numbers (two rows at least), rate × latency × toSeconds lies within
// littleBand of the load. The latency is read as written, with no unit of
// its own: the passes that call it are deciding that unit.
func littleHolds(g grid, load, rate, lat int, toSeconds float64) bool {
	return littleOnRows(g, func(row []string) (float64, float64, float64, bool) {
		c, okC := positiveCell(row, load)
		q, okQ := positiveCell(row, rate)
		cv, okL, err := parseCell(cleanCell(cellAt(row, lat)))
		ok := okC && okQ && okL && err == nil && cv.unit == nil && cv.v > 0
		return c, q, cv.v * toSeconds, ok
	})
}

// littleOnRows: on every row that read gives a load, a served rate and a
// time in flight in seconds for (two rows at least), rate × time lies
// within littleBand of the load.
func littleOnRows(g grid, read func(row []string) (load, rate, seconds float64, ok bool)) bool {
	n := 0
	for _, row := range g.rows {
		c, q, l, ok := read(row)
		if !ok {
			continue
		}
		ratio := q * l / c
		if ratio < littleBand[0] || ratio > littleBand[1] {
			return false
		}
		n++
	}
	return n >= 2
}

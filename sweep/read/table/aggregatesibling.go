package table

import "fmt"

// A column headed by a word of summing alone ("Aggregate", "Total") whose
// cells write no unit, beside a per-stream rate that states tok/s ("Per
// request" with cells "35.1 tok/s"), is the node's token rate in that
// unit when the physics says so: on every row where the load and both
// rates are numbers, the sum is the stream's rate times the streams in
// flight (streamOf: node ≈ per-stream × load, within maxStreamGap; or, as a
// stream slows under load, between half and all of it). Why it holds in
// general: a sum over the streams can only be in the unit of what it sums,
// and no other quantity (a count, a latency, a ratio) multiplies out of
// one stream's rate and the load on every row. Without a stated unit on
// the stream's column, or without the product, the column stays unread
// (aggregatecells.go's rule: something must say what it sums).

// aggregateBesideStream reads such columns as the throughput.
func (r *resolved) aggregateBesideStream(g grid) {
	load := r.firstOfKinds(colConcurrency)
	if load < 0 {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.key() != "" || !onlySumWords(c.header) || cellsWriteAnyUnit(g, i) {
			continue
		}
		s, u, ok := r.streamSumsTo(g, load, i)
		if !ok {
			continue
		}
		nc := classify(c.header + " (" + u.name + ")")
		if nc.kind != colThroughput {
			continue
		}
		nc.header, nc.unitFrom = c.header, "per-stream column"
		*c = nc
		r.notes = append(r.notes, fmt.Sprintf("%s: %q names no metric and its cells no unit, but on every row it is %q × the load: read as the node's token rate, in the stream's %s",
			g.file, c.header, r.cols[s].header, u.name))
	}
}

// streamSumsTo is the per-stream rate column that column i sums (i ≈ it
// × the load), with the token-rate unit that column states.
func (r *resolved) streamSumsTo(g grid, load, i int) (int, unit, bool) {
	for s, sc := range r.cols {
		if sc.kind != colPerUser {
			continue
		}
		u, ok := statedTokRate(g, sc, s)
		if !ok {
			continue
		}
		// Both read as token rates in the stream's unit: its cells that
		// write tok/s by their own, the sum's bare cells by that unit.
		stream, sum := column{kind: colThroughput, unit: u}, column{kind: colThroughput, unit: u}
		if streamOf(g, load, stream, sum, s, i) {
			return s, u, true
		}
	}
	return 0, unit{}, false
}

// statedTokRate is the token-rate unit column s states: its header's, else
// the one its cells write (all cells that write a unit write one token
// rate).
func statedTokRate(g grid, c column, s int) (unit, bool) {
	if c.stated && c.unit.dim == dimTokRate {
		return c.unit, true
	}
	var found unit
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, s)))
		if err != nil || !ok || cv.unit == nil {
			continue
		}
		if cv.unit.dim != dimTokRate || found.name != "" && found.name != cv.unit.name {
			return unit{}, false
		}
		found = *cv.unit
	}
	return found, found.name != ""
}

// cellsWriteAnyUnit: some cell of column i writes a unit.
func cellsWriteAnyUnit(g grid, i int) bool {
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err == nil && ok && cv.unit != nil {
			return true
		}
	}
	return false
}

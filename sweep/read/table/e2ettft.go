package table

import "fmt"

// A request's end-to-end time holds its first token: E2E ≥ TTFT at every
// level, statistic by statistic. An end-to-end column that states no unit,
// read in the ms knee assumes, that lies below a TTFT whose unit is known
// on every row, and above it read in seconds, is in seconds (a summary
// that writes every time in seconds and says so only where --unit or the
// cells did). Where either reading breaks the rule on some row, nothing
// is decided here.

// e2eAboveTTFT reads such end-to-end columns in seconds, with a note. The
// statistics of one metric share a unit: where one is so decided and no
// other breaks the rule, the end-to-end columns without a TTFT of their
// statistic (a p99 beside TTFT p50 and p95) are read in seconds too.
func (r *resolved) e2eAboveTTFT(g grid) {
	var unstated []int
	decided, against := "", false
	for i, c := range r.cols {
		if c.kind != colLatency || c.metric != "e2e" || c.stated || c.cellUnits != "" {
			continue
		}
		unstated = append(unstated, i)
		t := r.ttftOfStat(c.stat)
		if t < 0 {
			continue
		}
		belowInMS, aboveInS := e2eAgainstTTFT(g, c, r.cols[t], i, t)
		switch {
		case !aboveInS:
			against = true
		case belowInMS && decided == "":
			decided = fmt.Sprintf("%q would lie below %q", c.header, r.cols[t].header)
		}
	}
	if decided == "" || against {
		return
	}
	names := make([]string, len(unstated))
	for j, i := range unstated {
		c := &r.cols[i]
		c.unit, c.stated, c.unitFrom = units["s"], true, "TTFT"
		names[j] = c.header
	}
	r.notes = append(r.notes, fmt.Sprintf("%s: %s read in s: in ms %s, and a request's end-to-end time holds its first token", g.file, quoteAll(names), decided))
}

// ttftOfStat is a TTFT column of the given statistic whose unit is known
// (stated, or written in its cells); -1 when none.
func (r *resolved) ttftOfStat(stat string) int {
	for i, c := range r.cols {
		if c.kind == colLatency && c.metric == "ttft" && c.stat == stat && c.stated {
			return i
		}
	}
	return -1
}

// e2eAgainstTTFT: column e read in ms lies well below column t (under
// two thirds of it) on two rows or more, which no unit of one column
// allows, and read in s it lies above t on every row where both are numbers.
func e2eAgainstTTFT(g grid, ec, tc column, e, t int) (belowInMS, aboveInS bool) {
	below := 0
	aboveInS = true
	for _, row := range g.rows {
		ev, okE, errE := readValue(ec, cellAt(row, e))
		tv, okT, errT := readValue(tc, cellAt(row, t))
		if !okE || !okT || errE != nil || errT != nil || ev.v <= 0 {
			continue
		}
		if ev.v*1.5 < tv.v {
			below++
		}
		aboveInS = aboveInS && ev.v*1000 >= tv.v
	}
	return below >= 2, aboveInS
}

package table

import (
	"fmt"
	"math"
)

// A load column that holds one value through each run of rows while
// another load column climbs a ladder inside every run (max_concurrency 64
// on the rows of one engine, 128 on the next, beside concurrency 1, 4, 16
// on each) is a setting of each curve, not the load: a sweep's load moves
// from row to row within its curve. It is read as a setting, a series when
// it varies. The ladder must span a factor of two at least inside every
// run, so the concurrency measured at repeats of one configured level
// (0.98, 0.99 beside 1, 1) never makes the configured level a setting.

// minLadderSpan is how far the other column must climb inside each run.
const minLadderSpan = 2

// settingsWithinCurves turns load columns constant within each run of rows
// into settings when another load column climbs inside every run.
func (r *resolved) settingsWithinCurves(g grid) {
	var cands []int
	for i, c := range r.cols {
		if loadCandidate(c) && c.kind != colRequestedRate {
			cands = append(cands, i)
		}
	}
	for _, a := range cands {
		for _, b := range cands {
			// As in settingBeside: a plain column beside the configured
			// level is the concurrency measured at it.
			if a == b || r.cols[a].flavor == "" && r.cols[b].flavor == "configured" || !constantWithinRuns(g, a, b) {
				continue
			}
			if streamsTimesLoad(g, r.cols, a) && !streamsTimesLoad(g, r.cols, b) {
				// "--parallel" 1, 2, 4 beside "--threads" 32, 16, 8: the
				// node's rate is one stream's times the first on every row,
				// so it is the load, and the other a setting.
				c := &r.cols[b]
				c.kind, c.flavor = colWorkload, ""
				c.why = fmt.Sprintf("a setting: the node's rate is one stream's times %q, not times it", r.cols[a].header)
				r.notes = append(r.notes, fmt.Sprintf("%s: %q is not read as the load: on every row the node's rate is one stream's times %q", g.file, c.header, r.cols[a].header))
				break
			}
			c := &r.cols[a]
			c.kind, c.flavor = colWorkload, ""
			c.why = fmt.Sprintf("one value through each curve while %q climbs: a setting, a series when it varies", r.cols[b].header)
			r.notes = append(r.notes, fmt.Sprintf("%s: %q is not read as the load: it holds one value through each curve of %q", g.file, c.header, r.cols[b].header))
			break
		}
	}
}

// constantWithinRuns: column a's consecutive rows of one value form runs
// of two rows at least, two runs at least (one value on every row is
// constantLoads' to read), and column b spans minLadderSpan inside every run.
func constantWithinRuns(g grid, a, b int) bool {
	runs := 0
	for start := 0; start < len(g.rows); {
		av, ok := numberAt(g.rows[start], a)
		if !ok {
			return false
		}
		end := start
		lo, hi := 0.0, 0.0
		for end < len(g.rows) {
			v, ok := numberAt(g.rows[end], a)
			if !ok || v != av {
				break
			}
			bv, ok := numberAt(g.rows[end], b)
			if !ok || bv <= 0 {
				return false
			}
			if end == start || bv < lo {
				lo = bv
			}
			hi = max(hi, bv)
			end++
		}
		if end-start < 2 || hi < minLadderSpan*lo {
			return false
		}
		runs++
		start = end
	}
	return runs >= 2
}

// cellNumber is the number in row's cell i.
func numberAt(row []string, i int) (float64, bool) {
	v, ok, err := parseCell(cleanCell(cellAt(row, i)))
	return v.v, err == nil && ok
}

// streamsTimesLoad: on every row (three at least, a load above one among
// them) a node rate column is a per-stream rate column times column load,
// within maxStreamGap: the streams in flight are that column's.
func streamsTimesLoad(g grid, cols []column, load int) bool {
	for s, sc := range cols {
		if sc.kind != colPerUser {
			continue
		}
		for n, nc := range cols {
			if nc.kind == colThroughput && nearEverywhere(readStreamPoints(g, columnInFlight(load), sc, nc, s, n)) {
				return true
			}
		}
	}
	return false
}

// nearEverywhere: three points at least, a load above one among them, and
// node ≈ stream × load on each.
func nearEverywhere(pts streamPoints) bool {
	if len(pts) < 3 || !pts.loadAboveOne() {
		return false
	}
	for _, p := range pts {
		if math.Abs(p.node/(p.stream*p.load)-1) > maxStreamGap {
			return false
		}
	}
	return true
}

package table

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// A latency column whose unit nothing states (no header, units row, text,
// sibling column or law) is read in ms. Where most of its values would be
// a latency no served model measures in ms (a TTFT of 0.47 ms, a TPOT of
// 0.02 ms) and every value is one it measures in seconds, the column is in
// seconds: there is one reading, not two, and a perf engineer reads it so
// without asking (issue 26: refuse only when the choice changes the
// answer). A column with only a few implausible values (a cache hit of
// 3 ms among 40 … 900) or with a value no run lasts in seconds stays
// refused, naming the flag.

// fromMagnitude and fromBesideSeconds are where the unit came from, for
// the reading note.
const (
	fromMagnitude     = "values' magnitude"
	fromBesideSeconds = "the other latencies' seconds"
)

// maxSeconds bounds a latency in seconds: no level of a sweep waits longer
// for its first token, or for a whole request (a quarter of an hour), and
// no decode step lasts 10 s.
var maxSeconds = map[string]float64{"ttft": 900, "e2e": 900, "itl": 10, "tpot": 10}

// secondsByMagnitude reads in seconds the unstated latency columns of the
// given metrics whose values are impossible in ms and possible in s. The
// units pass asks it of TTFT, TPOT and ITL; E2E waits for the consistency
// pass, where Little's law and the tokens in flight say its unit from
// evidence first.
func (r *resolved) secondsByMagnitude(g grid, metrics ...string) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colLatency || c.stated || c.cellUnits != "" || !slices.Contains(metrics, c.metric) {
			continue
		}
		if vs := bareValues(g, i); secondsOnly(vs, implausibleMS[c.metric], maxSeconds[c.metric]) {
			if j := statedSibling(r.cols, i); j >= 0 && !tracksSibling(g, i, j) {
				c.kind, c.why = colIgnore, fmt.Sprintf("no %s: read in s, its values sit far from %q's, another statistic of the same latency, at some level (under a quarter or over ten times it)", strings.ToUpper(c.metric), r.cols[j].header)
				continue
			}
			c.unit, c.stated, c.unitFrom = units["s"], true, fromMagnitude
		}
	}
	r.secondsBesideSeconds(g, metrics)
}

// statedSibling is a column of the same latency as column i whose unit the
// table states in ms, or -1: "TPOT p50 ms" beside a bare "att TPOT".
func statedSibling(cols []column, i int) int {
	for j, c := range cols {
		if j != i && c.kind == colLatency && c.metric == cols[i].metric && c.stated && c.unit.name == "ms" {
			return j
		}
	}
	return -1
}

// tracksSibling: column i, read in seconds, stays within a quarter and ten
// times column j's ms at every row holding both. Two statistics of one
// latency (a mean and a median, a p50 and a p99) sit that close; a column
// far outside is another quantity the words happened to name ("att TPOT",
// a TPOT target's attainment: 0.87 … 0.29, falling as the TPOT rises).
func tracksSibling(g grid, i, j int) bool {
	for _, row := range g.rows {
		a, oka, erra := parseCell(cleanCell(cellAt(row, i)))
		b, okb, errb := parseCell(cleanCell(cellAt(row, j)))
		if erra != nil || errb != nil || !oka || !okb || a.v <= 0 || b.v <= 0 {
			continue
		}
		if r := a.v * 1000 / b.v; r < 0.25 || r > 10 {
			return false
		}
	}
	return true
}

// secondsBesideSeconds: a table writes its latencies in one unit. Beside
// latency columns read in seconds (by their header or their magnitude) and
// none in ms, an unstated column whose values sit just above the floor no
// model measures in ms (a TPOT of 0.48–0.89 beside a TTFT of 1.4 s: under
// twice the floor at the median) and are possible in seconds is in seconds
// too. A bare TPOT of 8 beside "TTFT (s)" stays in ms: 8 ms is a decode
// step, and 8 s none.
func (r *resolved) secondsBesideSeconds(g grid, metrics []string) {
	secs := false
	for _, c := range r.cols {
		if c.kind != colLatency || !c.stated {
			continue
		}
		if c.unit.name == "ms" {
			return
		}
		secs = secs || c.unit.name == "s"
	}
	if !secs {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colLatency || c.stated || c.cellUnits != "" || !slices.Contains(metrics, c.metric) {
			continue
		}
		if vs := bareValues(g, i); secondsOnly(vs, 2*implausibleMS[c.metric], maxSeconds[c.metric]) {
			c.unit, c.stated, c.unitFrom = units["s"], true, fromBesideSeconds
		}
	}
}

// secondsOnly: at least two values, half of them or more under floorMS
// (impossible in ms), none over maxS (impossible in s).
func secondsOnly(vs []float64, floorMS, maxS float64) bool {
	if len(vs) < 2 || floorMS <= 0 || maxS <= 0 {
		return false
	}
	sorted := append([]float64(nil), vs...)
	sort.Float64s(sorted)
	return sorted[(len(sorted)-1)/2] < floorMS && sorted[len(sorted)-1] <= maxS
}

// bareValues are column i's positive values that write no unit of their own.
func bareValues(g grid, i int) []float64 {
	var vs []float64
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err == nil && ok && cv.unit == nil && cv.v > 0 {
			vs = append(vs, cv.v)
		}
	}
	return vs
}

// magnitudeNote says why a column was read in seconds.
func magnitudeNote(file string, c column) string {
	return fmt.Sprintf("%s: %q read in s: no header or text states its unit, and in ms most of its values would be under %v ms, %s no served model measures; --unit %q reads it otherwise",
		file, c.header, implausibleMS[c.metric], strings.ToUpper(c.metric)+"s", HeaderKey(c.header)+"=ms")
}

package table

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
)

// A table of runs as columns ("batch size | w4 | w16") whose header, title,
// caption and prose name no metric still says what its numbers are by how
// they move with the load, as a perf engineer reads a bare table. Under a
// concurrency, Little's law ties the node's rate X and each request's
// latency R to the level N: N = X × R, so along the sweep X's elasticity
// (d ln X / d ln N) and R's add to one. The node's rate grows with the
// load, at first almost in proportion (elasticity near one), then ever more
// slowly as the node saturates; a latency does the opposite, flat while
// batching is free and climbing once requests queue; a per-request rate
// falls. A column that grows, steeply at first and then less steeply, and
// never faster than the load, is the node's rate. Its value per request at
// the lowest level tells tokens from requests: a request takes a fraction
// of a second at least, so a node serving one request at a time completes
// a few per second at most, while it generates tens of tokens per second.
//
// Only where every value column is such a column, beside nothing else the
// table names, are they read as the node's tok/s, with a note saying so:
// one column that moves otherwise says the unnamed columns hold different
// things, and the table is refused as before.

// Bounds of the signature (elasticities along the sweep, the per-request
// value at the lowest level).
const (
	// physicsFirstRise: an early step's elasticity at least: the node's
	// rate grows with the first levels almost in proportion; a latency
	// barely moves there.
	physicsFirstRise = 0.4
	// physicsMaxRise: no step grows faster than the load, beyond noise:
	// the node's rate cannot.
	physicsMaxRise = 1.15
	// physicsMinDrop: no step falls by more than noise: a per-request rate
	// falls, the node's rate does not.
	physicsMinDrop = -0.1
	// physicsMinPerRequest: tokens per second per request at the lowest
	// level, at least: a request rate per request is its inverse latency,
	// a few per second at most (half a second or more each); a dense 31B
	// model on one small GPU decodes 4 tok/s.
	physicsMinPerRequest = 3.0
	// physicsBend: the last step's elasticity sits this far below the
	// early steps' at least: the curve bends as a saturating rate does.
	physicsBend = 0.1
)

// proseNamesLatency is a latency named in the prose around a table.
var proseNamesLatency = regexp.MustCompile(`(?i)\b(?:ttft|tpot|itl|latency|latencies)\b|\(ms\)`)

// nameColumnsByPhysics names the value columns nothing else names as the
// node's tok/s when each moves with the load as the node's rate does; the
// note says so and how. Nothing changes otherwise.
func nameColumnsByPhysics(g *grid) []string {
	if len(g.rows) < 3 {
		return nil
	}
	cols := classifyAll(g.header)
	load := loadColumn(cols)
	if load < 0 || cols[load].kind == colRequestedRate {
		return nil
	}
	if metric, _ := columnsMetric(*g); metric != "" || headingsNameLatency(*g) || proseNamesLatency.MatchString(g.context) {
		// The text names the metric (nameColumnsByHeading's reading) or a
		// latency: beside a caption "Median TTFT (ms)" for the next table,
		// this one's numbers belong to a page of one metric per table whose
		// caption the reader could not tie to it; not a table nothing names.
		return nil
	}
	named := namelessColumns(*g, cols, "throughput")
	named = slices.DeleteFunc(named, func(i int) bool { return allRatios(columnCells(*g, i)) })
	if len(named) == 0 || !onlyLoadAndUnnamed(*g, cols, load, named) {
		return nil
	}
	levels, ok := levelValues(*g, load)
	if !ok {
		return nil
	}
	var why string
	for _, i := range named {
		w, ok := movesAsNodeRate(*g, levels, i, false)
		if !ok {
			return nil
		}
		if why == "" {
			why = w
		}
	}
	var was []string
	g.header = slices.Clone(g.header)
	for _, i := range named {
		was = append(was, fmt.Sprintf("%q", g.header[i]))
		g.header[i] = strings.TrimSpace(g.header[i]) + " tok/s"
	}
	return []string{fmt.Sprintf("%s:%d: columns %s name no metric, nor does anything around the table: read as the node's tok/s by how they move with %q (%s); if they are something else, say so with --column", g.file, g.headerLine, strings.Join(was, ", "), g.header[load], why)}
}

// onlyLoadAndUnnamed: every column of g is the load, one of the unnamed
// columns, a column of ratios or percentages, or text naming the rows: the
// table names no measure of its own for the unnamed ones to sit beside.
func onlyLoadAndUnnamed(g grid, cols []column, load int, named []int) bool {
	for i, c := range cols {
		switch {
		case i == load || slices.Contains(named, i):
		case c.kind == colRatio || allRatios(columnCells(g, i)) || holdsNegative(g, i):
		case c.kind == colPerUser:
			// One stream's rate named beside them: the unnamed columns are
			// the other side, the node's, if they move as it does.
		case (labelKind(c.kind) || c.key() == "" && c.why == "") && textColumn(g, i) && !namesLatency(g, i):
		default:
			return false
		}
	}
	return true
}

// headingsNameLatency: the caption or a heading above g names a latency
// ("### TTFT (ms)"): the numbers under it are no rate, whatever their shape.
func headingsNameLatency(g grid) bool {
	for _, h := range append([]string{g.caption}, g.title...) {
		if h != "" && classify(h).kind == colLatency {
			return true
		}
	}
	return false
}

// namesLatency: a cell of text column i names a latency ("TTFT", "E2E
// (s)"): the rows say what their numbers are, and it is not a rate.
func namesLatency(g grid, i int) bool {
	for _, row := range g.rows {
		if classify(cellAt(row, i)).kind == colLatency {
			return true
		}
	}
	return false
}

// levelValues are the load column's levels, one per row, strictly rising
// (a table of one curve); false when a cell holds none or the rows repeat
// a level.
func levelValues(g grid, load int) ([]float64, bool) {
	var out []float64
	for _, row := range g.rows {
		v, ok := levelAt(row, load)
		if !ok || len(out) > 0 && v <= out[len(out)-1] {
			return nil, false
		}
		out = append(out, v)
	}
	return out, len(out) >= 3
}

// movesAsNodeRate: column i holds a positive number on every row and
// moves with the levels as the node's rate does (nodeRateShape); the
// string says how, for the note.
func movesAsNodeRate(g grid, levels []float64, i int, worded bool) (string, bool) {
	var vals []float64
	for _, row := range g.rows {
		v, ok := positiveCell(row, i)
		if !ok {
			return "", false
		}
		vals = append(vals, v)
	}
	early, last, peak, ok := nodeRateShape(levels, vals, worded)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("each grows with it, ever more slowly: %q from %s to %s, elasticity up to %.2f early and %.2f into its peak, as the node's rate saturates; a latency climbs the other way, a per-request rate falls", g.header[i], fmtNum(vals[0]), fmtNum(vals[peak]), early, last), true
}

// nodeRateShape: the values at the levels (strictly rising) have, up to
// their peak (two steps in at least), an elasticity to the load that
// never exceeds physicsMaxRise nor falls below physicsMinDrop, reaches
// physicsFirstRise or more in the first half of the climb, and ends below
// that: the node's rate, bending as the node saturates (one noisy early
// step aside, hence the first half's greatest). Past the peak it may fall
// as far as it likes: a node pushed past its knee serves less (GB300 at
// 256 per GPU). Where the text names a speed (worded), the word says it is
// a rate and the shape need only tell it from a latency: one step in the
// first half may dip (noise at the lowest levels), and a node already
// saturated at the lowest level rises little at first; the bend is still
// required, since a latency's elasticity grows with the load. It returns
// the greatest early elasticity, the last one and the peak's index.
func nodeRateShape(levels, vals []float64, worded bool) (float64, float64, int, bool) {
	peak := slices.Index(vals, slices.Max(vals))
	if len(vals) != len(levels) || peak < 2 || vals[0]/levels[0] < physicsMinPerRequest {
		return 0, 0, 0, false
	}
	var el []float64
	dips := 0
	for k := 1; k <= peak; k++ {
		e := math.Log(vals[k]/vals[k-1]) / math.Log(levels[k]/levels[k-1])
		if e < physicsMinDrop && worded && k <= (peak+1)/2 && dips == 0 {
			dips++
			continue
		}
		if e > physicsMaxRise || e < physicsMinDrop {
			return 0, 0, 0, false
		}
		el = append(el, e)
	}
	if len(el) < 2 {
		return 0, 0, 0, false
	}
	early, last := slices.Max(el[:(len(el)+1)/2]), el[len(el)-1]
	if !worded && early < physicsFirstRise || last > early-physicsBend {
		return 0, 0, 0, false
	}
	return early, last, peak, true
}

package table

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// The units pass: the unit each column is in, from the units row and
// --unit, the cells' own units (cellunits.go), the text around the table
// and the other time columns; a duration whose unit nothing states is left
// unread. It knows the columns' words only: no later pass has run.
func (r *resolved) unitsPass(g grid, unitsRow []string, unitsLine int, flags map[string]string) error {
	if err := r.statedUnits(g, unitsRow, unitsLine, flags); err != nil {
		return err
	}
	r.cellDimensions(g)
	r.aggregateCells(g)
	r.aggregateBesideStream(g)
	r.cellTimeUnits(g)
	r.unitsFromContext(g)
	r.secondsByMagnitude(g, "ttft", "tpot", "itl")
	r.ignoreUnstatedDurations(g)
	return nil
}

// statedUnits applies the units a units row and --unit state, and refuses
// a header that states two.
func (r *resolved) statedUnits(g grid, unitsRow []string, unitsLine int, flags map[string]string) error {
	for i, u := range unitsRow {
		if i >= len(r.cols) || isBlank(unitCell(u)) {
			continue
		}
		un, _ := parseUnit(unitCell(u))
		if err := setUnit(&r.cols[i], un, "units row"); err != nil {
			return inputerr.Errorf(g.file, r.cols[i].header, unitsLine, "%w", err)
		}
	}
	if err := r.applyUnitFlags(g, flags); err != nil {
		return err
	}
	return r.refuseTwoUnits(g)
}

// ignoreUnstatedDurations leaves a duration whose header states no unit
// unread: nothing downstream needs a duration badly enough to guess its unit.
// Where every cell writes its own unit ("23.8 s") the note must not claim
// no unit was stated, so it says what the column is instead.
func (r *resolved) ignoreUnstatedDurations(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind == colDuration && !c.stated {
			c.kind, c.why = colIgnore, "a duration with no unit stated"
			if wordsColumn(g, i) {
				// "runtime" holding llamacpp, ollama, vllm names the engine.
				c.kind, c.why = colSeriesLabel, ""
				continue
			}
			if u := cellsTimeUnits(g, i); u != "" {
				c.kind, c.why = colIgnore, "a run's duration, not a column knee reads; its cells write "+u
			}
		}
	}
}

// refuseTwoUnits refuses a time column whose header names two units
// ("TTFT p99 ms (s)") when nothing else (a units row, --unit) says which:
// reading it as either could be off by a thousand.
func (r *resolved) refuseTwoUnits(g grid) error {
	for _, c := range r.cols {
		if (c.kind == colLatency || c.kind == colDuration) && len(c.timeUnits) > 1 && c.unitFrom == "header" {
			return inputerr.Errorf(g.file, c.header, g.headerLine, "the header names two time units (%s), so the column's unit is ambiguous; say which with --unit %q",
				strings.Join(c.timeUnits, " and "), HeaderKey(c.header)+"="+c.timeUnits[0])
		}
	}
	return nil
}

// unitCell reads a units-row cell: "(ms)", "[s]", "tok/s".
func unitCell(s string) string {
	return strings.Trim(cleanCell(s), "()[] ")
}

// setUnit applies a unit given outside the header, if it fits the column.
func setUnit(c *column, u unit, from string) error {
	ok := false
	switch c.kind {
	case colLatency, colDuration:
		ok = u.dim == dimTime
	case colThroughput, colThroughputPerGPU, colOtherTokRate, colPerUser:
		if u.dim == dimNone && u.factor == 1000 {
			u, ok = units["ktok/s"], true
		} else {
			ok = u.dim == dimTokRate
		}
	case colRequestRate, colRequestedRate:
		ok = u.dim == dimReqRate
	case colIgnore, colRatio, colPrompts, colWorkload, colSeriesLabel, colNote, colLeaf, colAccelerator, colModel, colSimulated:
		return nil // an unread column's unit does not matter
	}
	if !ok {
		return fmt.Errorf("the %s says %q, which is %s; this column holds %s", from, u.name, u.dim, c.describe())
	}
	c.unit, c.stated, c.unitFrom = u, true, from
	return nil
}

func (c column) describe() string {
	switch c.kind {
	case colLatency, colDuration:
		return "a time"
	case colThroughput, colThroughputPerGPU, colOtherTokRate, colPerUser:
		return "a token rate"
	case colRequestRate, colRequestedRate:
		return "a request rate"
	}
	return "a plain count"
}

// applyUnitFlags applies --unit COLUMN=UNIT, matched by header or key.
func (r *resolved) applyUnitFlags(g grid, flags map[string]string) error {
	flags = expandUnitLists(r.cols, flags)
	used := map[string]bool{}
	for i := range r.cols {
		c := &r.cols[i]
		for _, k := range []string{HeaderKey(c.header), c.key()} {
			un, ok := flags[k]
			if !ok || k == "" {
				continue
			}
			used[k] = true
			u, _ := parseUnit(un)
			if err := setUnit(c, u, "--unit"); err != nil {
				return inputerr.Errorf(g.file, c.header, g.headerLine, "%w", err)
			}
			break
		}
	}
	var unused []string
	for k := range flags {
		if !used[k] {
			unused = append(unused, k)
		}
	}
	sort.Strings(unused)
	for _, k := range unused {
		r.notes = append(r.notes, fmt.Sprintf("%s: --unit %q matches no column", g.file, k))
	}
	return nil
}

// cellDimensions reads a column by its cells when they all carry a unit of
// one other dimension: a "Throughput" whose cells say "2.09 req/sec" is a
// request rate, not a token rate.
func (r *resolved) cellDimensions(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colThroughput && c.kind != colThroughputPerGPU {
			continue
		}
		n, req := 0, 0
		for _, row := range g.rows {
			cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
			if err != nil || !ok || cv.unit == nil {
				continue
			}
			n++
			if cv.unit.dim == dimReqRate {
				req++
			}
		}
		if n > 0 && req == n {
			c.kind, c.flavor, c.why = colRequestRate, "achieved", ""
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the achieved request rate: its cells are in req/s", g.file, c.header))
		}
	}
}

// captionUnit finds a time unit the prose around a table states for its
// latencies: "TTFT in seconds", "latencies in ms", "E2E latency in s".
var captionUnit = regexp.MustCompile(`(?i)\b(ttft|tpot|itl|e2e|latency|latencies|times?)\b[^.;\n|]{0,24}?\bin\s+(seconds|secs?|s|milliseconds|ms)\b`)

// unitsFromContext gives a latency column whose header states no unit the
// unit stated where people state it instead: the text around the table
// ("TTFT in seconds"), or, when its values are impossible in ms, the one
// unit every other time column's header states ("TTFT (s)" beside a bare
// "E2E p99" of 0.8). Each is said in a note once the passes are done
// (noteContextUnits): a column of a series --series does not pick is
// given its unit here but not read.
func (r *resolved) unitsFromContext(g grid) {
	caption := captionUnits(g.context)
	sibling := r.headerTimeUnits()
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colLatency || c.stated {
			continue
		}
		u, ok := caption[c.metric]
		if !ok {
			u, ok = caption["*"]
		}
		if ok {
			c.unit, c.stated, c.unitFrom = u, true, fromContext
			continue
		}
		if len(sibling) == 1 && sibling[0] != "ms" && anyImplausibleMS(g, i, c.metric) {
			c.unit, c.stated, c.unitFrom = units[sibling[0]], true, fromSiblings
		}
	}
}

// Where unitsFromContext found a unit, as column.unitFrom says it; the note
// that says so is written once the passes are done (noteContextUnits), for
// the columns still read.
const (
	fromContext  = "text around the table"
	fromSiblings = "other time columns' headers"
)

// noteContextUnits says, for each column still read, the unit the text
// around the table or the other time columns' headers gave it.
func (r *resolved) noteContextUnits(file string) {
	for _, c := range r.cols {
		if c.key() == "" {
			continue
		}
		switch c.unitFrom {
		case fromContext:
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read in %s: the text around the table says so", file, c.header, c.unit.name))
		case fromMagnitude:
			r.notes = append(r.notes, magnitudeNote(file, c))
		case fromBesideSeconds:
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read in s: the table's other latencies are in seconds, and in ms most of its values would be under %v ms; --unit %q reads it otherwise",
				file, c.header, 2*implausibleMS[c.metric], HeaderKey(c.header)+"=ms"))
		case fromSiblings:
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read in %s: its values are impossible in ms, and every other time column's header says %s", file, c.header, c.unit.name, c.unit.name))
		}
	}
}

// captionUnits are the time units the text around a table states, by
// metric ("TTFT in seconds"); "*" for all latencies ("latencies in ms").
func captionUnits(context string) map[string]unit {
	caption := map[string]unit{}
	for _, m := range captionUnit.FindAllStringSubmatch(context, -1) {
		u, ok := parseUnit(m[2])
		if !ok || u.dim != dimTime {
			continue
		}
		switch w := strings.ToLower(m[1]); w {
		case "latency", "latencies", "time", "times":
			caption["*"] = u
		default:
			caption[w] = u
		}
	}
	return caption
}

// headerTimeUnits are the units the time columns' headers state, each once.
func (r *resolved) headerTimeUnits() []string {
	var sibling []string
	for _, c := range r.cols {
		if (c.kind == colLatency || c.kind == colDuration) && c.stated && c.unitFrom == "header" && !slices.Contains(sibling, c.unit.name) {
			sibling = append(sibling, c.unit.name)
		}
	}
	return sibling
}

func anyImplausibleMS(g grid, i int, metric string) bool {
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err == nil && ok && cv.unit == nil && cv.v > 0 && cv.v < implausibleMS[metric] {
			return true
		}
	}
	return false
}

package table

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// A count over the run divided by the run's duration is a rate. A table that
// gives only the output tokens generated and the time they took (llama.cpp's
// and many scripts' "generated tokens" and "time (s)"), or the requests
// served and the duration, has a throughput or a request rate all the same:
// derived row by row into a column of its own, which the passes then read
// like any other, and said in a note. Nothing is derived where the table
// prints the rate itself, or where the duration's unit is nowhere stated
// (a factor of 1000 is no guess to make).

// countRates adds the derived rate columns to g and returns their notes.
func countRates(g *grid) []string {
	cols := classifyAll(g.header)
	var notes []string
	if !hasKind(cols, colThroughput) && !hasKind(cols, colThroughputPerGPU) || distributionRates(cols) {
		tok, okTok := onlyIndex(cols, outputTokenTotal)
		dur, u, okDur := runTime(g, cols, true)
		byRate := false
		if !okDur {
			dur, okDur = secondsByServedRate(g, cols)
			u, byRate = units["s"], okDur
		}
		if okTok && okDur {
			note := deriveRate(g, tok, dur, u, "Output tok/s (derived)", "the output throughput")
			if byRate {
				note += fmt.Sprintf("; %q read in s: on every row it is the requests served over the served request rate", g.header[dur])
			}
			notes = append(notes, note)
		}
	}
	if !hasServedRate(cols) {
		req, okReq := onlyIndex(cols, func(c column) bool { return c.kind == colRequests })
		dur, u, okDur := runTime(g, cols, false)
		if okReq && okDur {
			notes = append(notes, deriveRate(g, req, dur, u, "Request throughput req/s (derived)", "the served request rate"))
		}
	}
	return notes
}

// runTime is the one column that holds the run's duration, and its unit:
// a duration column, or with plain a time that is no latency ("Time (s)"
// beside the tokens generated in it). Its unit is the header's or every
// cell's own; a duration whose unit nothing states is none.
func runTime(g *grid, cols []column, plain bool) (int, unit, bool) {
	i, ok := onlyIndex(cols, func(c column) bool { return c.kind == colDuration })
	if !ok && plain {
		i, ok = onlyIndex(cols, func(c column) bool { return c.why == whyOtherTime })
	}
	if !ok {
		return 0, unit{}, false
	}
	if u, stated := timeUnitFromTokens(headerTokens(vocab.Translate(strings.ToLower(g.header[i])))); stated {
		return i, u, true
	}
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err != nil || ok && (cv.unit == nil || cv.unit.dim != dimTime) {
			return 0, unit{}, false
		}
	}
	return i, unit{}, true
}

// outputTokenTotal: a count of the output tokens over the run ("Total
// generated tokens", "output tokens total"), not of input tokens and not a
// rate or a length per request.
func outputTokenTotal(c column) bool {
	if c.why != whyRunTokenCount {
		return false
	}
	t := headerTokens(vocab.Translate(c.header))
	return anyWord(t, outputRateWords) && !anyWord(t, []string{"input", "prompt", "prefill", "pp", "combined", "overall", "sum"})
}

// hasServedRate: the table prints the requests served per second.
func hasServedRate(cols []column) bool {
	for _, c := range cols {
		if c.kind == colRequestRate && c.flavor != "requested" {
			return true
		}
	}
	return false
}

// onlyIndex is the one column that match accepts; false for none or several.
func onlyIndex(cols []column, match func(column) bool) (int, bool) {
	found := -1
	for i, c := range cols {
		if !match(c) {
			continue
		}
		if found >= 0 {
			return 0, false
		}
		found = i
	}
	return found, found >= 0
}

// deriveRate appends the column header: count ÷ duration (in durUnit, or
// the unit a cell writes) on every row whose two cells read, blank
// elsewhere, and returns the note that says so.
func deriveRate(g *grid, count, dur int, durUnit unit, header, what string) string {
	for r, row := range g.rows {
		v := ""
		n, okN, errN := parseCell(cleanCell(cellAt(row, count)))
		d, okD, errD := parseCell(cleanCell(cellAt(row, dur)))
		if errN == nil && errD == nil && okN && okD && n.unit == nil {
			factor := durUnit.factor
			if d.unit != nil {
				factor = d.unit.factor
			}
			if s := d.v * factor / 1000; s > 0 {
				v = strconv.FormatFloat(n.v/s, 'g', -1, 64)
			}
		}
		g.rows[r] = append(padRow(row, len(g.header)), v)
	}
	g.header = append(g.header, header)
	return fmt.Sprintf("%s: %s is %q ÷ %q on each row (a count over the run divided by its duration): read as %q", g.file, what, g.header[count], g.header[dur], header)
}

// padRow is row with blank cells up to n, so that a cell appended after it
// lands in column n.
func padRow(row []string, n int) []string {
	for len(row) < n {
		row = append(row, "")
	}
	return row
}

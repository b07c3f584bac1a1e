package table

import (
	"fmt"
	"regexp"
	"slices"
)

// An offered-rate sweep may write each level with its per-second mark:
// "1/s", "8/s", "32/s" under "Request rate". The mark is the column's unit,
// the requests a second, not a second value. The cells are read as the
// number alone only in a request-rate column whose every cell is a number
// alone, or a number and "/s"; anything else is left for the column passes,
// which refuse it naming the cell.

// perSecondCell is a number and a bare per-second mark.
var perSecondCell = regexp.MustCompile(`^(\d+(?:\.\d+)?)\s*/\s*s$`)

// dropLoadPerSecond strips the per-second mark from the cells of an offered
// request-rate column.
func dropLoadPerSecond(g *grid) []string {
	load := rateColumn(classifyAll(g.header))
	if load < 0 || !perSecondColumn(*g, load) {
		return nil
	}
	example := keepCellNumbers(g, load, perSecondCell)
	return []string{fmt.Sprintf("%s: the cells of %q mark the rate per second (%q): read as requests a second", g.file, g.header[load], example)}
}

// rateColumn is the offered request-rate column, else the request-rate
// column (which the resolve pass may yet read as the offered rate), or -1.
func rateColumn(cols []column) int {
	for _, k := range []colKind{colRequestedRate, colRequestRate} {
		for i, c := range cols {
			if c.kind == k {
				return i
			}
		}
	}
	return -1
}

// perSecondColumn: some cell of column i is a number and "/s", and every
// other is a number alone or blank.
func perSecondColumn(g grid, i int) bool {
	marked := false
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) || plainDecimal(c) {
			continue
		}
		if !perSecondCell.MatchString(c) {
			return false
		}
		marked = true
	}
	return marked
}

// A table of an open-loop run may mark every rate it counts so: "0.86/s"
// offered, "0.79/s" completed, beside a "tok/s" column. A bare per second
// counts requests there (the token rate says tok/s): a column whose header
// states no unit and whose every filled cell, three at least, is a number
// and "/s" is read as that many requests a second (a request-rate column's
// marks are the load's, dropLoadPerSecond).

// namePerSecondColumns gives each such column the unit req/s and strips the
// marks from its cells.
func namePerSecondColumns(g *grid) []string {
	var notes []string
	for i, h := range g.header {
		// A header that names a token rate ("Throughput") keeps its
		// tokens: only a count the header leaves unnamed is requests.
		if k := classify(h).kind; headerStatesUnit(h) || k == colRequestedRate || k == colRequestRate || tokenRateKind(k) || !everyCellPerSecond(*g, i) {
			continue
		}
		if notes == nil {
			g.header = slices.Clone(g.header) // the caller's grid keeps its headers
		}
		example := keepCellNumbers(g, i, perSecondCell)
		g.header[i] = h + " (req/s)"
		notes = append(notes, fmt.Sprintf("%s: the cells of %q mark a rate per second (%q) and no header names what it counts: read as requests a second", g.file, h, example))
	}
	return notes
}

// everyCellPerSecond: three filled cells of column i or more, each a number
// and "/s".
func everyCellPerSecond(g grid, i int) bool {
	n := 0
	return everyFilledCell(g, i, cleanCell, func(c string) bool {
		n++
		return perSecondCell.MatchString(c)
	}) && n >= 3
}

package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A key-value table (a label and its result on each row) may pack a whole
// sweep into one row: "Concurrency 1/2/4/8 | 34.6 / 49.5 / 49.0 / 84.1 tok/s
// aggregate". The label names a load and lists its N levels, the value
// lists N numbers and their rate unit once: that row is a sweep of N
// points, and the table's other rows (a single-stream figure, a prefill
// rate) are remarks around it. Only a two-column table whose one row packs
// a sweep is read this way: two such rows are two curves, read by neither.

// sweepLabel is a load's name and its levels: "Concurrency 1/2/4/8".
var sweepLabel = regexp.MustCompile(`^(\D+?)\s*[:=]?\s*(\d+(?:\.\d+)?(?:\s*/\s*\d+(?:\.\d+)?)+)$`)

// sweepValues is N slash-separated numbers and the unit after the last:
// "34.6 / 49.5 / 49.0 / 84.1 tok/s aggregate".
var sweepValues = regexp.MustCompile(`^(\d[\d.,]*(?:\s*/\s*\d[\d.,]*)+)\s+(\S.*)$`)

var slashSep = regexp.MustCompile(`\s*/\s*`)

// packedSweep is one row's sweep: the load's name and levels, the value's
// header and numbers.
type packedSweep struct {
	load, value     string
	levels, numbers []string
	line            int
}

// unpackSweepRow replaces a key-value table by the sweep its one packed
// row holds; the note says which row.
func unpackSweepRow(g *grid) []string {
	if len(g.header) != 2 {
		return nil
	}
	var found []packedSweep
	for r, row := range g.rows {
		if p, ok := sweepInRow(row); ok {
			p.line = g.lines[r]
			found = append(found, p)
		}
	}
	if len(found) != 1 {
		return nil
	}
	p := found[0]
	g.header = []string{p.load, p.value}
	g.rows, g.lines = nil, nil
	for j := range p.levels {
		g.rows = append(g.rows, []string{p.levels[j], p.numbers[j]})
		g.lines = append(g.lines, p.line)
	}
	return []string{fmt.Sprintf("%s:%d: the row %q packs a sweep of %d levels: read as %d rows of %q and %q; the table's other rows are not levels", g.file, p.line, p.load+" "+strings.Join(p.levels, "/"), len(p.levels), len(p.levels), p.load, p.value)}
}

// sweepInRow reads a row whose label names a load and lists its levels and
// whose value lists as many numbers with a token or request rate's unit.
func sweepInRow(row []string) (packedSweep, bool) {
	if len(row) != 2 {
		return packedSweep{}, false
	}
	lm := sweepLabel.FindStringSubmatch(strings.TrimSpace(stripMarkup(row[0])))
	vm := sweepValues.FindStringSubmatch(strings.TrimSpace(stripMarkup(row[1])))
	if lm == nil || vm == nil {
		return packedSweep{}, false
	}
	load, value := strings.TrimSpace(lm[1]), strings.TrimSpace(vm[2])
	levels, numbers := slashSep.Split(lm[2], -1), slashSep.Split(vm[1], -1)
	if len(levels) != len(numbers) || !loadCandidate(classify(load)) || !rateValue(value) {
		return packedSweep{}, false
	}
	return packedSweep{load: load, value: value, levels: levels, numbers: numbers}, true
}

// rateValue: the words after the numbers name a rate knee reads.
func rateValue(h string) bool {
	switch classify(h).kind {
	case colThroughput, colThroughputPerGPU, colRequestRate:
		return true
	}
	return false
}

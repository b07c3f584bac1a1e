package table

import (
	"regexp"
	"strings"
)

// A heading over a table often says how its metric was compared:
// "Throughput vs Concurrency", "4.1 Throughput Scaling", "Output tok/s
// versus SGLang". In a column's header those words name a ratio
// ("Throughput vs baseline", "Scaling"), and classify reads them so; above
// a table they title what its cells hold, the metric before them. The
// heading is read so only where no cell is written as a ratio or a
// percentage and no value column starts at exactly 1: a scaling normalised
// to its first level is a ratio whatever the heading calls it.

var (
	comparedTail  = regexp.MustCompile(`(?i)\s+(?:vs\.?|versus|compared (?:with|to)|against)\s.*$`)
	comparedWords = regexp.MustCompile(`(?i)\b(?:scaling|comparison)\b`)
)

// comparedHeadingMetric is the metric heading h names before its words of
// comparison, when it is the node's throughput and g's cells are no
// ratios; "" otherwise.
func comparedHeadingMetric(g grid, h string) string {
	m := comparedTail.ReplaceAllString(h, "")
	m = strings.Join(strings.Fields(comparedWords.ReplaceAllString(m, " ")), " ")
	if m == h || m == "" || classify(m).kind != colThroughput || ratioValues(g) {
		return ""
	}
	return m
}

// ratioValues: a cell of g is written as a ratio or percentage, or a value
// column (any but the load's) starts at exactly 1.
func ratioValues(g grid) bool {
	cols := classifyAll(g.header)
	for i := range g.header {
		cells := columnCells(g, i)
		for _, c := range cells {
			if looksRatio(cleanCell(c)) {
				return true
			}
		}
		if !loadKind(cols[i].kind) && startsAtOne(cells) {
			return true
		}
	}
	return false
}

// startsAtOne: the first cell holding a number holds exactly 1.
func startsAtOne(cells []string) bool {
	for _, c := range cells {
		cv, ok, err := parseCell(cleanCell(c))
		if err == nil && ok {
			return cv.v == 1
		}
	}
	return false
}

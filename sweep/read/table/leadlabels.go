package table

import (
	"fmt"
	"strings"
)

// A table of one row per curve and one column per level may name each
// curve by two or three columns before the levels: "| Context | Profile |
// C1 | C2 | C4 | C8 |" over "| 128K | BF16 control | 100.8 | …". Together
// they are the curve's name, the way one label column is; a perf engineer
// reads the row "128K BF16 control" as one curve. The label columns are
// joined into one before the levels are read, so a first label of numbers
// (a context length) is not taken for the levels of a table of one row per
// level.

// maxLeadLabels is how many columns before the levels may name a curve.
const maxLeadLabels = 3

// joinLeadLabels joins the label columns before the level columns of g
// into one, when the first column does not tell the rows apart (where it
// does, the columns after it describe each row: configcolumns.go), the
// second column onwards are not all levels, a later
// column starts a run of at least three levels to the end, and no label
// column is a load or a value knee reads.
func joinLeadLabels(g grid) (grid, string, bool) {
	if levelOrSeriesHeaders(g.header[1:]) {
		return g, "", false
	}
	if len(distinctCells(g, 0)) == len(g.rows) {
		return g, "", false // the first column names each row: the others describe it (configcolumns.go)
	}
	for f := 2; f <= maxLeadLabels && len(g.header)-f >= 3; f++ {
		if !levelOrSeriesHeaders(g.header[f:]) || !labelsOnly(g.header[:f]) {
			continue
		}
		t := g.reshaped(append([]string{strings.Join(g.header[:f], " / ")}, g.header[f:]...)...)
		above := make([]string, f-1)
		for r, row := range g.rows {
			if len(row) < f {
				return g, "", false
			}
			labels := filledDown(row[:f], above)
			t.rows = append(t.rows, append([]string{joinWords(labels...)}, row[f:]...))
			t.lines = append(t.lines, g.lines[r])
		}
		return t, fmt.Sprintf("%s: the columns %s name each row's curve together: read as one label before the levels", g.file, quoteAll(g.header[:f])), true
	}
	return g, "", false
}

// levelOrSeriesHeaders: every header names a level, or a level and a series
// ("c=1 baseline / DFlash", levelseries.go).
func levelOrSeriesHeaders(headers []string) bool {
	if _, _, ok := levelHeaders(headers); ok {
		return true
	}
	_, _, ok := levelSeriesHeaders(headers)
	return ok
}

// filledDown is a row's labels with a blank outer label (every one but the
// last) taken from the row above, as a grouped table writes a model's name
// once over its rows ("| GLM | Per-user |" then "| | Aggregate |"); above
// keeps the outer labels for the next row.
func filledDown(labels, above []string) []string {
	out := append([]string(nil), labels...)
	for c := range above {
		if isBlank(cleanCell(out[c])) {
			out[c] = above[c]
		}
		above[c] = out[c]
	}
	return out
}

// labelsOnly: no header is a load or a measurement knee reads.
func labelsOnly(headers []string) bool {
	for _, h := range headers {
		switch classify(h).kind {
		case colConcurrency, colPerGPU, colAchieved, colRequestedRate, colRequestRate, colThroughput, colThroughputPerGPU, colLatency, colPerUser, colOtherTokRate:
			return false
		}
	}
	return true
}

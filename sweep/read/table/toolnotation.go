package table

import (
	"regexp"
	"strings"
)

// Benchmark tools write some names their own way: k6 names a percentile
// "p(95)" ("http_req_duration p(95)", "Latency Request ms p(90)"). Read
// as "p95", it is the statistic the other tools' headers write, not a
// bracketed name: the columns "… p(90)" and "… p(95)" are two statistics
// of one metric, not two curves named "90" and "95".
var k6Percentile = regexp.MustCompile(`(?i)\bp\((\d{2}(?:\.\d+)?)\)`)

// writeToolNotation rewrites the headers of g in the notation the roles
// read.
func writeToolNotation(g *grid) {
	for i, h := range g.header {
		if fullWidthPairs(*g, i) {
			h = fullWidth.Replace(h)
			for _, row := range g.rows {
				if i < len(row) {
					row[i] = fullWidth.Replace(row[i])
				}
			}
		}
		g.header[i] = k6Percentile.ReplaceAllString(h, "p$1")
	}
}

// Chinese and Japanese input methods write the slash and the comma full
// width: "Mean／P95 TTFT，s" over "2.474／4.839" is "Mean/P95 TTFT, s" over
// "2.474/4.839", two statistics in one column with the unit after the
// comma, as the pair readers take them. Only a column whose cells write
// the full-width slash is rewritten: a header's "1／2" over ASCII pairs
// names the order that prose beside the table spells out (contextpairs.go).
var fullWidth = strings.NewReplacer("／", "/", "，", ", ")

// fullWidthPairs: a cell of column i holds a full-width slash.
func fullWidthPairs(g grid, i int) bool {
	for _, row := range g.rows {
		if i < len(row) && strings.Contains(row[i], "／") {
			return true
		}
	}
	return false
}

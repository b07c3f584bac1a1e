package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A header may name a second statistic in brackets after the first, and
// each cell write it the same way: "TTFT med (p99) ms" over "4.98 (5.4)",
// "p50 (p95)" over "120 (310)". The bracket is the second statistic, not a
// remark: it reads as "TTFT med / p99 ms" over "4.98 / 5.4" does, two
// columns (splitStatPairs). Only a latency's: each of its statistics is
// read (a TTFT p99 beside its median), where a rate's family is read by one
// central value, and which one a table's author bracketed is no reason to
// change it. parenvalues.go reads the same cells under a
// header whose brackets name another quantity.

// bracketStatHeader is a header whose statistic is followed by another in
// brackets.
var bracketStatHeader = regexp.MustCompile(`(?i)^(.*?)\b(` + pairStat + `)\s*\(\s*(` + pairStat + `)\s*\)(.*)$`)

// bracketStatCell is a cell of a value and a second one in brackets, each
// with a unit or none.
var bracketStatCell = regexp.MustCompile(`^([+-]?[\d.,]+\s*[a-zA-Zµ]*)\s*\(\s*([+-]?[\d.,]+\s*[a-zA-Zµ]*)\s*\)$`)

// bracketStatPairs rewrites each such column as the pair it is, where every
// filled cell holds a value and a bracketed one; the note names it.
func bracketStatPairs(g *grid) []string {
	var notes []string
	for i, h := range g.header {
		m := bracketStatHeader.FindStringSubmatch(stripMarkup(h))
		if m == nil || classify(m[1]).kind != colLatency || !everyFilledCell(*g, i, markupFree, bracketStatCell.MatchString) {
			continue
		}
		g.header[i] = strings.TrimSpace(m[1] + m[2] + "/" + m[3] + m[4])
		for _, row := range g.rows {
			if i < len(row) {
				if c := bracketStatCell.FindStringSubmatch(markupFree(row[i])); c != nil {
					row[i] = strings.TrimSpace(c[1]) + " / " + strings.TrimSpace(c[2])
				}
			}
		}
		notes = append(notes, fmt.Sprintf("%s: %q writes its second statistic in brackets in every cell: read as %q", g.file, h, g.header[i]))
	}
	return notes
}

package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A catalog may write the rate's side with its unit in every cell
// ("69.26 output tok/s" under "primary metric"): the words after the
// number say what the column measures, as a header would. Where every
// number of a column writes one side and one token-rate unit, and the
// header states no unit, the two move to the header ("primary metric
// (output tok/s)") and the cells keep their numbers; the roles then read
// the column as any header so written (output: the throughput; total or
// input: another rate). A column whose cells write different sides or
// units (a catalog of mixed metrics) is left as it is: no one header says
// what it holds.

// sidedRateCell is a number, a side word and a unit.
var sidedRateCell = regexp.MustCompile(`(?i)^([+-]?\d[\d,]*(?:\.\d+)?)\s+(output|input|total|prompt|prefill|decode|generation|generated|completion)\s+(\S+)$`)

// nameSidedRateCells rewrites such columns, with a note for each.
func nameSidedRateCells(g *grid) []string {
	var notes []string
	for i, h := range g.header {
		side, ok := cellsSidedRate(*g, i)
		if !ok || headerStatesUnit(h) {
			continue
		}
		if notes == nil {
			g.header = slices.Clone(g.header) // the caller's grid keeps its headers (cellrateunits.go)
		}
		example := keepCellNumbers(g, i, sidedRateCell)
		g.header[i] = fmt.Sprintf("%s (%s)", h, side)
		notes = append(notes, fmt.Sprintf("%s: %q writes what it measures in every cell (%q): read as %q", g.file, h, example, g.header[i]))
	}
	return notes
}

// cellsSidedRate is the one "side unit" every number of column i writes
// ("output tok/s"), two cells at least; ok false when a number writes
// none, another, or a unit that is no token rate.
func cellsSidedRate(g grid, i int) (string, bool) {
	side, n := "", 0
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		m := sidedRateCell.FindStringSubmatch(c)
		if m == nil {
			return "", false
		}
		if u, ok := parseUnit(m[3]); !ok || u.dim != dimTokRate {
			return "", false
		}
		s := strings.ToLower(m[2] + " " + m[3])
		if n > 0 && s != side {
			return "", false
		}
		side, n = s, n+1
	}
	return side, n >= 2
}

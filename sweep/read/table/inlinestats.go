package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A report may write a latency's other statistics in brackets after its
// headline value: "**11.80s** (p50 0.74s · p99 77.6s)" under "Mean TTFT",
// "21.3s (p99 111.1s)" under "Mean E2E latency". Each bracketed item names
// its statistic, so the column becomes one column per statistic ("Mean
// TTFT", "Mean TTFT p50", "Mean TTFT p99"), the headline keeping the
// header's own. Only a bracket whose every item is a statistic and a
// value is read so; any other bracket is a remark, which cleanCell drops.

// inlineStatsCell is a value, then a bracket of items.
var inlineStatsCell = regexp.MustCompile(`^([^()]*?\d[^()]*?)\s*[(（]([^()（）]+)[)）]\s*$`)

// inlineStatItem is one item: a statistic, then its value.
var inlineStatItem = regexp.MustCompile(`^(?i)(p\d{2}(?:\.\d+)?|median|mean|avg|max|min)\s*[:=]?\s*(\d[\d.,]*\s*[\pLµ]{0,3})$`)

// inlineStatSep parts a bracket's items.
var inlineStatSep = regexp.MustCompile(`\s*[·•,;|]\s*`)

// inlineStats is the headline value and the statistics a cell names in its
// bracket, in order; ok false when the cell is not such a cell.
func inlineStats(cell string) (head string, stats, vals []string, ok bool) {
	m := inlineStatsCell.FindStringSubmatch(strings.TrimSpace(stripMarkup(cell)))
	if m == nil {
		return "", nil, nil, false
	}
	for _, item := range inlineStatSep.Split(strings.TrimSpace(m[2]), -1) {
		x := inlineStatItem.FindStringSubmatch(item)
		if x == nil {
			return "", nil, nil, false
		}
		stats, vals = append(stats, strings.ToLower(x[1])), append(vals, x[2])
	}
	return strings.TrimSpace(m[1]), stats, vals, true
}

// splitInlineStats splits every latency column whose filled cells all
// write the same statistics in brackets.
func splitInlineStats(g *grid) []string {
	var notes []string
	for i := 0; i < len(g.header); i++ {
		stats, ok := columnInlineStats(*g, i)
		if !ok {
			continue
		}
		// "Mean TTFT" gives "TTFT p50": the bracket's statistic, not the
		// headline's beside it.
		names := []string{g.header[i]}
		for _, st := range stats {
			names = append(names, headerStem(g.header[i])+" "+st)
		}
		replaceColumn(g, i, names, func(raw string) []string {
			head, _, vals, ok := inlineStats(raw)
			if !ok {
				return append([]string{raw}, make([]string, len(stats))...)
			}
			return append([]string{head}, vals...)
		})
		notes = append(notes, fmt.Sprintf("%s: the cells of %q name further statistics in brackets: read as %s", g.file, names[0], quoteAll(names)))
		i += len(stats)
	}
	return notes
}

// columnInlineStats: column i names a latency, and every filled cell
// writes one value and the same statistics in brackets.
func columnInlineStats(g grid, i int) ([]string, bool) {
	if c := classify(g.header[i]); c.kind != colLatency {
		return nil, false
	}
	var want []string
	ok := everyFilledCell(g, i, func(s string) string { return s }, func(c string) bool {
		_, stats, _, ok := inlineStats(c)
		if !ok || want != nil && strings.Join(stats, ",") != strings.Join(want, ",") {
			return false
		}
		want = stats
		return true
	})
	return want, ok
}

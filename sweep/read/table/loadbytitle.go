package table

import (
	"fmt"
	"slices"
	"strings"
)

// A chart-like title names the load axis: "Throughput vs Concurrent
// Requests". A column under it headed by that axis's last word alone
// ("Requests", 1, 2, 4, 8) is the axis: its words alone would read as a
// count of requests sent, but the title says they were concurrent. Only
// when no column already reads as the load, and one column so matches.

// loadNamedByTitle renames the one column the title's load axis names, when
// the table has no load column; the note says so.
func loadNamedByTitle(g *grid) []string {
	cols := classifyAll(g.header)
	if loadColumn(cols) >= 0 {
		return nil
	}
	axis := titleLoadAxis(*g)
	if axis == "" {
		return nil
	}
	words := headerTokens(axis)
	match := -1
	for i, h := range g.header {
		hw := headerTokens(h)
		if len(hw) == 0 || len(hw) >= len(words) || !slices.Equal(hw, words[len(words)-len(hw):]) || cols[i].kind != colRequests {
			continue
		}
		if match >= 0 {
			return nil
		}
		match = i
	}
	if match < 0 {
		return nil
	}
	was := g.header[match]
	g.header = slices.Clone(g.header)
	g.header[match] = axis
	return []string{fmt.Sprintf("%s:%d: %q is the title's load axis, %q", g.file, g.headerLine, was, axis)}
}

// titleLoadAxis is the far side of a "metric vs load" caption or heading
// above g when it reads as a concurrency; "" otherwise.
func titleLoadAxis(g grid) string {
	for _, h := range append([]string{g.caption}, g.title...) {
		h = stripMarkup(h)
		loc := versusSep.FindStringIndex(h)
		if loc == nil || classify(strings.TrimSpace(h[:loc[0]+1])).kind != colThroughput {
			continue
		}
		axis := h[loc[1]:]
		if i := strings.IndexAny(axis, ",，;；:：("); i >= 0 {
			axis = axis[:i]
		}
		axis = strings.TrimSpace(axis)
		if classify(axis).kind == colConcurrency {
			return axis
		}
	}
	return ""
}

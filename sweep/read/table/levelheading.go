package table

import (
	"fmt"
	"slices"
	"strings"
)

// A sweep's section names what it sweeps ("## Concurrency sweep") and its
// table calls the swept values by the generic word "level": the heading
// says which load the levels are of, as a perf engineer reads it. Only a
// column of that word alone, of distinct positive whole numbers rising
// row by row, under a heading or caption that reads as a load, and only
// where no column names a load of its own.

// levelHeaderWords are the headers that call a column the sweep's levels.
var levelHeaderWords = []string{"level", "levels", "load level", "load"}

// levelsByHeading renames the levels column after the load the heading
// above names; the note says so.
func levelsByHeading(g *grid) []string {
	cols := slices.DeleteFunc(classifyAll(g.header), loneLevelLoad) // "level" alone is what the heading names
	if loadColumn(cols) >= 0 {
		return nil
	}
	name, heading := loadHeading(*g)
	if name == "" {
		return nil
	}
	for i, h := range g.header {
		if !slices.Contains(levelHeaderWords, strings.ToLower(strings.TrimSpace(stripMarkup(h)))) || !risingWholeNumbers(*g, i) {
			continue
		}
		g.header = slices.Clone(g.header)
		g.header[i] = name
		return []string{fmt.Sprintf("%s:%d: %q holds the levels of the sweep the heading %q names: read as the %s", g.file, g.headerLine, h, heading, name)}
	}
	return nil
}

// loadHeading is the load the caption or innermost heading names
// ("Concurrency sweep" names the concurrency), by its header word, and that
// heading; "" when it names none.
func loadHeading(g grid) (string, string) {
	h := g.caption
	if h == "" && len(g.title) > 0 {
		h = g.title[len(g.title)-1]
	}
	switch classify(h).kind {
	case colConcurrency:
		return "concurrency", h
	case colPerGPU:
		return "per_gpu", h
	}
	return "", ""
}

// risingWholeNumbers: column i holds three or more positive whole numbers,
// each above the one before.
func risingWholeNumbers(g grid, i int) bool {
	prev := 0.0
	for _, row := range g.rows {
		v, ok := positiveCell(row, i)
		if !ok || v != float64(int64(v)) || v <= prev {
			return false
		}
		prev = v
	}
	return len(g.rows) >= 3
}

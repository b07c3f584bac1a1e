package table

import (
	"fmt"
	"regexp"
	"strings"
)

// namedTupleSep splits a header that names several quantities: "Concurrency
// / output len". Spaces around the slash keep units such as "tok/s" whole.
var namedTupleSep = regexp.MustCompile(`\s+/\s+`)

// splitNamedTuples turns a column whose header names a load and other
// quantities ("Concurrency / output len") and whose every cell holds one
// value per name ("1 / 200") into one column per name. Read as it stands,
// the load cell "1 / 200" would be two levels (expandPackedRows); the header
// says it is one level and its output length.
func splitNamedTuples(g *grid) []string {
	var notes []string
	for i := 0; i < len(g.header); i++ {
		parts := namedTupleSep.Split(strings.TrimSpace(stripMarkup(g.header[i])), -1)
		// A stream's rate and the node's ("base per-user / agg") are one
		// rate's two sides, which packedcells.go reads.
		if len(parts) < 2 || unitlessRatePair(parts) || !everyCellHolds(g, i, len(parts)) {
			continue
		}
		if !namesOneLoad(parts) {
			var ok bool
			if parts, ok = metricTupleNames(parts); !ok {
				continue
			}
		}
		whole := g.header[i]
		g.header = append(g.header[:i:i], append(parts, g.header[i+1:]...)...)
		for r, row := range g.rows {
			vals := make([]string, len(parts))
			if c := cleanCell(cellAt(row, i)); !isBlank(c) {
				for j, v := range strings.Split(c, "/") {
					vals[j] = unprefixed(strings.TrimSpace(v))
				}
			}
			if i < len(row) {
				g.rows[r] = append(row[:i:i], append(vals, row[i+1:]...)...)
			}
		}
		notes = append(notes, fmt.Sprintf("%s: %q names %d quantities and each cell holds one value of each: read as %s", g.file, whole, len(parts), quoteAll(parts)))
		i += len(parts) - 1
	}
	return notes
}

// metricTupleNames reads a header that names several metrics of one series
// ("1K/1K 吞吐 / TTFT / ITL" over "516 / 669 ms / 14.6 ms"): the words
// before the first metric are the series, and each later name is that
// series' too ("1K/1K TTFT", "1K/1K ITL"). ok only when every name is a
// column knee reads and no two read as one value.
func metricTupleNames(parts []string) ([]string, bool) {
	words := strings.Fields(parts[0])
	for j := len(words) - 1; j >= 0; j-- {
		prefix := strings.Join(words[:j], " ")
		names := []string{parts[0]}
		for _, p := range parts[1:] {
			names = append(names, strings.TrimSpace(prefix+" "+p))
		}
		if distinctReadKeys(append([]string{strings.Join(words[j:], " ")}, names[1:]...)) {
			return names, true
		}
	}
	return nil, false
}

// distinctReadKeys: every header reads as a value (not a load), each a
// different one.
func distinctReadKeys(hs []string) bool {
	seen := map[string]bool{}
	for _, h := range hs {
		c := classify(h)
		k := c.key()
		if k == "" || seen[k] || c.kind == colConcurrency || c.kind == colPerGPU {
			return false
		}
		seen[k] = true
	}
	return true
}

// namesOneLoad: exactly one of the names is the load, and another is not
// (a workload setting, a metric): then the values are one level's, not
// several levels.
func namesOneLoad(parts []string) bool {
	loads := 0
	for _, p := range parts {
		// A one-letter "N" may be a count ("N / completions"): only a load
		// named in words splits the cell.
		switch c := classify(p); c.kind {
		case colConcurrency, colPerGPU:
			if c.flavor != "weak" {
				loads++
			}
		}
	}
	return loads == 1
}

// everyCellHolds: every non-blank cell of column i is k numbers separated
// by slashes, and there is at least one.
func everyCellHolds(g *grid, i, k int) bool {
	return everyFilledCell(*g, i, cleanCell, func(c string) bool {
		parts := strings.Split(c, "/")
		if len(parts) != k {
			return false
		}
		for _, p := range parts {
			if !tuplePart.MatchString(unprefixed(strings.TrimSpace(p))) {
				return false
			}
		}
		return true
	})
}

// tuplePart is one value of a tuple cell: a number with a short unit or
// suffix ("1.4K", "669 ms").
var tuplePart = regexp.MustCompile(`^[\d.,]+ ?[a-zA-Zµ]{0,2}$`)

// unprefixed is a level written with its letter ("c1", "bs8": concurrency
// 1, batch 8) as its number; any other value as it stands.
func unprefixed(v string) string {
	if m := prefixedLoad.FindStringSubmatch(v); m != nil {
		return m[1]
	}
	return v
}

package table

import (
	"regexp"
	"strings"
)

// A legend above a compact table says once what each packed cell holds
// ("Cell = tok/s per user / total tok/s / time to first token.", "Each
// cell: TTFT p50, tok/s"), and the columns are then named by their series
// alone ("Ollama", "vLLM fp8"): the legend is the list a packed header
// would give, and it names the parts of every column whose header names
// nothing, as a sibling header's list does.

// cellLegend is such a line: "cell" or "cells" (after "each" or not), then
// "=", ":", "is", "are", "shows" or "holds", then the list.
var cellLegend = regexp.MustCompile(`(?im)^[\s>*_-]*(?:each\s+)?cells?(?:\s+format)?\s*(?:=|:|\bis\b|\bare\b|\bshows?\b|\bholds?\b|\breads?\b)\s*(.+?)\s*\.?\s*$`)

// legendPacking is the packing a cell legend above g gives, when the
// legend lists two parts or more that each name a different value (one
// knee reads or one it knows and sets aside, as a stream's rate); nil
// otherwise.
func legendPacking(g grid) *packing {
	var found *packing
	for _, m := range cellLegend.FindAllStringSubmatch(g.above, -1) {
		parts := packedSep.Split(strings.TrimSpace(stripMarkup(m[1])), -1)
		if len(parts) < 2 || !distinctRoles(parts) {
			continue
		}
		if found != nil {
			return nil // two legends: which one is this table's is not said
		}
		found = &packing{bare: parts}
	}
	return found
}

// distinctRoles: every part names a role knee knows (a value it reads, or
// one it sets aside for a stated reason), and no two name the same one.
func distinctRoles(parts []string) bool {
	seen := map[string]bool{}
	for _, p := range parts {
		c := classify(p)
		if c.kind == colIgnore && (c.why == "" || c.why == whyNotRead) || c.kind == colConcurrency || c.kind == colPerGPU {
			return false
		}
		k := c.key()
		if k == "" {
			k = c.why
		}
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

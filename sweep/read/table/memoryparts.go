package table

import (
	"maps"
	"regexp"
	"slices"
	"strings"
)

// A packed cell may end with a memory reading beside the rates and
// latencies ("61.6 / 16.2 ms / 5.4 GiB" under "Full-KV tok/s / TPOT /
// peak"): a part whose cells write a size in bytes is the run's memory,
// named by its header part ("peak") though knee reads no value from it.
// The other parts name the values as a packed header's list does.

// memoryPartNames names the parts of a packed header whose list holds a
// memory reading: the parts knee reads name the series and their metrics
// (packedPartNames), the memory part keeps its own word; ok when some
// part's cells write bytes and the others read as a list.
func memoryPartNames(g grid, i int, parts []string) (prefix string, bare []string, ok bool) {
	memory := map[int]bool{}
	for j, h := range g.header {
		// A sibling column of the same list ("bounded tok/s / TPOT /
		// peak") may write the units this one leaves out.
		if hp := packedSep.Split(strings.TrimSpace(stripMarkup(h)), -1); j == i || len(hp) == len(parts) && slices.Equal(hp[1:], parts[1:]) {
			maps.Copy(memory, memoryPartIndexes(g, j, len(parts)))
		}
	}
	if len(memory) == 0 || len(memory) == len(parts) || !everyCellPackedWithMemory(g, i, len(parts)) {
		return "", nil, false
	}
	var read []string
	for j, p := range parts {
		if !memory[j] {
			read = append(read, p)
		}
	}
	if len(read) < 2 {
		return "", nil, false
	}
	prefix, readBare, ok := packedPartNames(read)
	if !ok {
		return "", nil, false
	}
	k := 0
	for j, p := range parts {
		if memory[j] {
			bare = append(bare, strings.TrimSpace(p)+" (memory)")
			continue
		}
		bare = append(bare, readBare[k])
		k++
	}
	return prefix, bare, true
}

// byteSize is a cell part that writes a size in bytes: "5.4 GiB", "812 MB".
var byteSize = regexp.MustCompile(`(?i)^\d+(?:\.\d+)?\s*(?:[kmgt]i?b)$`)

// everyCellPackedWithMemory: every filled cell of column i splits into n
// parts, each a number or a size in bytes (a failed level aside).
func everyCellPackedWithMemory(g grid, i, n int) bool {
	return everyFilledCell(g, i, cleanCell, func(c string) bool {
		if failedCell(c) {
			return true
		}
		parts := packedSep.Split(c, -1)
		if len(parts) != n {
			return false
		}
		for _, p := range parts {
			if _, ok, err := parseCell(p); (!ok || err != nil) && !byteSize.MatchString(p) {
				return false
			}
		}
		return true
	})
}

// memoryPartIndexes are the parts of column i's packed cells (n each) that
// write a size in bytes in some row.
func memoryPartIndexes(g grid, i, n int) map[int]bool {
	out := map[int]bool{}
	for _, row := range g.rows {
		parts := packedSep.Split(strings.TrimSpace(stripMarkup(cellAt(row, i))), -1)
		if len(parts) != n {
			continue
		}
		for j, p := range parts {
			if byteSize.MatchString(cleanCell(p)) {
				out[j] = true
			}
		}
	}
	return out
}

// sameListAs reads a header that lists the same parts as the packing of a
// column before it ("bounded tok/s / TPOT / peak" after "Full-KV tok/s /
// TPOT / peak"): its series is what stands before the first part.
func sameListAs(template *packing, parts []string) (prefix string, bare []string, ok bool) {
	if template == nil || len(template.bare) != len(parts) {
		return "", nil, false
	}
	for j, p := range parts[1:] {
		if strings.TrimSuffix(template.bare[j+1], " (memory)") != strings.TrimSpace(p) {
			return "", nil, false
		}
	}
	first := strings.TrimSpace(parts[0])
	if !strings.HasSuffix(first, template.bare[0]) {
		return "", nil, false
	}
	return strings.TrimSpace(strings.TrimSuffix(first, template.bare[0])), template.bare, true
}

package table

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// A result block printed by a benchmark tool holds one run: one level.
// When the same document also holds a table of at least three load levels
// and a rate ("Measured across concurrencies: | max-concurrency | Output
// tok/s |"), that table is the sweep and the block is one of its runs,
// shown as an example: the table is read, never the block's single figure.
// A table that only looks like a sweep — a column of three or more load
// levels among a few other cells (an average row, a header repeated
// mid-table, a second header row) — is tried too: if it reads, it is the
// sweep; if it does not, the document is refused with the table's reason,
// never answered with the block's one level.

// sweepTableBesideRun reads the document's markdown table that can be a
// sweep when the bench text's blocks hold a single level; ok is false when
// the blocks are a sweep themselves or no such table is there.
func sweepTableBesideRun(path string, data []byte, blocks grid, meta Meta) (*sweep.Sweep, bool, error) {
	if len(blocks.rows) != 1 {
		return nil, false, nil
	}
	line := 0
	for _, g := range markdownTables(path, data) {
		if canBeSweep(g) || mostlyLoadLevels(g) {
			line = g.headerLine
			break
		}
	}
	if line == 0 {
		return nil, false, nil
	}
	s, err := readMarkdown(path, data, meta)
	if err != nil {
		return nil, true, err
	}
	s.Notes = append(s.Notes, fmt.Sprintf("%s:%d: the result block at line %d is one run (one level); the table at line %d, of several levels, is the sweep and is read",
		path, line, blocks.headerLine, line))
	return s, true, nil
}

// mostlyLoadLevels reports whether a column of g holds at least three
// distinct bare positive whole numbers and they are most of its non-empty
// cells: a load column with a stray label row or two in it.
func mostlyLoadLevels(g grid) bool {
	for i, h := range g.header {
		if rowNumberHeader(h) {
			continue
		}
		seen, whole, filled := map[int]bool{}, 0, 0
		for _, row := range g.rows {
			cell := strings.Trim(strings.TrimSpace(cellAt(row, i)), "*_ ")
			if cell == "" {
				continue
			}
			filled++
			if n, err := strconv.Atoi(cell); err == nil && n > 0 {
				seen[n] = true
				whole++
			}
		}
		if len(seen) >= 3 && 2*whole > filled {
			return true
		}
	}
	return false
}

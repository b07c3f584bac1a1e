package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A log of result blocks may run a warm-up first and say so in a framed
// marker line above it ("== warm-up (c2, recorded but not scored) =="): the
// block is the benchmark's own output, indistinguishable from a level's,
// but its numbers are no level's (a cold cache, a first compile). Read as a
// repeat of its level it would average into the scored run. The marker is a
// line of the log's own framing ("==", "--", "#", "**"), never the
// benchmark's "Starting warmup with 1 sequences...", which it prints above
// every block.

// warmupMarker is a framed line naming a warm-up.
var warmupMarker = regexp.MustCompile(`(?i)^\s*(?:={2,}|-{2,}|#{1,6}|\*{2}|\[)\s*[^=#*\-]*\bwarm[- ]?up\b.*?(?:={2,}|-{2,}|\*{2}|\])?\s*$`)

// dropWarmupBlocks sets aside each block whose preamble holds a warm-up
// marker, when two blocks or more remain; the note says which.
func (b *benchScan) dropWarmupBlocks() {
	var keep []int
	var dropped []string
	for r, pre := range b.pending {
		if m := framedWarmup(pre); m != "" {
			dropped = append(dropped, fmt.Sprintf("%d (%q)", b.g.lines[r], m))
			continue
		}
		keep = append(keep, r)
	}
	if len(dropped) == 0 || len(keep) < 2 {
		return
	}
	b.rows, b.pending, b.prefixes = pickAt(b.rows, keep), pickAt(b.pending, keep), pickAt(b.prefixes, keep)
	b.headings, b.levels, b.g.lines = pickAt(b.headings, keep), pickAt(b.levels, keep), pickAt(b.g.lines, keep)
	b.g.headerLine = b.g.lines[0]
	b.notes = append(b.notes, fmt.Sprintf("%s: the result blocks at lines %s run after a line naming a warm-up: set aside, not levels", b.g.file, strings.Join(dropped, ", ")))
}

// framedWarmup is the warm-up marker among lines, trimmed; "" when none.
func framedWarmup(lines []string) string {
	for _, l := range lines {
		if warmupMarker.MatchString(l) {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// pickAt is the elements of xs at the indexes keep, in order.
func pickAt[T any](xs []T, keep []int) []T {
	out := make([]T, 0, len(keep))
	for _, i := range keep {
		if i < len(xs) {
			out = append(out, xs[i])
		}
	}
	return out
}

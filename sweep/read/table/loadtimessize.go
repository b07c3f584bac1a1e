package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// A load column may write each level as a count of requests times their
// size: "4 × 64 tokens", "8 x 512". The first number is the level (requests
// in flight), the rest the workload each carries. Where most rows share one
// size, the sweep is those rows, read at their counts; rows of another size
// ("1 × hasta 256 tokens") are another workload, set aside with a note, as
// a perf engineer reads one sweep at a time.

// loadTimesSize is a load cell "N × SIZE".
var loadTimesSize = regexp.MustCompile(`^(\d+)\s*[×xX*]\s*(\S.*)$`)

// minSizeRows is how many rows must share the size for it to be the sweep's.
const minSizeRows = 3

// readLoadTimesSize rewrites the cells of the load column that write
// "N × SIZE" to N, keeping the rows of the size most rows share.
func readLoadTimesSize(g *grid) []string {
	for i, c := range classifyAll(g.header) {
		if !isLoadKind(c.kind) && !isLoadWord(g.header[i]) {
			continue
		}
		size, ok := sharedSize(*g, i)
		if !ok {
			continue
		}
		notes := keepSize(g, i, size)
		if !isLoadKind(c.kind) {
			// "Carga" names no kind of load: the count in flight is
			// what its cells now hold.
			g.header = append([]string(nil), g.header...)
			g.header[i] = "concurrency (" + g.header[i] + ")"
		}
		return notes
	}
	return nil
}

// sharedSize is the size more than half of column i's filled cells write
// after their count, when every filled cell is "N × SIZE".
func sharedSize(g grid, i int) (string, bool) {
	counts := map[string]int{}
	filled := 0
	for _, row := range g.rows {
		cell := cleanCell(cellAt(row, i))
		if isBlank(cell) {
			continue
		}
		m := loadTimesSize.FindStringSubmatch(cell)
		if m == nil {
			return "", false
		}
		filled++
		counts[strings.ToLower(strings.Join(strings.Fields(m[2]), " "))]++
	}
	for size, n := range counts {
		if n >= minSizeRows && 2*n > filled {
			return size, true
		}
	}
	return "", false
}

// keepSize rewrites column i's cells of the shared size to their count and
// sets the other rows aside; the notes say so.
func keepSize(g *grid, i int, size string) []string {
	var rows [][]string
	var lines []int
	var aside []string
	example := ""
	for r, row := range g.rows {
		cell := cleanCell(cellAt(row, i))
		m := loadTimesSize.FindStringSubmatch(cell)
		if m != nil && strings.ToLower(strings.Join(strings.Fields(m[2]), " ")) != size {
			aside = append(aside, cell)
			continue
		}
		if m != nil {
			if example == "" {
				example = cell
			}
			row[i] = m[1]
		}
		rows = append(rows, row)
		if r < len(g.lines) {
			lines = append(lines, g.lines[r])
		}
	}
	g.rows, g.lines = rows, lines
	notes := []string{fmt.Sprintf("%s: the cells of %q write the level times each request's size (%q): read as the level, the size %q the workload", g.file, g.header[i], example, size)}
	if len(aside) > 0 {
		notes = append(notes, fmt.Sprintf("%s: %s under %q carry another size: another workload, set aside", g.file, andQuoted(aside), g.header[i]))
	}
	return notes
}

// isLoadWord: header h is the word "load" in some language ("Carga",
// "Last", "負荷"), which names no kind of load by itself.
func isLoadWord(h string) bool {
	return slices.Contains(headerTokens(vocab.Translate(strings.ToLower(stripMarkup(h)))), "load")
}

package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// A load cell may name what it counts: "1 request", "8 users", "4 并发",
// "16 streams". The word is the load column's unit, not a second value: the
// number before it is the level. The cells are read so only when every cell
// of the load column is a number alone or a number and such a word; a word
// that counts anything else ("4 GPUs", "8 tokens") is left for the column
// passes, which refuse it naming the cell.

// loadCountWords count what is in flight, after vocab.Translate.
var loadCountWords = []string{
	"request", "requests", "req", "reqs", "user", "users", "client", "clients", "stream", "streams",
	"concurrent", "concurrency", "conc", "parallel", "thread", "threads", "session", "sessions",
	"connection", "connections", "worker", "workers", "vu", "vus", "seq", "seqs", "sequence", "sequences",
	// Chinese counters: 路 counts channels, streams ("8 路" = 8 streams in
	// flight, "单路" one stream); 人 counts people, users.
	"路", "人",
}

// countedCell is a number followed by a word ("8 users", "4并发").
var countedCell = regexp.MustCompile(`^(\d+(?:\.\d+)?)\s*(\D.*)$`)

// dropLoadCountWords strips the counting word from the cells of the load
// column that writes one. Every column a header names a load is tried, not
// the first alone: "batch_size_requested", constant, may stand before the
// "concurrency" whose cells say "8 users".
func dropLoadCountWords(g *grid) []string {
	for i, c := range classifyAll(g.header) {
		if !isLoadKind(c.kind) || !countedLoadColumn(*g, i) {
			continue
		}
		example := keepCellNumbers(g, i, countedCell)
		return []string{fmt.Sprintf("%s: the cells of %q name what they count (%q): read as the number alone", g.file, g.header[i], example)}
	}
	return nil
}

// isLoadKind: a column of kind k sets the level (loadColumn's kinds).
func isLoadKind(k colKind) bool {
	return k == colConcurrency || k == colPerGPU || k == colRequestedRate
}

// keepCellNumbers rewrites every cell of column col that mark matches to
// its first group, the number, and returns the first such cell as written
// (for the note that says so).
func keepCellNumbers(g *grid, col int, mark *regexp.Regexp) string {
	example := ""
	for _, row := range g.rows {
		if col >= len(row) {
			continue
		}
		if m := mark.FindStringSubmatch(cleanCell(row[col])); m != nil {
			if example == "" {
				example = cleanCell(row[col])
			}
			row[col] = m[1]
		}
	}
	return example
}

// countedLoadColumn: some cell of column i is a number and a counting word,
// and every other is a number alone or blank.
func countedLoadColumn(g grid, i int) bool {
	counted := false
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) || plainDecimal(c) {
			continue
		}
		m := countedCell.FindStringSubmatch(c)
		if m == nil || !countingWord(m[2]) {
			return false
		}
		counted = true
	}
	return counted
}

// countingWord: w, in any language vocab knows, counts what is in flight.
func countingWord(w string) bool {
	t := strings.Fields(strings.ToLower(vocab.Translate(strings.TrimSpace(w))))
	return len(t) == 1 && slices.Contains(loadCountWords, t[0])
}

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

// inFlightNouns are the nouns that count requests in flight, one each, as
// a regexp alternation: "8 users", "4 streams", "16 agents" (an agent
// loop keeps one request in flight). The level readers of headers
// (timesLoad), cells (signBefore, loadCountWords) and row names
// (countedLevelList) share them.
const inFlightNouns = `users?|clients?|streams?|sessions?|agents?`

// loadCountWords count what is in flight, after vocab.Translate.
var loadCountWords = []string{
	"request", "requests", "req", "reqs", "user", "users", "client", "clients", "stream", "streams", "agent", "agents",
	"concurrent", "concurrency", "conc", "parallel", "thread", "threads", "session", "sessions",
	"connection", "connections", "worker", "workers", "vu", "vus", "seq", "seqs", "sequence", "sequences",
	// Chinese counters: 路 counts channels, streams ("8 路" = 8 streams in
	// flight, "单路" one stream); 人 counts people, users.
	"路", "人",
}

// countedCell is a number followed by a word ("8 users", "4并发").
var countedCell = regexp.MustCompile(`^(\d+(?:\.\d+)?)\s*(\D.*)$`)

// namedLoadCell is a load's word then its number ("Concurrency = 20",
// "c=16", "BS: 8"): the cell names the level as a label would.
var namedLoadCell = regexp.MustCompile(`^(\D*?[\p{L}])\s*[=:]?\s*(\d+(?:\.\d+)?)$`)

// loadCellNumber is the level a load cell writes with its word, either
// way round.
func loadCellNumber(c string) (string, bool) {
	if m := countedCell.FindStringSubmatch(c); m != nil && countingWord(m[2]) {
		return m[1], true
	}
	if m := namedLoadCell.FindStringSubmatch(c); m != nil && (countingWord(m[1]) || loadWordAlone(m[1])) {
		return m[2], true
	}
	return "", false
}

// loadWordAlone: w is one of the words a load header is named by ("c",
// "bs", "batch", "np").
func loadWordAlone(w string) bool {
	t := strings.Fields(strings.ToLower(vocab.Translate(strings.TrimSpace(w))))
	return len(t) == 1 && slices.Contains(loadWords, t[0])
}

// dropLoadCountWords strips the counting word from the cells of the load
// column that writes one. Every column a header names a load is tried, not
// the first alone: "batch_size_requested", constant, may stand before the
// "concurrency" whose cells say "8 users".
func dropLoadCountWords(g *grid) []string {
	for i, c := range classifyAll(g.header) {
		if !isLoadKind(c.kind) || !countedLoadColumn(*g, i) {
			continue
		}
		example := keepLoadNumbers(g, i)
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

// keepLoadNumbers rewrites each cell of column col that writes its level
// with a word to the level, and returns the first such cell as written.
func keepLoadNumbers(g *grid, col int) string {
	example := ""
	for _, row := range g.rows {
		if col >= len(row) {
			continue
		}
		if n, ok := loadCellNumber(cleanCell(row[col])); ok {
			if example == "" {
				example = cleanCell(row[col])
			}
			row[col] = n
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
		if _, ok := loadCellNumber(c); !ok {
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

package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// Before the columns are read, a table is brought to one row per level:
// transposed tables are turned (table.go: transpose), a row that packs
// several levels into each cell ("1 / 16" over "295 / 2491") is split, and
// a level that did not run ("OOM", "failed") is set aside with a note.

// tupleCell matches a cell of several numbers separated by slashes:
// "1 / 16", "295 / 2491", "58.6 / 254.3".
var tupleCell = regexp.MustCompile(`^\s*[\d.,]+ ?[a-zA-Zµ]{0,2}(\s*/\s*[\d.,]+ ?[a-zA-Zµ]{0,2})+\s*$`)

// trailingUnit is the unit written once after the last value of a pair
// ("12.59 / 21.01 ms"), which both values share.
var trailingUnit = regexp.MustCompile(`[\d.,]\s?([\pLµ]{1,3})\s*$`)

// brTag is an HTML line break inside a cell: "16<br>512<br>768" stacks
// three levels in one cell as "16 / 512 / 768" does.
var brTag = regexp.MustCompile(`(?i)\s*<br\s*/?>\s*`)

// brSlash is what brokenCells puts for a line break.
const brSlash = " / "

// brokenCells is row with each cell's line breaks written as " / ", when
// a cell holds a number before a break; other cells are left as written.
func brokenCells(row []string) []string {
	out, cloned := row, false
	for i, c := range row {
		parts := brTag.Split(strings.TrimSpace(c), -1)
		if len(parts) < 2 || parts[0] == "" || !startsWithDigit(parts[0]) {
			continue
		}
		if !cloned {
			out, cloned = slices.Clone(row), true // the parsed grid is read again when tables join
		}
		out[i] = strings.Join(parts, brSlash)
	}
	return out
}

func startsWithDigit(s string) bool {
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// expandPackedRows splits a row whose load cell holds k values, and whose
// other numeric cells hold k values or one, into k rows. A row whose load
// cell holds one value is left as it is: there, "45 / 120" is a cell knee
// refuses by name, not two levels.
func expandPackedRows(g *grid, load int) []string {
	if load < 0 {
		return nil
	}
	var notes []string
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		row = brokenCells(row)
		lc := cleanCell(cellAt(row, load))
		if !tupleCell.MatchString(lc) {
			rows, lines = append(rows, row), append(lines, g.lines[r])
			continue
		}
		k := len(strings.Split(lc, "/"))
		if strings.Contains(lc, brSlash) {
			k = len(strings.Split(lc, brSlash))
		}
		split := make([][]string, len(row))
		ok := true
		for i, cell := range row {
			c := cleanCell(cell)
			switch {
			case tupleCell.MatchString(c) || strings.Contains(c, brSlash):
				parts := strings.Split(c, "/")
				if strings.Contains(c, brSlash) {
					parts = strings.Split(c, brSlash) // "2134.99<br>❌[4]": a failed level too
				}
				if len(parts) != k {
					ok = false
				}
				for j := range parts {
					parts[j] = strings.TrimSpace(parts[j])
				}
				split[i] = parts
			default:
				split[i] = nil // copied to every level
			}
		}
		if !ok {
			rows, lines = append(rows, row), append(lines, g.lines[r])
			continue
		}
		for j := 0; j < k; j++ {
			out := make([]string, len(row))
			for i, cell := range row {
				if split[i] != nil {
					out[i] = split[i][j]
				} else {
					out[i] = cell
				}
			}
			rows, lines = append(rows, out), append(lines, g.lines[r])
		}
		notes = append(notes, fmt.Sprintf("%s:%d: the row holds %d levels in each cell (%q): read as %d rows", g.file, g.lines[r], k, lc, k))
	}
	g.rows, g.lines = rows, lines
	return notes
}

// failedWords start a cell that says the level did not run.
var failedWords = []string{"oom", "out of memory", "failed", "fail", "error", "crash", "crashed", "timeout", "timed out", "did not run", "❌", "✗", "x (", "dnf", "capacity-limited", "capacity limited",
	"engine died", "server died", "died", "engine crashed", "server crashed", "killed", "hung",
	// The same in the languages the vocabulary reads.
	"失敗", "失败", "실패", "fehlgeschlagen", "fehler", "échec", "echec", "erreur", "fallo", "falló", "falha", "ошибка", "сбой", "hata", "błąd", "lỗi"}

// failedCell: the cell says its level did not run (failedWords).
func failedCell(cell string) bool {
	c := strings.ToLower(strings.TrimSpace(stripMarkup(cell)))
	for _, w := range failedWords {
		if strings.HasPrefix(c, w) {
			return true
		}
	}
	return false
}

// dropFailedRows sets aside rows whose throughput cell says the level did
// not run ("OOM (3.6 GiB short)"): there is no measurement to read, and
// the note keeps the row from vanishing silently.
func dropFailedRows(g *grid, cols []column) []string {
	var tput []int
	for i, c := range cols {
		if c.kind == colThroughput || c.kind == colThroughputPerGPU {
			tput = append(tput, i)
		}
	}
	if len(tput) == 0 {
		return nil
	}
	var notes []string
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		failed := ""
		for _, i := range tput {
			if failedCell(cellAt(row, i)) {
				failed = cellAt(row, i)
			}
		}
		if failed == "" {
			rows, lines = append(rows, row), append(lines, g.lines[r])
			continue
		}
		notes = append(notes, fmt.Sprintf("%s:%d: the level did not run (%q): no point", g.file, g.lines[r], failed))
	}
	g.rows, g.lines = rows, lines
	return notes
}

// loadColumn is the index of the column that holds the level: the
// configured concurrency, per-GPU concurrency, or the offered rate.
func loadColumn(cols []column) int {
	for _, k := range []colKind{colConcurrency, colPerGPU, colRequestedRate} {
		for i, c := range cols {
			if c.kind == k {
				return i
			}
		}
	}
	return -1
}

// statPair is a header naming two statistics of one quantity or more:
// "TTFT p50 / p95 (ms)", "Latency mean/max (s)", "TTFT median / 99th
// percentile", "TTFT p50 / p95 / p99".
var statPair = regexp.MustCompile(`(?i)^(.*?)\b((?:` + pairStat + `)(?:\s*/\s*(?:` + pairStat + `))+)\b(.*)$`)

// pairStat is one statistic of a statPair, as statOf reads it.
// "last" and "slowest" beside a median are the longest a request waited:
// the maximum ("Time to first token, median / last").
const pairStat = `p\d+(?:\.\d+)?|mean|avg|average|median|med|mdn|min|max|peak|last|slowest|\d+(?:\.\d+)?(?:st|nd|rd|th)(?:\s+percentile)?`

// splitStatPairs turns a column whose header names k statistics and whose
// cells hold k values ("93 / 169", "0.42 / 3.83 / 7.7 s") into k columns,
// one per statistic; a unit written once, after the last value, is each
// value's. Cells holding one value or a range are read as statcells.go
// says.
func splitStatPairs(g *grid) []string {
	var notes []string
	for i := 0; i < len(g.header); i++ {
		m := statPairOf(g.header[i])
		if m == nil {
			continue
		}
		stats := strings.Split(m[2], "/")
		if !statCellsHold(g, i, len(stats)) {
			continue
		}
		names := make([]string, len(stats))
		for j, st := range stats {
			st = strings.TrimSpace(st)
			if low := strings.ToLower(st); low == "last" || low == "slowest" {
				st = "max"
			}
			names[j] = strings.TrimSpace(m[1] + st + m[3])
		}
		g.header = append(g.header[:i], append(names, g.header[i+1:]...)...)
		var odd []string
		for r, row := range g.rows {
			c := cleanCell(cellAt(row, i))
			vals, what := splitStatCell(c, len(stats))
			if what != "" {
				odd = append(odd, statCellNote(g, r, c, what, names[0]))
			}
			if i < len(row) {
				g.rows[r] = append(row[:i], append(vals, row[i+1:]...)...)
			}
		}
		if len(names) == 2 {
			notes = append(notes, fmt.Sprintf("%s: %q holds two statistics in each cell: read as %q and %q", g.file, m[0], names[0], names[1]))
		} else {
			notes = append(notes, fmt.Sprintf("%s: %q holds %d statistics in each cell: read as %s", g.file, m[0], len(names), quoteAll(names)))
		}
		notes = append(notes, odd...)
		i += len(names) - 1
	}
	return notes
}

// statPairOf matches statPair on a header, or on its words in English
// where it names the statistics in another language ("TTFT 中位/P99 (ms)"
// is "ttft median/p99 (ms)"): the parts are then named in English, lower
// case, as the roles pass reads every header ("首Token延迟" is the
// vocabulary's "首token延迟", a TTFT, only once lower-cased).
func statPairOf(header string) []string {
	h := stripMarkup(header)
	if m := statPair.FindStringSubmatch(h); m != nil {
		return m
	}
	t := strings.Join(strings.Fields(vocab.Translate(strings.ToLower(h))), " ")
	if t == strings.Join(strings.Fields(strings.ToLower(h)), " ") {
		return nil
	}
	m := statPair.FindStringSubmatch(t)
	if m != nil {
		m[0] = h
	}
	return m
}

// splitTuple splits a cell of k values ("" each for a blank cell), giving
// the values without a unit the one written after the last.
func splitTuple(c string, k int) []string {
	vals := make([]string, k)
	if isBlank(c) {
		return vals
	}
	for j, p := range strings.Split(c, "/") {
		vals[j] = strings.TrimSpace(p)
	}
	if u := trailingUnit.FindStringSubmatch(vals[k-1]); u != nil {
		for j := range vals[:k-1] {
			if trailingUnit.FindStringSubmatch(vals[j]) == nil {
				vals[j] += " " + u[1]
			}
		}
	}
	return vals
}

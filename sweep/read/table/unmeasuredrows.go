package table

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// A row can hold no throughput for three reasons, and only one of them
// stops the reading:
//   - every cell is blank: a separator between groups of rows (blankrows.go);
//   - another cell says the level failed ("OOM", "timeout", "n/a (crash)"),
//     or that none of its requests completed (`0/16` valid, a TTFT written
//     `>120 s`: the client's timeout, not a measurement): a level that did
//     not run, set aside with a note as dropFailedRows does;
//   - otherwise the level was not measured: the row is dropped with a note
//     naming it. The curve the answer is read from is the other rows, and
//     knee could not have read this one anyway.
// The exception is a row that holds the highest load of its curve and a
// measured TTFT: dropping it hides the one level past the others, where the
// knee or a collapse would show, so knee refuses and says so.

// dropUnmeasuredRows sets aside the rows with no throughput value, by the
// rules above.
func dropUnmeasuredRows(g *grid, cols []column) ([]string, error) {
	tput := kindIndexes(cols, colThroughput, colThroughputPerGPU)
	if len(tput) == 0 {
		return nil, nil
	}
	var notes []string
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		if !cellsBlank(row, tput) {
			rows, lines = append(rows, row), append(lines, g.lines[r])
			continue
		}
		if why := rowSaysFailed(row); why != "" {
			notes = append(notes, fmt.Sprintf("%s:%d: the level did not run (%q): no point", g.file, g.lines[r], why))
			continue
		}
		if why := noneCompleted(cols, row); why != "" {
			notes = append(notes, fmt.Sprintf("%s:%d: no request of the level completed (%s): no point", g.file, g.lines[r], why))
			continue
		}
		if err := lastLevelWithTTFT(g, cols, r); err != nil {
			return nil, err
		}
		notes = append(notes, fmt.Sprintf("%s:%d: the row%s has no %s value: a level not measured, left out", g.file, g.lines[r], rowLevelWords(cols, row), cols[tput[0]].header))
	}
	g.rows, g.lines = rows, lines
	return notes, nil
}

// kindIndexes are the indexes of the columns of the given kinds.
func kindIndexes(cols []column, kinds ...colKind) []int {
	var out []int
	for i, c := range cols {
		for _, k := range kinds {
			if c.kind == k {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

func cellsBlank(row []string, idx []int) bool {
	for _, i := range idx {
		if c := cleanCell(cellAt(row, i)); !isBlank(c) && !saysNotMeasured(c) {
			return false
		}
	}
	return true
}

// notMeasuredWords start a cell that says, in words, that there is no
// value: the level was skipped or is still to run ("*(not measured — see
// below)*", "skipped", "TBD"). It is a blank written out, not a failure.
var notMeasuredWords = []string{"not measured", "not run", "not tested", "skipped", "untested", "pending", "tbd", "to be measured",
	"未测", "未測", "跳过", "未実施", "측정 안 함", "nicht gemessen", "non mesuré", "no medido", "não medido", "не измер",
	// A level the engine could not hold is no measurement of it: "capped
	// (8/16)" (only 8 of 16 clients admitted), "not fit" (the context did
	// not fit the KV cache).
	"capped", "capacity-capped", "not fit", "does not fit", "doesn't fit", "won't fit"}

// invalidWords anywhere in a clause say the author struck the value out:
// "(781.7, prefix cache 적중 → 무효; …)" is a number the run's own author
// calls invalid, which a perf engineer does not read.
var invalidWords = []string{"invalid", "무효", "无效", "無効", "ungültig", "invalide", "inválido", "недейств"}

// saysNotMeasured: the cell, markup and brackets stripped, starts with one
// of notMeasuredWords, or a clause of it does after the reason ("ueber
// 7.600 MiB, nicht gemessen": over the memory, not measured).
func saysNotMeasured(cell string) bool {
	for _, clause := range clauseBreak.Split(strings.ToLower(stripMarkup(cell)), -1) {
		clause = strings.TrimLeft(clause, "([ *_")
		for _, w := range notMeasuredWords {
			if strings.HasPrefix(clause, w) {
				return true
			}
		}
		for _, w := range invalidWords {
			if strings.Contains(clause, w) {
				return true
			}
		}
	}
	return false
}

// clauseBreak separates the clauses of a remark.
var clauseBreak = regexp.MustCompile(`[,;:—–(]|\s-\s`)

// rowSaysFailed is the first cell of the row that says the level failed
// ("OOM", "n/a (timeout)", "✗"), or "". A cell says so at its start, after
// any mark of no value: a remark that names an error further in ("no
// scheduler error") is no failure.
func rowSaysFailed(row []string) string {
	for _, c := range row {
		low := strings.ToLower(stripMarkup(c))
		for _, blank := range []string{"n/a", "na", "—", "–", "-"} {
			if rest, ok := strings.CutPrefix(low, blank); ok && (rest == "" || rest[0] == ' ' || rest[0] == '(') {
				low = strings.TrimLeft(rest, " (")
				break
			}
		}
		for _, w := range failedWords {
			if strings.HasPrefix(low, w) {
				return stripMarkup(c)
			}
		}
	}
	return ""
}

// rowLevelWords names the row's load for a note: " at load 512", or "".
func rowLevelWords(cols []column, row []string) string {
	if i := loadColumn(cols); i >= 0 && !isBlank(cleanCell(cellAt(row, i))) {
		return fmt.Sprintf(" at %s %s", cols[i].header, cleanCell(cellAt(row, i)))
	}
	return ""
}

// lastLevelWithTTFT refuses dropping row r when it is its curve's highest
// load (the rows sharing its series and workload cells) and holds a TTFT.
func lastLevelWithTTFT(g *grid, cols []column, r int) error {
	load := loadColumn(cols)
	ttft := -1
	for i, c := range cols {
		// "TBD" under TTFT is no TTFT either: the level is still to run.
		// Nor is text ("engine died during warm-up"): only a number is a
		// TTFT the level measured.
		if cell := cleanCell(cellAt(g.rows[r], i)); c.kind == colLatency && c.metric == "ttft" && !isBlank(cell) && !saysNotMeasured(cell) && numberCell(cell) {
			ttft = i
			break
		}
	}
	if load < 0 || ttft < 0 {
		return nil
	}
	level, ok := loadValue(g.rows[r], load)
	if !ok {
		return nil
	}
	curve := curveKey(cols, g.rows[r])
	for o, row := range g.rows {
		if v, ok := loadValue(row, load); o != r && ok && v >= level && curveKey(cols, row) == curve {
			return nil
		}
	}
	return inputerr.Errorf(g.file, cols[ttft].header, g.lines[r],
		"the highest level (%s %s) has a %s (%s) but no throughput: read without it, the curve would end a level early and knee would judge the knee without what that level measured; fill in its throughput, or delete the row to read the levels below",
		cols[load].header, cleanCell(cellAt(g.rows[r], load)), cols[ttft].header, cleanCell(cellAt(g.rows[r], ttft)))
}

func loadValue(row []string, load int) (float64, bool) {
	cv, ok, err := parseCell(cleanCell(cellAt(row, load)))
	return cv.v, ok && err == nil
}

// curveKey is what tells a row's curve from another's: its cells in the
// series and workload columns.
func curveKey(cols []column, row []string) string {
	var parts []string
	for i, c := range cols {
		if c.kind == colSeriesLabel || c.kind == colWorkload {
			parts = append(parts, cleanCell(cellAt(row, i)))
		}
	}
	return strings.Join(parts, "\x00")
}

// noneCompleted names the cells of a row with no throughput that say none
// of the level's requests completed, or "": a count of successes written
// `0/N` under a header that counts requests, or a latency written as a
// bound (`>120 s`: the requests ran into the client's timeout). Benchmark
// reports print a level that collapsed this way rather than leave it out.
func noneCompleted(cols []column, row []string) string {
	var why []string
	for i, c := range cols {
		cell := cleanCell(cellAt(row, i))
		switch {
		case zeroOfN.MatchString(cell) && countsRequests(c.header):
			why = append(why, c.header+" "+cell)
		case c.kind == colLatency && strings.HasPrefix(strings.TrimSpace(stripMarkup(cell)), ">"):
			why = append(why, c.header+" "+cell)
		}
	}
	return strings.Join(why, ", ")
}

// zeroOfN is a count of successes out of a total, none of them: "0/16".
var zeroOfN = regexp.MustCompile(`^0\s*/\s*[1-9]\d*$`)

// countsRequests: a word of the header counts requests (valid, successful,
// completed); words, not substrings: "tok/s" holds "ok".
func countsRequests(header string) bool {
	return wordset(headerTokens(strings.ToLower(header))).has("request", "requests", "req", "reqs", "success", "successful",
		"valid", "completed", "succeeded", "ok")
}

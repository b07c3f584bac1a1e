package table

import (
	"fmt"
	"strings"
)

// A report may print one table per load level, the level in the heading
// and a row per arm under it:
//
//	### QPS = 3.0
//	| Experiment | Output toks/s | Requests/s | TTFT mean (s) |
//	| precise-scheduling | 2579.8 | 3.003 | 0.144 |
//	| default-scheduling | 2595.6 | 3.004 | 0.207 |
//	### QPS = 4.0
//	| Experiment | Output toks/s | …
//
// No such table is a sweep: its rows are arms at one level, and read alone
// a column that barely moves (the requests served, 3.003, 3.004) would
// pass for the load. stackLevelTables puts them back into one grid: the
// heading's level as a column, then each table's rows, so that the label
// column names the curves and the level is what the heading set.

// stackLevelTables replaces each run of two or more consecutive tables of
// one header whose headings each name one level of one load, and whose rows
// are named arms, by their stack.
func stackLevelTables(tables []grid) []grid {
	var out []grid
	for i := 0; i < len(tables); {
		j := i
		for j < len(tables) && sameLevelShape(tables[i], tables[j]) {
			j++
		}
		if j-i >= 2 {
			out = append(out, stackLevels(tables[i:j]))
			i = j
			continue
		}
		out = append(out, tables[i])
		i++
	}
	return out
}

// sameLevelShape: b is a level table of a's shape (a itself included).
func sameLevelShape(a, b grid) bool {
	am, ok := titleLevel(a)
	if !ok || !armRows(a) {
		return false
	}
	bm, ok := titleLevel(b)
	return ok && armRows(b) && strings.EqualFold(am.name, bm.name) && strings.EqualFold(strings.Join(a.header, "\x00"), strings.Join(b.header, "\x00"))
}

// titleLevel is the level g's innermost heading names.
func titleLevel(g grid) (headingMark, bool) {
	if len(g.title) == 0 {
		return headingMark{}, false
	}
	return levelHeading(g.title[len(g.title)-1])
}

// armRows: g's first column names each row by words that are no metric
// (a strategy, an engine), and no other column is a load.
func armRows(g grid) bool {
	if len(g.header) < 3 || len(g.rows) < 2 || rowsNumbered(g) {
		return false
	}
	for _, row := range g.rows {
		if classify(cellAt(row, 0)).key() != "" {
			return false // a row per metric: joinByLevelHeading's shape
		}
	}
	for _, h := range g.header {
		if k := classify(h).kind; k == colConcurrency || k == colPerGPU {
			return false
		}
	}
	return true
}

// stackLevels is the run's tables as one grid, the heading's level first.
func stackLevels(run []grid) grid {
	run, whole := wholeRunSummaries(run)
	mark, _ := titleLevel(run[0])
	name, first := mark.name, run[0]
	if c := classify(name); c.kind == colRequestRate && c.flavor != "requested" {
		// A heading sets the rate it names ("QPS = 3.0"): what was
		// offered, never the requests a column beside it saw served.
		name += " (offered)"
	}
	g := first.reshaped(append([]string{name}, first.header...)...)
	g.title = first.title[:len(first.title)-1]
	var levels []string
	for _, t := range run {
		m, _ := titleLevel(t)
		level := m.value
		levels = append(levels, level)
		for k, row := range t.rows {
			g.rows = append(g.rows, append([]string{strings.ReplaceAll(level, ",", "")}, row...))
			g.lines = append(g.lines, t.lines[k])
		}
	}
	rows := fmt.Sprintf("a row per %q", first.header[0])
	if whole != "" {
		g.notes = append(g.notes, whole)
		rows = "the row of the whole run"
	}
	g.notes = append(g.notes, fmt.Sprintf("%s:%d: %d tables read as one sweep, each at the level its heading names (%q %s), %s", first.file, first.headerLine, len(run), name, strings.Join(levels, ", "), rows))
	return g
}

// stackAlignedLevels is stackLevelTables for a console's tables, whose
// candidates interleave each real table with its tries of another header
// line: the level tables of one shape are stacked wherever they stand
// (llm-benchy prints "Concurrency = 1" above each level's table), and the
// stack is tried first.
func stackAlignedLevels(tables []grid) []grid {
	var run []grid
	for _, t := range tables {
		if len(run) == 0 && sameLevelShape(t, t) || len(run) > 0 && sameLevelShape(run[0], t) {
			run = append(run, t)
		}
	}
	if len(run) < 2 {
		return tables
	}
	return append([]grid{stackLevels(run)}, tables...)
}

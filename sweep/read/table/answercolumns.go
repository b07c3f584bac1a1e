package table

import (
	"fmt"
	"strings"
)

// Refuse only what changes the answer: a cell that is not a value ("Linear
// scaling", "Single-stream decode ~43.8 tok/s") stops the reading when its
// column is one knee's answer is read from, and only then (an
// approximation, "~50 ms", is read as written: approxcells.go). The answer (the knee, the recommended level,
// the verdicts) is read from the load, the throughput and the TTFT, and,
// in a sweep of request rates, from the served rate and the latencies that
// give each stage its concurrency by Little's law. Any other latency
// column (an ITL, an end-to-end time of a closed-loop sweep) with such a
// cell is left unread, with a note naming the cell: knee's answer does not
// move with it. A unit that does not fit, or a value implausible in the
// unit knee assumed, is not this: the flag that fixes it is named instead.

// answerColumn: knee's answer is read from column c. The counts over the
// run (requests, failures, a "Success" of "256/256"), its duration and the
// concurrency measured beside the level set are not: a cell of them that
// is no value leaves the column unread rather than the table.
func answerColumn(cols []column, c column) bool {
	switch c.kind {
	case colRequests, colFailures, colDuration, colAchieved:
		return false
	case colLatency:
	default:
		return true
	}
	openLoop := !hasKind(cols, colConcurrency) && !hasKind(cols, colPerGPU)
	return c.metric == "ttft" || openLoop
}

// unreadUnusableColumns leaves unread each column outside the answer that
// holds a cell knee cannot read as a measured value, and says so.
func unreadUnusableColumns(g grid, cols []column) []string {
	var notes []string
	for i := range cols {
		c := &cols[i]
		if c.key() == "" || answerColumn(cols, *c) {
			continue
		}
		for r, row := range g.rows {
			if why := unusableCell(*c, cellAt(row, i)); why != "" {
				notes = append(notes, fmt.Sprintf("%s:%d: %q %s: the column is not read (knee's answer is read from the load, the throughput and the TTFT, not from it)", g.file, g.lines[r], c.header, why))
				c.kind, c.why = colIgnore, "a cell of it is not a measured value"
				break
			}
		}
	}
	return notes
}

// unusableCell says why a cell is not a measured value of its column ("",
// when it is one or blank).
func unusableCell(c column, raw string) string {
	cell, _, _, err := cellNumber(c, raw)
	if err != nil {
		return fmt.Sprintf("holds %q, which is not a value", cell)
	}
	return ""
}

// kindWords names what a column is read as, in words: "throughput",
// "TTFT p50".
func kindWords(c column) string {
	if c.kind == colLatency {
		return strings.ToUpper(c.metric) + " " + c.stat
	}
	return strings.ReplaceAll(kindNames[c.kind], "_", " ")
}

package table

import (
	"fmt"
	"strings"
)

// Refuse only what changes the answer: a cell that is not a value ("Linear
// scaling", "Single-stream decode ~43.8 tok/s") or only an approximation
// ("~50 ms") stops the reading when its column is one knee's answer is
// read from, and only then. The answer (the knee, the recommended level,
// the verdicts) is read from the load, the throughput and the TTFT, and,
// in a sweep of request rates, from the served rate and the latencies that
// give each stage its concurrency by Little's law. Any other latency
// column (an ITL, an end-to-end time of a closed-loop sweep) with such a
// cell is left unread, with a note naming the cell: knee's answer does not
// move with it. A unit that does not fit, or a value implausible in the
// unit knee assumed, is not this: the flag that fixes it is named instead.

// answerColumn: knee's answer is read from column c.
func answerColumn(cols []column, c column) bool {
	if c.kind != colLatency {
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
		if c.kind != colLatency || answerColumn(cols, *c) {
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
	cell, cv, ok, err := cellNumber(c, raw)
	switch {
	case err != nil:
		return fmt.Sprintf("holds %q, which is not a value", cell)
	case ok && cv.approx:
		return fmt.Sprintf("holds %q, an approximation", cell)
	}
	return ""
}

// approximationError refuses an approximate value in a column the answer
// is read from, naming the column and what to do.
func approximationError(c column, cell string) error {
	exact, _ := trimApprox(cell)
	return fmt.Errorf("%q is an approximation, in the column knee reads the %s from, and knee reads measured values only: write the value the run measured in its place (the benchmark's own output prints it), or remove the \"~\" if %s is what the run measured", cell, kindWords(c), exact)
}

// kindWords names what a column is read as, in words: "throughput",
// "TTFT p50".
func kindWords(c column) string {
	if c.kind == colLatency {
		return strings.ToUpper(c.metric) + " " + c.stat
	}
	return strings.ReplaceAll(kindNames[c.kind], "_", " ")
}

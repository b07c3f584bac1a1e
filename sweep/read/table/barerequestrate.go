package table

import (
	"fmt"
	"math"
)

// A column headed "throughput" and nothing else states no unit, and a
// script may mean requests by it: "throughput" 0.187 beside
// "tokens_per_second" 23.97 and "avg_completion_tokens" 128 is 0.187 req/s,
// since 0.187 × 128 = 23.97. Where the table also prints a token rate and
// the tokens per request, and that rate is the bare column × the tokens
// per request on every row, the bare column is the request rate, whatever
// its word: its header takes "(req/s)". Nothing is renamed where one row
// disagrees, or where the column states a unit.

// bareRequestRate renames such a bare column and returns its note.
func bareRequestRate(g *grid) []string {
	cols := classifyAll(g.header)
	perReq, ok := meanOutputLength(*g)
	if !ok || len(g.rows) < 2 {
		return nil
	}
	var notes []string
	for i, c := range cols {
		if c.kind != colThroughput || c.stated {
			continue
		}
		other, ok := onlyIndex(cols, func(o column) bool { return o.header != c.header && o.kind == colThroughput && o.stated })
		if !ok || !productOnEveryRow(*g, i, perReq, other) {
			continue
		}
		h := g.header[i]
		g.header[i] = h + " (req/s)"
		notes = append(notes, fmt.Sprintf("%s: %q states no unit, and %q is it × %q on every row: %q is requests per second, read as %q", g.file, h, g.header[other], g.header[perReq], h, g.header[i]))
	}
	return notes
}

// productOnEveryRow: column c is column a × column b (within 1%) on every
// row where all three read, and at least two rows read.
func productOnEveryRow(g grid, a, b, c int) bool {
	vals, _ := cellTriples(g, a, b, c)
	for _, v := range vals {
		if math.Abs(v[0]*v[1]-v[2]) > 0.01*v[2] {
			return false
		}
	}
	return len(vals) >= 2
}

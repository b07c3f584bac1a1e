package table

import (
	"fmt"
	"slices"
)

// A column headed "speed" alone (or "速度", "скорость" as the vocabulary
// writes them) states no unit: it may be tokens per second, requests per
// second or a ratio. Beside the run's generated tokens and its duration it
// says which: where on every row it is those tokens over that duration, it
// is the node's output token rate, the duration in seconds, as a perf
// engineer checks a tool's "speed" against its raw fields.

// The printed speed may sit below tokens ÷ duration by rounding only
// (minSpeedRatio), and above it by what a tool leaves out of the duration
// it divides by, a ramp-up or a drain (maxSpeedRatio): France-Travail's
// benchmark divides by the time all its workers ran at once, up to 12%
// shorter than the run.
const (
	minSpeedRatio = 0.97
	maxSpeedRatio = 1.25
)

// unitlessSpeedWords name a rate with no unit.
var unitlessSpeedWords = []string{"speed", "velocity"}

// speedByCount reads an unread speed column as the throughput when it is
// the run's token count over one of the other columns on every row.
func (r *resolved) speedByCount(g grid) {
	if r.has(colThroughput) {
		return
	}
	count := r.firstWhy(whyRunTokenCount)
	if count < 0 {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colIgnore || c.why != "" || !wordset(headerTokens(c.header)).has(unitlessSpeedWords...) {
			continue
		}
		for t := range r.cols {
			if t == i || t == count || !countOverColumn(g, count, t, i) {
				continue
			}
			c.kind, c.unit, c.stated, c.unitFrom = colThroughput, units["tok/s"], true, fmt.Sprintf("%q ÷ %q", r.cols[count].header, r.cols[t].header)
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the node's output tok/s: on every row it is %q ÷ %q (seconds), the run's generated tokens over its duration", g.file, c.header, r.cols[count].header, r.cols[t].header))
			return
		}
	}
}

// firstWhy is the first column left unread for why; -1 when none.
func (r *resolved) firstWhy(why string) int {
	return slices.IndexFunc(r.cols, func(c column) bool { return c.why == why })
}

// countOverColumn: on every row (three at least) column rate is column
// count ÷ column t, or a little above it.
func countOverColumn(g grid, count, t, rate int) bool {
	vals, unread := cellTriples(g, count, t, rate)
	if unread > 0 {
		return false
	}
	for _, x := range vals {
		k, d, v := x[0], x[1], x[2]
		if v/(k/d) < minSpeedRatio || v/(k/d) > maxSpeedRatio {
			return false
		}
	}
	return len(vals) >= 3
}

// countBesideItsRate: of two columns read as the throughput, one that on
// every row is the other times one of the table's durations is the run's
// token count, not a rate ("agg_toks" beside "agg_tok/s" and "wall_s":
// 256 tokens over 6.8 s is 37.6 tok/s): a header's "toks" says tokens, and
// only the division says which column counts them.
func (r *resolved) countBesideItsRate(g grid) {
	for c := range r.cols {
		if r.cols[c].kind != colThroughput {
			continue
		}
		for rate := range r.cols {
			if rate == c || r.cols[rate].kind != colThroughput {
				continue
			}
			for d := range r.cols {
				if r.cols[d].kind != colDuration || !countOverColumn(g, c, d, rate) {
					continue
				}
				r.cols[c].kind, r.cols[c].why = colIgnore, whyRunTokenCount
				r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the run's token count, not a rate: on every row %q is it ÷ %q", g.file, r.cols[c].header, r.cols[rate].header, r.cols[d].header))
				return
			}
		}
	}
}

package table

import (
	"fmt"
	"strings"
)

// A rate times the time it was measured over is the tokens it counted.
// llama-batched-bench prints two token rates per row: S_TG t/s, the
// generated tokens over the generation time (B × TG / T_TG), and S t/s,
// every token of the row (prompt and generated, N_KV) over the whole time
// (N_KV / T). Of two throughput candidates, the one whose rate × a time
// column is the load × a per-sequence length on every row counts what the
// sequences generated: the output rate; one whose rate × a time column is a
// count column that is larger still counts the prompt tokens too: a total.
// Only that pair of signatures settles it; anything else stays a refusal.

// rateTimeTolerance bounds rate × time against the count it should make:
// rates and times are printed to two or three decimals.
const rateTimeTolerance = 0.03

// outputRateByTime keeps, of several throughput candidates, the one whose
// tokens are the load's generated tokens, when every other one counts a
// larger printed total.
func (r *resolved) outputRateByTime(g grid) {
	load := r.firstOfKinds(colConcurrency)
	cands := r.indexesOf(colThroughput)
	if load < 0 || len(cands) < 2 {
		return
	}
	out, outTime := -1, -1
	for _, i := range cands {
		if t, ok := r.timesLoadLength(g, i, load); ok {
			if out >= 0 {
				return // two rates count the generated tokens: no telling
			}
			out, outTime = i, t
		}
	}
	if out < 0 {
		return
	}
	var dropped []string
	for _, i := range cands {
		if i != out && !r.countsMore(g, i, out, outTime) {
			return
		}
	}
	for _, i := range cands {
		if i == out {
			continue
		}
		c := &r.cols[i]
		c.kind, c.why = colOtherTokRate, "prompt and generated tokens over the whole time, not the output rate"
		dropped = append(dropped, fmt.Sprintf("%q", c.header))
	}
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the output throughput: × %q it is %q × a per-sequence length on every row (the generated tokens), while %s × its time is a printed count larger than that (prompt tokens included)",
		g.file, r.cols[out].header, g.header[outTime], r.cols[load].header, strings.Join(dropped, ", ")))
}

// indexesOf are the columns read as kind k.
func (r *resolved) indexesOf(k colKind) []int {
	var out []int
	for i, c := range r.cols {
		if c.kind == k {
			out = append(out, i)
		}
	}
	return out
}

// timeColumns are the columns that hold a time that is no latency: a
// duration, or another time ("T_TG s").
func (r *resolved) timeColumns() []int {
	var out []int
	for i, c := range r.cols {
		if c.kind == colDuration || c.why == whyOtherTime {
			out = append(out, i)
		}
	}
	return out
}

// timesLoadLength is the time column t for which rate column i × t is the
// load × one other column (the tokens each sequence generated) on every
// row, two rows at least.
func (r *resolved) timesLoadLength(g grid, i, load int) (int, bool) {
	for _, t := range r.timeColumns() {
		for l := range g.header {
			if l == i || l == t || l == load || r.cols[l].kind == colThroughput {
				continue
			}
			if productsMatch(g, i, t, func(row []string) (float64, bool) {
				b, okB := positiveCell(row, load)
				n, okN := positiveCell(row, l)
				return b * n, okB && okN
			}) {
				return t, true
			}
		}
	}
	return 0, false
}

// countsMore: rate column i × some time column is a printed count column
// on every row, and that count exceeds the output rate's tokens (out × its
// time outTime) on every row.
func (r *resolved) countsMore(g grid, i, out, outTime int) bool {
	for _, t := range r.timeColumns() {
		for n := range g.header {
			if n == i || n == t || r.cols[n].kind != colIgnore || r.cols[n].why == whyOtherTime {
				continue
			}
			count := func(row []string) (float64, bool) { return positiveCell(row, n) }
			if productsMatch(g, i, t, count) && r.exceedsEveryRow(g, n, out, outTime) {
				return true
			}
		}
	}
	return false
}

// exceedsEveryRow: column n is above out × outTime on every row.
func (r *resolved) exceedsEveryRow(g grid, n, out, outTime int) bool {
	for _, row := range g.rows {
		c, okC := positiveCell(row, n)
		x, okX := positiveCell(row, out)
		t, okT := positiveCell(row, outTime)
		if okC && okX && okT && c <= x*t*(1+rateTimeTolerance) {
			return false
		}
	}
	return true
}

// productsMatch: column i × column t is want's value, within
// rateTimeTolerance, on every row where all are numbers, two rows at least.
func productsMatch(g grid, i, t int, want func(row []string) (float64, bool)) bool {
	n := 0
	for _, row := range g.rows {
		x, okX := positiveCell(row, i)
		d, okD := positiveCell(row, t)
		w, okW := want(row)
		if !okX || !okD || !okW {
			continue
		}
		if p := x * d; p < w*(1-rateTimeTolerance) || p > w*(1+rateTimeTolerance) {
			return false
		}
		n++
	}
	return n >= 2
}

package table

import "fmt"

// Tokens per request tie a closed loop's token rate to its latency: C
// streams, each producing N output tokens in L seconds, serve about
// C × N ÷ L tok/s. Where a table holds the load, the node's tok/s, the
// output tokens per request and an end-to-end latency whose unit nothing
// states, the identity says the unit: T × L ÷ (C × N) is near one in the
// latency's true unit, and a thousand times off in the other. A table
// with no served req/s (so Little's law cannot speak) still has it:
// FMBench's token counts and throughputs, an offline batch's lengths.

// inflightBand is how far T × L ÷ (C × N) may sit from one: below, the
// client's gaps between requests and a window that holds ramp-up; above,
// a throughput that counts the prompt's tokens too (input + output over
// the output alone) or a per-GPU load beside a node's rate. It spans a
// hundredfold, under the thousandfold between s and ms, so at most one
// unit can fit.
var inflightBand = [2]float64{0.1, 10}

// fromTokens is where the unit came from, for the reading note.
const fromTokens = "output tokens per request over the node's tok/s"

// tokensInFlightUnit reads an end-to-end mean or median with no unit
// stated in seconds when the identity holds in seconds on every row.
func (r *resolved) tokensInFlightUnit(g grid) {
	load := r.firstOfKinds(colAchieved, colConcurrency)
	length := r.outputTokensColumn()
	rates := r.kindColumns(colThroughput)
	if load < 0 || length < 0 || len(rates) == 0 {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colLatency || c.metric != "e2e" || c.stated || c.cellUnits != "" || c.stat != "mean" && c.stat != "p50" {
			continue
		}
		if !r.inflightHoldsAll(g, rates, load, length, i) {
			continue
		}
		c.unit, c.stated, c.unitFrom = units["s"], true, fromTokens
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read in s: %q × its value ÷ (%q × %q) is near one on every row, as C streams of N tokens each in L seconds serve C × N ÷ L tok/s (in ms it would be a thousandth)",
			g.file, c.header, r.cols[rates[0]].header, r.cols[load].header, r.cols[length].header))
	}
}

// kindColumns are the indices of the columns of kind k.
func (r *resolved) kindColumns(k colKind) []int {
	var out []int
	for i, c := range r.cols {
		if c.kind == k {
			out = append(out, i)
		}
	}
	return out
}

// inflightHoldsAll: the identity holds in seconds for every throughput
// candidate, so that which of them is the output rate does not matter.
func (r *resolved) inflightHoldsAll(g grid, rates []int, load, length, lat int) bool {
	for _, t := range rates {
		if !r.inflightHolds(g, t, load, length, lat) {
			return false
		}
	}
	return true
}

// inflightHolds: on every row where the four are numbers (two rows at
// least), tok/s × latency (read in s) ÷ (load × tokens) lies in inflightBand.
func (r *resolved) inflightHolds(g grid, rate, load, length, lat int) bool {
	n := 0
	for _, row := range g.rows {
		t, okT, errT := readValue(r.cols[rate], cellAt(row, rate))
		c, okC := positiveCell(row, load)
		k, okK := positiveCell(row, length)
		l, okL, errL := parseCell(cleanCell(cellAt(row, lat)))
		if !okT || errT != nil || !okC || !okK || !okL || errL != nil || l.unit != nil || l.v <= 0 || t.v <= 0 {
			continue
		}
		ratio := t.v * l.v / (c * k)
		if ratio < inflightBand[0] || ratio > inflightBand[1] {
			return false
		}
		n++
	}
	return n >= 2
}

// outputTokensColumn is the column of output tokens per request: a
// request length naming the output ("output length", OSL), or a mean
// token count of the completions ("completion_token_count_mean"); else
// one length stated for both sides ("Input Output Length"). -1 when none.
func (r *resolved) outputTokensColumn() int {
	if i := r.outputLengthColumn(); i >= 0 {
		return i
	}
	both := -1
	for i, c := range r.cols {
		w := wordset(headerTokens(c.header))
		if !outputTokensHeader(c, w) {
			continue
		}
		if !w.has("input", "isl", "prompt") {
			return i
		}
		if both < 0 {
			both = i
		}
	}
	return both
}

// outputTokensHeader: a column left unread or read as a workload setting
// whose words name the output's tokens per request, not a rate of them.
func outputTokensHeader(c column, w wordset) bool {
	if c.kind != colWorkload && (c.kind != colIgnore || c.why != "") {
		return false
	}
	if !w.has("output", "osl", "generated", "completion", "completions") || w.has("throughput", "rate", "total", "tps") {
		return false
	}
	return w.has("osl", "len", "length", "tokens", "toks") || w.has("token", "tok") && w.has("count", "mean", "avg", "average")
}

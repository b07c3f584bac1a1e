package table

import (
	"fmt"
	"strconv"
)

// A latency-only table (vLLM's benchmark_latency, a static batch timed
// end to end, a closed loop that reports each request's latency) prints
// the load B, each request's mean latency L and no rate. Little's law in
// requests gives the served rate, B ÷ L; in tokens, where each request
// generated O output tokens, the node's output rate is B × O ÷ L. That
// holds only when O is what every request generated: the text must state
// it with ignore_eos or as a strict output length. An output length alone
// is a cap that requests stopping at EOS fall short of, so B × O ÷ L would
// overstate the rate: then nothing is derived and the refusal names what
// is missing (batchLatencyHint).

// batchLatencyColumns are a latency-only table's load and mean
// end-to-end latency columns; ok is false for any other table (one that
// prints a rate of any kind, or several loads or latencies).
func batchLatencyColumns(cols []column) (load, e2e int, ok bool) {
	for _, c := range cols {
		switch c.kind {
		case colThroughput, colThroughputPerGPU, colOtherTokRate, colPerUser, colRequestRate, colRequestedRate:
			return 0, 0, false
		}
	}
	load, okL := onlyIndex(cols, func(c column) bool { return c.kind == colConcurrency })
	e2e, okE := onlyIndex(cols, func(c column) bool { return c.kind == colLatency && c.metric == "e2e" })
	if !okL || !okE || cols[e2e].stat != "mean" {
		return 0, 0, false
	}
	return load, e2e, true
}

// outputLengthCells is the one column of output tokens per request a
// header names ("Output", "OSL", "output_len"), not a rate; -1 for none.
func outputLengthCells(cols []column) int {
	i, ok := onlyIndex(cols, func(c column) bool {
		w := wordset(headerTokens(c.header))
		return (c.kind == colIgnore || c.kind == colWorkload) && w.has("output", "osl", "output_len", "output_tokens") &&
			!w.has("input", "isl", "prompt", "s", "sec", "second", "rate", "throughput", "latency", "time")
	})
	if !ok {
		return -1
	}
	return i
}

// outputRateFromBatchLatency adds "Output tok/s (derived)", B × O ÷ L, to
// a latency-only table whose output length the text states as strict, and
// returns its note.
func outputRateFromBatchLatency(g *grid) []string {
	cols := classifyAll(g.header)
	load, e2e, ok := batchLatencyColumns(cols)
	if !ok || !cols[e2e].stated {
		return nil
	}
	stated, strict := statedOutputLength(*g)
	if !strict {
		return nil
	}
	perRow, how := batchOutputLength(cols, stated)
	if perRow == nil {
		return nil
	}
	const header = "Output tok/s (derived)"
	for r, row := range g.rows {
		v := ""
		b, okB := positiveCell(row, load)
		l, okL, errL := readValue(cols[e2e], cellAt(row, e2e))
		o, okO := perRow(row)
		if okB && okL && errL == nil && l.v > 0 && okO {
			v = strconv.FormatFloat(b*o/(l.v/1000), 'g', -1, 64)
		}
		g.rows[r] = append(padRow(row, len(g.header)), v)
	}
	g.header = append(g.header, header)
	return []string{fmt.Sprintf("%s: the table prints no rate: the node's output tok/s is %q × %s ÷ %q (Little's law in tokens: every request in flight generated all its output tokens, as the text states, in its latency) on each row: read as %q",
		g.file, g.header[load], how, g.header[e2e], header)}
}

// batchOutputLength is each row's output tokens per request: the column
// that names them, else the one length the text states.
func batchOutputLength(cols []column, stated int) (func([]string) (float64, bool), string) {
	if o := outputLengthCells(cols); o >= 0 {
		return func(row []string) (float64, bool) { return positiveCell(row, o) }, fmt.Sprintf("%q", cols[o].header)
	}
	if stated > 0 {
		return func([]string) (float64, bool) { return float64(stated), true }, fmt.Sprintf("%d (the output tokens per request)", stated)
	}
	return nil, ""
}

// batchLatencyHint says, for a refused latency-only table, what B × O ÷ L
// lacks: the output length, or that every request generated it in full.
func batchLatencyHint(g grid, cols []column) string {
	load, e2e, ok := batchLatencyColumns(cols)
	if !ok {
		return ""
	}
	stated, strict := statedOutputLength(g)
	lead := fmt.Sprintf("; the table prints only %q, each request's latency at each %q: %q × the output tokens per request ÷ it would be the node's output tok/s", cols[e2e].header, cols[load].header, cols[load].header)
	switch perRow, _ := batchOutputLength(cols, stated); {
	case perRow == nil:
		return lead + ", and nothing states the output tokens per request (an output length with ignore_eos, or a strict output length)"
	case !strict:
		return lead + ", but nothing states that every request generated all its output tokens (ignore_eos, or a strict output length): requests stopping at EOS fall short of the length asked, and the product would overstate the rate"
	case !cols[e2e].stated:
		return lead + fmt.Sprintf(", but %q states no unit (--unit %q=s or ms)", cols[e2e].header, cols[e2e].header)
	}
	return ""
}

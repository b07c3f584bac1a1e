package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// A decode rate beside an output rate: the decode phase's tokens over the
// decode phase's time, against the run's output tokens over the whole
// run, prefill and queueing included. The node's throughput is the
// second; the first leaves out the time spent on the prefill, so it is at
// least the output rate on every row. When a table prints both as node
// rates (the output rate rises with the load, as one stream's never does),
// a perf engineer reads the output rate without hesitation, and knee does,
// with a note; the physics (decode ≥ output on every row) checks that the
// words name a phase inside the run and not another measurement.

// phaseRateWords name a rate over the decode phase alone.
var phaseRateWords = []string{"decode", "decoding"}

// windowWords name a rate over a window inside the run ("Output-window
// tok/s": from the first output to the last completion), which leaves the
// time before the first token out as a decode phase's rate does.
var windowWords = []string{"window"}

// runRateWords, beside a phase word, make the header the node's rate
// ("decode throughput", "aggregate decode").
var runRateWords = []string{"output", "out", "throughput", "aggregate", "agg", "total", "overall", "e2e"}

// runRateOverPhaseRate leaves unread the decode-phase rates beside the one
// output rate of the run.
func (r *resolved) runRateOverPhaseRate(g grid) {
	if _, set := r.picked["throughput"]; set {
		return
	}
	var run, phase []int
	for i, c := range r.cols {
		if c.kind != colThroughput {
			continue
		}
		t := headerTokens(vocab.Translate(strings.ToLower(c.header)))
		if anyWord(t, windowWords) || anyWord(t, phaseRateWords) && !anyWord(t, runRateWords) {
			phase = append(phase, i)
		} else {
			run = append(run, i)
		}
	}
	if len(run) != 1 || len(phase) == 0 || !r.risesWithLoad(g, run[0]) {
		return
	}
	for _, i := range phase {
		if !atLeastOnEveryRow(g, i, run[0]) {
			return
		}
	}
	for _, i := range phase {
		c := &r.cols[i]
		phase := "the decode phase's rate"
		if anyWord(headerTokens(vocab.Translate(strings.ToLower(c.header))), windowWords) {
			phase = "a rate over a window inside the run"
		}
		c.kind, c.why = colOtherTokRate, fmt.Sprintf("%s, above %q on every row: it leaves the prefill's time out", phase, r.cols[run[0]].header)
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the throughput, the output tokens over the whole run; %q is %s (at least %q on every row: the prefill's time left out), not the node's throughput", g.file, r.cols[run[0]].header, c.header, phase, r.cols[run[0]].header))
	}
}

// risesWithLoad: column i's mean over the rows at the highest level is
// above its mean over the rows at the lowest, the load read from the one
// concurrency column.
func (r *resolved) risesWithLoad(g grid, i int) bool {
	load := r.firstOfKinds(colConcurrency, colPerGPU)
	if load < 0 {
		return false
	}
	lo, hi, ok := levelSpan(g, load)
	if !ok {
		return false
	}
	return meanAtLevel(g, load, i, hi) > meanAtLevel(g, load, i, lo)
}

// meanAtLevel is column i's mean over the rows whose load is level.
func meanAtLevel(g grid, load, i int, level float64) float64 {
	sum, n := 0.0, 0
	for _, row := range g.rows {
		l, okL := levelAt(row, load)
		v, okV := positiveCell(row, i)
		if okL && okV && l == level {
			sum, n = sum+v, n+1
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

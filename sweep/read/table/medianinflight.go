package table

import "fmt"

// Little's law takes the mean time in flight. A request-rate table that
// prints the end-to-end latency's median and not its mean has the median
// stand for it (rows.go openLoopRow): for a narrow latency the two agree,
// but a right-skewed one (long outputs, queueing) has its mean above its
// median, so the concurrency placed by it is approximate, and the note
// says so. The same holds of a median TTFT and TPOT in the derivation by
// tokens, which tokenLawCaveats says.

// centralLatency: the table prints metric's mean or median.
func centralLatency(cols []column, metric string) bool {
	for _, c := range cols {
		if c.kind == colLatency && c.metric == metric && (c.stat == "mean" || c.stat == "p50") {
			return true
		}
	}
	return false
}

// medianInFlightNote says, for a table whose stages are placed by Little's
// law (no concurrency column), that the median E2E stands for the mean
// where the table prints only the median. "" otherwise.
func medianInFlightNote(file string, cols []column) string {
	if hasKind(cols, colConcurrency) || hasKind(cols, colPerGPU) || !hasKind(cols, colRequestRate) && !hasKind(cols, colRequestedRate) {
		return ""
	}
	if !centralLatency(cols, "e2e") || centralMean(cols, "e2e") {
		return ""
	}
	return fmt.Sprintf("%s: the table prints the median end-to-end latency and not its mean: the median stands for the mean time in flight in Little's law, so each stage's concurrency is approximate (a right-skewed latency's mean lies above its median)", file)
}

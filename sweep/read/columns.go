package read

import (
	"strings"
	"unicode"
)

// colKind is what a table column holds, recognised from its header.
type colKind int

const (
	colIgnore colKind = iota // text we do not read (PASS, links, p99.9 …)
	colPerGPU
	colConcurrency
	colThroughput
	colThroughputPerGPU
	colRequestRate
	colRequests
	colFailures
	colGPUs
	colLeaf
	colAccelerator
	colModel
	colNote
	colSimulated
	colLatency // TTFT, ITL or E2E: see column.metric and column.stat
)

// column is one recognised header.
type column struct {
	kind   colKind
	metric string  // "ttft", "itl", "e2e" for colLatency
	stat   string  // "mean", "min", "max", "p50", "p90", "p95", "p99"
	toMS   float64 // factor from the header's unit to milliseconds
	// assumed marks a latency column that named no statistic: read as the mean.
	assumed bool
	header  string
}

// key identifies a column's meaning, to refuse two columns for one thing.
func (c column) key() string {
	if c.kind == colLatency {
		return c.metric + " " + c.stat
	}
	return string(rune('A' + int(c.kind)))
}

// headerTokens lower-cases a header, strips markdown emphasis and splits it
// into words: "**TTFT p99 (ms)**" → [ttft p99 ms], "conc/GPU" → [conc gpu].
func headerTokens(h string) []string {
	h = strings.ToLower(stripMarkup(h))
	return strings.FieldsFunc(h, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.')
	})
}

// stripMarkup removes markdown bold/italic/code markers around a cell.
func stripMarkup(s string) string {
	s = strings.TrimSpace(s)
	for _, m := range []string{"**", "__", "`", "*"} {
		s = strings.ReplaceAll(s, m, "")
	}
	return strings.TrimSpace(s)
}

// classify recognises a header. Order matters: latency words first (a
// "TTFT per GPU" is still a latency), then throughput ("tok/s/GPU" is a
// throughput, not a concurrency per GPU), then counts and concurrency.
func classify(header string) column {
	t := headerTokens(header)
	has := func(ws ...string) bool {
		for _, w := range ws {
			for _, x := range t {
				if x == w {
					return true
				}
			}
		}
		return false
	}
	c := column{header: strings.TrimSpace(header)}
	switch {
	case has("ttft") || (has("time") && has("first")):
		c.kind, c.metric = colLatency, "ttft"
	case has("itl", "tpot") || (has("inter") && has("token")):
		c.kind, c.metric = colLatency, "itl"
	case has("e2e", "latency", "e2el"):
		c.kind, c.metric = colLatency, "e2e"
	}
	if c.kind == colLatency {
		return latencyColumn(c, t, has)
	}
	rate := has("s", "sec", "second", "per", "ps")
	switch {
	case has("throughput", "tok", "toks", "tps") || (has("tokens") && rate):
		if has("input", "prompt", "total") {
			return c // not output tokens: not what knee measures
		}
		if has("gpu") {
			c.kind = colThroughputPerGPU
		} else {
			c.kind = colThroughput
		}
	case has("rps", "qps") || (has("req", "requests", "request") && rate):
		c.kind = colRequestRate
	case has("requests", "reqs", "successes", "success"):
		c.kind = colRequests
	case has("failures", "failed", "errors", "error", "fails"):
		c.kind = colFailures
	case has("gpu") && has("per", "conc", "concurrency", "c"):
		c.kind = colPerGPU
	case has("gpus") || (has("gpu") && has("count", "num", "n")):
		c.kind = colGPUs
	case has("concurrency", "conc", "c", "inflight") || (has("in") && has("flight")):
		c.kind = colConcurrency
	case has("leaf"):
		c.kind = colLeaf
	case has("accelerator", "accel"):
		c.kind = colAccelerator
	case has("model"):
		c.kind = colModel
	case has("note", "notes", "comment", "comments"):
		c.kind = colNote
	case has("simulated", "sim"):
		c.kind = colSimulated
	}
	return c
}

func latencyColumn(c column, t []string, has func(...string) bool) column {
	switch {
	case has("p50", "median", "med"):
		c.stat = "p50"
	case has("p90"):
		c.stat = "p90"
	case has("p95"):
		c.stat = "p95"
	case has("p99"):
		c.stat = "p99"
	case has("mean", "avg", "average"):
		c.stat = "mean"
	case has("min"):
		c.stat = "min"
	case has("max"):
		c.stat = "max"
	default:
		for _, x := range t {
			if len(x) > 1 && x[0] == 'p' && x[1] >= '0' && x[1] <= '9' {
				c.kind = colIgnore // a percentile knee does not keep (p99.9, p75)
				return c
			}
		}
		c.stat, c.assumed = "mean", true
	}
	c.toMS = 1 // a header without a unit is read as ms, the unit every table here uses
	switch {
	case has("ms", "msec", "milliseconds"):
		c.toMS = 1
	case has("s", "sec", "secs", "seconds"):
		c.toMS = 1000
	case has("us", "µs", "usec", "microseconds"):
		c.toMS = 1e-3
	}
	return c
}

package read

import (
	"strings"
	"unicode"
)

// colKind is what a table column holds, recognised from its header.
type colKind int

const (
	colIgnore colKind = iota // not a column knee reads (links, SLA verdicts …)
	colPerGPU
	colConcurrency // the configured level
	colAchieved    // measured concurrency: feeds concurrency_not_achieved
	colThroughput  // output tok/s, whole node
	colThroughputPerGPU
	colRequestRate
	colRequests
	colFailures
	colDuration
	colGPUs
	colLeaf
	colAccelerator
	colModel
	colNote
	colSimulated
	colLatency // TTFT, TPOT, ITL or E2E: see column.metric and column.stat

	// Recognised so that they are never taken for another column, but not read.
	colOtherTokRate // total, input, peak, max or instantaneous tok/s
	colPerUser      // tok/s per user (TPSU): one stream's speed, not the node's
	colRatio        // speedup, efficiency, Δ %: derived figures
	colPrompts      // prompts sent: not successes
)

// column is one recognised header.
type column struct {
	kind   colKind
	metric string // "ttft", "tpot", "itl", "e2e" for colLatency
	stat   string // "mean", "min", "max", "p50", "p75", "p90", "p95", "p99", "p999"
	// unit converts the column's values to the model's units; stated says the
	// source (header, units row, --unit) gave it rather than knee assuming it.
	unit     unit
	stated   bool
	unitFrom string
	// flavor of a concurrency column: "configured", "measured" or "".
	flavor string
	// assumed marks a latency column that named no statistic: read as the mean.
	assumed bool
	// timeUnits are the time units the header names; more than one is
	// ambiguous unless a units row or --unit says which.
	timeUnits []string
	header    string
	// why a recognised column is not read, for the sweep note.
	why string
}

// key names a column's meaning as --column spells it; two read columns with
// one key cannot be told apart.
func (c column) key() string {
	switch c.kind {
	case colLatency:
		return c.metric + "_" + c.stat
	case colIgnore, colOtherTokRate, colPerUser, colRatio, colPrompts:
		return ""
	}
	return kindNames[c.kind]
}

var kindNames = map[colKind]string{
	colPerGPU: "per_gpu", colConcurrency: "concurrency", colAchieved: "achieved_concurrency",
	colThroughput: "throughput", colThroughputPerGPU: "throughput_per_gpu", colRequestRate: "request_rate",
	colRequests: "requests", colFailures: "failures", colDuration: "duration", colGPUs: "gpus",
	colLeaf: "leaf", colAccelerator: "accelerator", colModel: "model", colNote: "note", colSimulated: "simulated",
}

// columnKinds are the kinds --column can assign to a header.
func columnKinds() map[string]column {
	out := map[string]column{}
	for k, n := range kindNames {
		out[n] = column{kind: k}
	}
	for _, m := range []string{"ttft", "tpot", "itl", "e2e"} {
		for _, s := range []string{"mean", "min", "max", "p50", "p75", "p90", "p95", "p99", "p999"} {
			out[m+"_"+s] = column{kind: colLatency, metric: m, stat: s}
		}
	}
	return out
}

// headerTokens lower-cases a header, strips markdown emphasis and splits it
// into words: "**TTFT p99 (ms)**" → [ttft p99 ms], "Conc." → [conc].
func headerTokens(h string) []string {
	h = strings.ToLower(stripMarkup(h))
	t := strings.FieldsFunc(h, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.')
	})
	out := t[:0]
	for _, w := range t {
		if w = strings.Trim(w, "."); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// stripMarkup removes markdown bold/italic/code markers around a cell.
func stripMarkup(s string) string {
	s = strings.TrimSpace(s)
	for _, m := range []string{"**", "__", "`", "*"} {
		s = strings.ReplaceAll(s, m, "")
	}
	return strings.TrimSpace(s)
}

// classify recognises a header. Order matters: derived figures first (a
// "Parallel efficiency" is not a concurrency), latency words next (a "TTFT
// per GPU" is still a latency), then per-user, request and token rates
// ("Request Throughput (req/s)" is not tok/s, "tok/s/GPU" not a
// concurrency), then concurrency synonyms before counts ("Concurrent
// requests" is a level, not a count).
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
	raw := strings.ToLower(header)
	if strings.ContainsAny(raw, "%Δδ") || has("speedup", "efficiency", "ratio", "vs", "versus", "delta", "change", "diff", "gain", "improvement", "util", "utilization", "pct", "percent", "percentage", "scaling", "relative") {
		c.kind, c.why = colRatio, "a ratio or percentage"
		return c
	}
	switch {
	case has("ttft") || (has("time") && has("first")):
		c.kind, c.metric = colLatency, "ttft"
	case has("tpot") || (has("time") && has("per") && has("output")) || (has("per") && has("token") && has("latency")):
		c.kind, c.metric = colLatency, "tpot"
	case has("itl") || (has("inter") && has("token")) || has("intertoken"):
		c.kind, c.metric = colLatency, "itl"
	case has("e2e", "latency", "e2el") || (has("end") && has("to")):
		c.kind, c.metric = colLatency, "e2e"
	}
	if c.kind == colLatency {
		return latencyColumn(c, t, has)
	}
	tokenish := has("throughput", "tok", "toks", "tps", "ktok", "ktoks", "ktps", "tokens", "token")
	requestish := has("req", "reqs", "request", "requests", "rps", "qps")
	rate := has("s", "sec", "second", "per", "ps", "rate", "throughput")
	switch {
	case has("tpsu") || (tokenish && has("user", "users", "seq", "sequence", "stream")) ||
		(has("tok", "toks", "tokens", "token", "tps") && has("request", "req")):
		c.kind, c.why = colPerUser, "per-user throughput, not the node's"
	case has("rps", "qps") || (requestish && rate && !has("tok", "toks", "tokens", "token", "tps")):
		c.kind = colRequestRate
	case tokenish && (has("throughput", "tok", "toks", "tps", "ktok", "ktoks", "ktps") || rate):
		switch {
		case has("input", "prompt", "prefill"):
			c.kind, c.why = colOtherTokRate, "input tokens, not output"
		case has("total", "combined") && !has("output", "generated", "generation", "decode", "completion"):
			c.kind, c.why = colOtherTokRate, "input + output tokens, not output"
		case has("peak", "max", "maximum", "min", "minimum", "instantaneous", "instant", "burst", "best"):
			c.kind, c.why = colOtherTokRate, "a peak or instantaneous rate, not the run's output throughput"
		case has("gpu"):
			c.kind = colThroughputPerGPU
		default:
			c.kind = colThroughput
		}
		if c.kind == colThroughput || c.kind == colThroughputPerGPU {
			c.unit, c.stated = tokRateUnitFromTokens(t)
			if !c.stated {
				c.unit = units["tok/s"]
			} else {
				c.unitFrom = "header"
			}
		}
	case has("duration", "elapsed", "runtime", "wall"):
		c.kind = colDuration
		c.timeUnits = timeUnitsNamed(t)
		c.unit, c.stated = timeUnitFromTokens(t)
		if c.stated {
			c.unitFrom = "header"
		}
	case has("gpu") && has("per", "conc", "concurrency", "c", "concurrent", "users", "clients", "batch"):
		c.kind = colPerGPU
	case has("gpus") || (has("gpu") && has("count", "num", "n")):
		c.kind = colGPUs
	case has("cpu", "memory", "mem", "kv", "cache"):
		// client CPU, KV-cache use: not a level
	case has("concurrency", "conc", "c", "concurrent", "inflight", "users", "user", "clients", "client", "vus", "batch", "bs", "parallel", "parallelism", "streams") || (has("in") && has("flight")):
		c.kind = colConcurrency
		switch {
		case has("measured", "achieved", "actual", "observed", "effective", "avg", "mean", "average", "sustained", "real"):
			c.flavor = "measured"
		case has("max", "configured", "target", "offered", "requested", "set", "nominal", "limit"):
			c.flavor = "configured"
		}
	case has("prompts", "prompt"):
		c.kind, c.why = colPrompts, "prompts sent, not successful requests"
	case has("failures", "failed", "errors", "error", "fails", "failure"):
		c.kind = colFailures
	case has("requests", "reqs", "successes", "success", "successful", "completed", "complete", "succeeded"):
		c.kind = colRequests
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
	if (c.kind == colRequests || c.kind == colFailures) && has("rate", "ratio") {
		c.kind, c.why = colRatio, "a ratio or percentage"
	}
	return c
}

func latencyColumn(c column, t []string, has func(...string) bool) column {
	switch {
	case has("p50", "median", "med", "50th"):
		c.stat = "p50"
	case has("p90", "90th"):
		c.stat = "p90"
	case has("p95", "95th"):
		c.stat = "p95"
	case has("p99.9", "p999", "99.9th"):
		c.stat = "p999"
	case has("p99", "99th"):
		c.stat = "p99"
	case has("p75", "75th"):
		c.stat = "p75"
	case has("mean", "avg", "average"):
		c.stat = "mean"
	case has("min", "minimum"):
		c.stat = "min"
	case has("max", "maximum"):
		c.stat = "max"
	default:
		for _, x := range t {
			if len(x) > 1 && x[0] == 'p' && x[1] >= '0' && x[1] <= '9' {
				c.kind, c.why = colIgnore, "a percentile knee does not keep"
				return c
			}
		}
		c.stat, c.assumed = "mean", true
	}
	// A header without a unit is read as ms, the unit benchmark clients
	// print; the plausibility check in tableRow refuses values that are
	// surely seconds.
	c.timeUnits = timeUnitsNamed(t)
	c.unit, c.stated = timeUnitFromTokens(t)
	if c.stated {
		c.unitFrom = "header"
	} else {
		c.unit = units["ms"]
	}
	return c
}

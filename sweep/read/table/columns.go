package table

import (
	"regexp"
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
	colRequestRate   // achieved req/s
	colRequestedRate // offered req/s: the load of an open-loop sweep
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
	colSeriesLabel  // engine, strategy, config …: names a series when its values differ
	colWorkload     // a stated setting (input/output length, a server's slots beside the load): a series when it varies
)

// column is one recognised header.
type column struct {
	kind   colKind
	metric string // "ttft", "tpot", "itl", "e2e" for colLatency
	// stat is the statistic the header names: "mean", "min", "max", "p50",
	// "p75", "p90", "p95", "p99", "p999", "spread" (std, spread, CI), "".
	stat string
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
	// cellUnits are the time units a latency column's cells all write
	// when its header states none ("s", "ms and s"): for the reading note.
	cellUnits string
	// why a recognised column is not read, for the sweep note.
	why string
	// curve is the label a labelled grid of headers gives the column
	// ("4 slots" of "4 slots: throughput"): curvelabels.go.
	curve string
}

// key names a column's meaning as --column spells it; two read columns with
// one key cannot be told apart.
func (c column) key() string {
	switch c.kind {
	case colLatency:
		return c.metric + "_" + c.stat
	case colIgnore, colOtherTokRate, colPerUser, colRatio, colPrompts, colSeriesLabel, colWorkload:
		return ""
	}
	return kindNames[c.kind]
}

var kindNames = map[colKind]string{
	colPerGPU: "per_gpu", colConcurrency: "concurrency", colAchieved: "achieved_concurrency",
	colThroughput: "throughput", colThroughputPerGPU: "throughput_per_gpu", colRequestRate: "request_rate", colRequestedRate: "requested_rate",
	colRequests: "requests", colFailures: "failures", colDuration: "duration", colGPUs: "gpus",
	colLeaf: "leaf", colAccelerator: "accelerator", colModel: "model", colNote: "note", colSimulated: "simulated",
}

// columnKinds are the kinds --column can assign to a header.
func columnKinds() map[string]column {
	out := map[string]column{}
	for k, n := range kindNames {
		out[n] = column{kind: k}
	}
	// itl_chunks is an ITL beside a TPOT (tpotOrITL): a refusal between
	// two of them names it, so the flag must take it.
	for _, m := range []string{"ttft", "tpot", "itl", "e2e", "itl_chunks"} {
		for _, s := range []string{"mean", "min", "max", "p50", "p75", "p90", "p95", "p99", "p999"} {
			out[m+"_"+s] = column{kind: colLatency, metric: m, stat: s}
		}
	}
	return out
}

// headerTokens lower-cases a header, strips markdown emphasis and splits it
// into words: "**TTFT p99 (ms)**" → [ttft p99 ms], "Conc." → [conc].
func headerTokens(h string) []string {
	h = cliPercentileFlag.ReplaceAllString(h, "${1}flag$2")
	h = strings.ToLower(stripMarkup(h))
	h = statNamedProduct.ReplaceAllString(h, "$1$2")
	h = quantName.ReplaceAllStringFunc(h, func(q string) string { return strings.ReplaceAll(q, "_", "") })
	t := strings.FieldsFunc(h, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.')
	})
	out := t[:0]
	for _, w := range t {
		if w = strings.Trim(w, "."); w == "tokps" {
			w = "tps" // tokens per second, spelt "tokps_new" by some scripts
		}
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// cliPercentileFlag is a command-line flag spelled like a percentile
// ("aggregate tok/s (`-p1`)": llama.cpp's and mlx servers' --parallel 1,
// "-p8"): a dash before it makes it the configuration the column was run
// with, never a statistic of the values (no statistic is written with a
// leading dash). It becomes one word, "flagp1", that names nothing.
var cliPercentileFlag = regexp.MustCompile("(?i)(^|[\\s(`\\[])--?(p\\d+)\\b")

// statNamedProduct is a product name made of a statistic's word and one
// letter ("Max-Q", the power-limited GPU edition; "Min-P"): one word, read
// as no statistic. ("-s" is left: "req-s" is a unit.)
var statNamedProduct = regexp.MustCompile(`\b(max|min)-([a-rt-z])\b`)

// quantName is a llama.cpp (GGUF) quantization's name, "Q6_K", "Q4_K_M",
// "IQ4_XS", "Q8_0": one word, so that its K is no thousand and its M no
// minute.
var quantName = regexp.MustCompile(`\bi?q\d_[a-z0-9]+(?:_[a-z0-9]+)?\b`)

// stripMarkup removes markdown bold/italic/code markers around a cell.
func stripMarkup(s string) string {
	s = strings.TrimSpace(s)
	// "Context ($S$)": a symbol in brackets names the quantity's letter in
	// the text's formulas, not its unit (S is no second).
	s = bracketedSymbol.ReplaceAllString(s, "")
	// "$C$ users": GitHub renders inline math, the letter C; no dollars.
	s = inlineMath.ReplaceAllString(s, "$1")
	// "[`gguf-hip-…-c16`](cells/gguf-hip-…-c16.json)": a link renders as its
	// text; its target is never shown.
	s = linkText.ReplaceAllString(s, "$1")
	for _, m := range []string{"**", "__", "`", "*"} {
		s = strings.ReplaceAll(s, m, "")
	}
	return strings.TrimSpace(s)
}

// linkText is a markdown link or image: its text, then its target.
var linkText = regexp.MustCompile(`!?\[([^\]]*)\]\([^)\s]*(?:\s+"[^"]*")?\)`)

// bracketedSymbol is a math symbol alone in brackets: "($S$)", "($N_{req}$)".
var bracketedSymbol = regexp.MustCompile(`\s*\(\s*\$[A-Za-z](?:_\{?\w{1,8}\}?)?\$\s*\)`)

// inlineMath is a short $…$ formula naming a quantity, or setting one:
// "$C$", "$N_{req}$", "$cc=4$" (a level written as math renders "cc=4").
var inlineMath = regexp.MustCompile(`\$([A-Za-z][\w{}^\\]{0,11}(?:\s*=\s*\d+(?:\.\d+)?)?)\$`)

func latencyColumn(c column, t []string, has func(...string) bool) column {
	switch c.stat {
	case "mean", "min", "max", "p50", "p75", "p90", "p95", "p99", "p999":
	case "spread":
		c.kind, c.why = colIgnore, "the spread of "+strings.ToUpper(c.metric)+", not a value knee reads"
		return c
	case "":
		c.stat, c.assumed = "mean", true
	default:
		c.kind, c.why = colIgnore, "a percentile knee does not keep"
		return c
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

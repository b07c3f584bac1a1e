package table

import (
	"fmt"
	"regexp"
	"strings"
)

// Goodput is the rate of requests that met an SLO wherever a benchmark
// tool prints it (vLLM's and SGLang's --goodput), and roles.go leaves it
// unread. A write-up may define the word its own way: "`Goodput` counts
// completion tokens over the whole level, including TTFT" is the run's
// output tokens over its time, the node's throughput, and no SLO judges
// it. Where the text defines the word so and names no SLO, a goodput in
// tokens per unit of time is read as a throughput candidate; the note says
// so, and the ambiguity pass weighs it against any other.

// goodputTokens: a sentence that names goodput and counts tokens.
var goodputTokens = regexp.MustCompile(`(?i)goodput[^.\n]*\btokens?\b|\btokens?\b[^.\n]*goodput`)

// sloWords name a service-level objective a goodput counts against.
var sloWords = regexp.MustCompile(`(?i)\bslos?\b|\bslas?\b|deadline|attain|within (the )?(target|budget)|service.level`)

// goodputDefinedAsTokens reads such a goodput as a throughput.
func (r *resolved) goodputDefinedAsTokens(g grid) {
	text := g.above + "\n" + g.context + "\n" + g.caption
	if !goodputTokens.MatchString(text) || sloWords.MatchString(text) || sloWords.MatchString(strings.Join(g.header, " ")) {
		return
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.why != whyGoodput {
			continue
		}
		// The header less its word: "Goodput tok/s" is a "tok/s".
		rate := classify(goodputWord.ReplaceAllString(c.header, " "))
		if rate.kind != colThroughput {
			continue
		}
		rate.header = c.header
		*c = rate
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as a throughput: the text defines goodput as tokens over time (%q) and names no SLO", g.file, c.header, strings.TrimSpace(goodputTokens.FindString(text))))
	}
}

// goodputWord is the word a goodput header names itself by.
var goodputWord = regexp.MustCompile(`(?i)goodput`)

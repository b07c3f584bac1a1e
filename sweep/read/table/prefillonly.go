package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A prefill-only benchmark (an input length and one output token per
// request, as SGLang's and vLLM's benchmarks run with --random-output-len
// 1) measures the prefill: each request returns the one token that ends
// its prefill, so the output tok/s is the request rate and says nothing of
// the work, while the input tok/s is that work (input length × req/s). One
// token is also the fewest a served request returns, so a length of 1 is
// exact with or without ignore_eos. With the input length fixed, the input
// rate, the request rate and the output rate are proportional, so each
// gives the same knee and level: a perf engineer reads the input rate as
// the throughput without hesitation, and knee does, with a note, when the
// text states one output token per request and the table prints no
// output rate and exactly one input rate.

// prefillShape is a prefill run written input×output with one output
// token ("Prefill (4096×1, random-ids)"), on one line.
var prefillShape = regexp.MustCompile(`(?i)prefill[^\n]*?\b\d{2,}\s*[×x*]\s*1\b`)

// oneOutputToken: the text around the table states that each request
// generated one output token.
func oneOutputToken(g grid) bool {
	if n, _ := statedOutputLength(g); n == 1 {
		return true
	}
	text := strings.Join(append(append([]string{}, g.title...), g.caption, g.context, g.above), "\n")
	return prefillShape.MatchString(text)
}

// prefillOnlyInputRate reads the one input token rate as the throughput
// of a prefill-only run that prints no output rate.
func (r *resolved) prefillOnlyInputRate(g grid) {
	if r.has(colThroughput) || r.has(colThroughputPerGPU) {
		return
	}
	in, ok := onlyIndex(r.cols, func(c column) bool { return c.kind == colOtherTokRate && c.why == whyInputRate })
	if !ok || !oneOutputToken(g) {
		return
	}
	c := &r.cols[in]
	c.kind, c.why = colThroughput, ""
	r.notes = append(r.notes, fmt.Sprintf("%s: a prefill-only run (the text states one output token per request): %q, the input tokens per second, is the work each level did and is read as the throughput (the output tok/s would be the request rate)", g.file, c.header))
}

package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A write-up often defines its column words in a sentence above a console
// table instead of giving them units: "Aggregate = total tokens / batch
// wall time. Per-request = median decode rate experienced by one
// request." over "conc  vLLM agg  Ollama agg  vLLM/req …". Tokens over a
// time is a token rate, and the columns the defined word names, in full
// or cut short ("agg"), hold it: each takes "tok/s" into its header, and
// the roles pass reads them as any node rate.

// tokensOverTime is such a definition: the word, then tokens over a time.
var tokensOverTime = regexp.MustCompile(`(?i)\b([a-z][a-z-]{2,})\s*(?:=|:|is|means)\s*(?:the\s+)?(?:(?:total|all|generated|output|completion|decode|decoded)\s+){0,2}tokens?\s*(?:/|over|divided by)\s*(?:the\s+)?(?:[a-z-]+\s+){0,2}(?:time|duration|seconds)\b`)

// nameDefinedRates names the columns a definition's word names; the note
// quotes the definition.
func nameDefinedRates(g *grid) []string {
	text := g.above + "\n" + g.context + "\n" + g.caption
	m := tokensOverTime.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	word := strings.ToLower(m[1])
	var named []string
	for i, h := range g.header {
		if !definedWordIn(h, word) || classify(h).key() != "" || !numericColumn(*g, i) {
			continue
		}
		if named == nil {
			g.header = slices.Clone(g.header)
		}
		named = append(named, fmt.Sprintf("%q", h))
		g.header[i] = strings.TrimSpace(h) + " tok/s"
	}
	if len(named) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s:%d: columns %s hold the rate the text defines (%q): tok/s", g.file, g.headerLine, strings.Join(named, ", "), strings.TrimSpace(m[0]))}
}

// definedWordIn: a word of header h is the defined word or its start, three
// letters at least ("agg" of "aggregate").
func definedWordIn(h, word string) bool {
	for _, w := range headerTokens(strings.ToLower(stripMarkup(h))) {
		if len(w) >= 3 && strings.HasPrefix(word, w) {
			return true
		}
	}
	return false
}

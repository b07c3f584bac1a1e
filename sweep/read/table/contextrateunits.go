package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A report often names its columns' units in a legend line by the table
// rather than in the headers: "Output tokens/sec — higher is better; TTFT
// in seconds" above "| Rate | k8s Output | llm-d Output | k8s TTFT mean |".
// A header word the legend gives a token rate's unit names a token rate:
// the column whose header holds that word, states no unit and holds plain
// numbers is read in it. Latencies' units in the same text are read by the
// units pass (captionUnits).

// legendRate finds "<word> tokens/sec", "<word> in tok/s", "<word> (tok/s)"
// in the text around a table.
var legendRate = regexp.MustCompile(`(?i)(?:^|[\s(\[;,.:*_])([\p{L}][\p{L}\d_-]*)\s+(?:in\s+|\(\s*)?(tokens?\s*/\s*s(?:ec(?:ond)?)?|tok/s|toks/s|tokens per second|t/s)\b`)

// legendDefines finds a legend that defines a column by a sentence:
// "**agg** is aggregate tok/s", "decode = tok/s per request": the column's
// word, then what it is, a token rate and whose.
var legendDefines = regexp.MustCompile(`(?i)(?:^|[\s(\[;,.:])\**([\p{L}][\p{L}\d_-]*)\**\s+(?:is|=|means)\s+(?:the\s+|an?\s+)?((?:(?:aggregate|total|summed|output|generated|node|server|per[- ]request|per[- ]user|per[- ]stream)\s+)*(?:tokens?\s*/\s*s(?:ec(?:ond)?)?|tok/s|toks/s|tokens per second|t/s)(?:\s+per\s+(?:request|user|stream))?)`)

// legendSkipWords are words before a unit that name no column.
var legendSkipWords = wordset{"in", "of", "the", "and", "or", "as", "are", "is", "at", "per", "all", "values", "numbers", "figures", "throughput"}

// nameContextRateUnits gives the unit the text around g names for a header
// word to the columns headed by it.
func nameContextRateUnits(g *grid) []string {
	var notes []string
	matches := legendRate.FindAllStringSubmatch(g.context, -1)
	matches = append(matches, legendDefines.FindAllStringSubmatch(g.context+"\n"+g.above, -1)...)
	for _, m := range matches {
		word, unitText := strings.ToLower(m[1]), m[2]
		if legendSkipWords.has(word) {
			continue
		}
		for i, h := range g.header {
			// A workload setting ("Input tokens": each request's length)
			// is no rate, whatever the legend calls the rate of its word.
			if !wordset(headerTokens(strings.ToLower(stripMarkup(h)))).has(word) || headerStatesUnit(h) || perRequestLength.MatchString(h) || classify(h).key() != "" || classify(h).kind == colWorkload || !plainNumbers(*g, i) {
				continue
			}
			if notes == nil {
				g.header = slices.Clone(g.header)
			}
			g.header[i] = fmt.Sprintf("%s (%s)", h, unitText)
			notes = append(notes, fmt.Sprintf("%s: %q read in %s: the text around the table says %q", g.file, h, unitText, strings.TrimSpace(m[0])))
		}
	}
	return notes
}

// perRequestLength is a header counting tokens per request ("Input
// tokens/request", "output tok/req"): each request's length, which a
// legend's "input tok/s" (a rate of the same word) does not turn into a rate.
var perRequestLength = regexp.MustCompile(`(?i)\btok(?:en)?s?\s*(?:/|per)\s*(?:req(?:uest)?s?|prompt|query)\b`)

// plainNumbers: column i holds numbers without units, two or more.
func plainNumbers(g grid, i int) bool {
	return everyNumberCell(g, i, func(v cellValue) bool { return v.unit == nil })
}

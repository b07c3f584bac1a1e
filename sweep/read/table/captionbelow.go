package table

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// captionBelow is the italic line right under a table (a blank line between
// allowed) when it names a metric, as a caption above does: papers and
// READMEs put a table's caption under it ("*output tokens/s, median of 3
// runs*"), and a table whose cells are bare numbers ("| llama.cpp | 69.6 |")
// says nowhere else what they hold. A plain line saying what the cells hold,
// or a remark in brackets naming them ("(output tok/s aggregate)"),
// ("value is TPS (token per second)", valuesLine) is a caption as well. A
// remark in italics that names no metric is no caption. end is the first
// line after the table; "" when there is none.
func captionBelow(lines []string, end int) string {
	i := end
	if i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i >= len(lines) {
		return ""
	}
	l := strings.TrimSpace(lines[i])
	inner, ok := italicLine(l)
	if !ok {
		inner, ok = valuesLine(l)
	}
	if !ok {
		inner, ok = bracketedLine(l)
	}
	if !ok {
		inner, ok = rateSentence(l)
	}
	if !ok || utf8.RuneCountInString(inner) > maxCaption || !namesMetric(inner) {
		return ""
	}
	return inner
}

// valuesSay is a line under a table that says what its cells hold: "value
// is TPS (token per second)", "values are output tok/s", "all numbers in
// tok/s", "unit: ms". What follows the verb is the caption.
var valuesSay = regexp.MustCompile(`(?i)^(?:all |the )?(?:values?|numbers?|figures?|cells?|units?)\s*(?:is|are|in|:|=)\s+(.+?)[.;]?$`)

// nextSentence is the end of a sentence followed by another.
var nextSentence = regexp.MustCompile(`[.;!]\s+\p{Lu}`)

// valuesLine is what a line saying what the cells hold names; false for any
// other line.
func valuesLine(l string) (string, bool) {
	l = stripMarkup(l)
	// "Values are aggregate output tokens/second. The primary measured
	// benefit …": the first sentence says what the cells hold.
	if loc := nextSentence.FindStringIndex(l); loc != nil {
		l = l[:loc[0]+1]
	}
	m := valuesSay.FindStringSubmatch(l)
	if m == nil {
		return "", false
	}
	return strings.TrimSpace(m[1]), true
}

// rateSentence is a line under a table whose first sentence is a token
// rate's name and nothing else: "Aggregate tokens a second. One stream
// undrafted: 35 tok/s." (a sentence of a few words that names the node's
// rate says what the cells hold, as "values are …" would).
func rateSentence(l string) (string, bool) {
	if strings.HasPrefix(l, "**") || strings.HasPrefix(l, "__") {
		return "", false // a bold line heads what follows; it is no sentence
	}
	l = stripMarkup(l)
	first, _, _ := strings.Cut(l, ". ")
	if !strings.HasSuffix(first, ".") && first == l {
		return "", false // a sentence ends with its full stop; a bare label does not
	}
	first = strings.TrimRight(first, ".")
	if len(strings.Fields(first)) > maxRateSentenceWords || classify(first).kind != colThroughput {
		return "", false
	}
	return first, true
}

// maxRateSentenceWords is the most words a rate's name takes as a sentence
// of its own ("Aggregate output tokens per second").
const maxRateSentenceWords = 6

// bracketedLine is the text of a line written wholly in brackets, a remark
// under the table saying what it holds: "(output tok/s aggregate)".
func bracketedLine(l string) (string, bool) {
	l = stripMarkup(l)
	if len(l) < 3 || l[0] != '(' || l[len(l)-1] != ')' {
		return "", false
	}
	inner := strings.TrimSpace(l[1 : len(l)-1])
	return inner, inner != "" && !strings.ContainsAny(inner, "()")
}

// italicLine is the text of a line written wholly in italics, "*…*" or
// "_…_" (not bold, "**…**").
func italicLine(l string) (string, bool) {
	for _, m := range []string{"*", "_"} {
		if len(l) > 2 && strings.HasPrefix(l, m) && strings.HasSuffix(l, m) && !strings.HasPrefix(l, m+m) && !strings.HasSuffix(l, m+m) {
			inner := strings.TrimSpace(l[1 : len(l)-1])
			return inner, inner != "" && !strings.Contains(inner, m)
		}
	}
	return "", false
}

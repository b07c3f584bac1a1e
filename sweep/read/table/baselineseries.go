package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A table of two curves whose caption says what it compares against
// ("Throughput vs the unfused week-4 path", "… compared to the baseline
// build") holds its subject and that baseline: the baseline is there to be
// beaten, and the knee a reader asks for is the subject's. As a perf
// engineer reads it, the subject is read with a note naming the baseline and
// the flag that reads it instead.

// againstWords introduce what a caption compares against.
var againstWords = regexp.MustCompile(`\b(?:vs|versus|against|compared (?:to|with)|relative to|over)\b\.?`)

// baselineOfTwo is the subject and the baseline among two column-name
// series, when the table's caption or nearest heading names exactly one of
// them after a comparing word; ok is false otherwise.
func baselineOfTwo(g grid, cs colSeries) (subject, baseline string, ok bool) {
	if len(cs.names) != 2 {
		return "", "", false
	}
	var named []int
	for i, n := range cs.names {
		other := cs.names[1-i]
		if comparedAgainst(g, seriesPhrases(cs.colsOf[n], n), seriesPhrases(cs.colsOf[other], other)) {
			named = append(named, i)
		}
	}
	if len(named) != 1 {
		return "", "", false
	}
	return cs.names[1-named[0]], cs.names[named[0]], true
}

// comparedAgainst: a phrase of the baseline follows a comparing word in the
// caption or the nearest heading above the table, and no phrase of the other
// series precedes it ("Build 6 vs build 7" names two curves, no baseline).
func comparedAgainst(g grid, phrases, others []string) bool {
	texts := []string{g.caption}
	if len(g.title) > 0 {
		texts = append(texts, g.title[len(g.title)-1])
	}
	for _, t := range texts {
		low := strings.ToLower(stripMarkup(t))
		loc := againstWords.FindStringIndex(low)
		if loc == nil || containsPhrase(low[:loc[0]], others) {
			continue
		}
		if containsPhrase(low[loc[1]:], phrases) {
			return true
		}
	}
	return false
}

// containsPhrase: text's words hold one of the phrases.
func containsPhrase(text string, phrases []string) bool {
	words := " " + strings.Join(headerTokens(text), " ") + " "
	for _, p := range phrases {
		if strings.Contains(words, " "+p+" ") {
			return true
		}
	}
	return false
}

// seriesPhrases are the ways a caption names a series: its name, and its
// name with the word before it in its column's header ("week 4" of "week 4
// tok/s", where the series is "4").
func seriesPhrases(headers []string, name string) []string {
	n := strings.Join(headerTokens(name), " ")
	out := []string{n}
	for _, h := range headers {
		t := headerTokens(h)
		for i := 1; i < len(t); i++ {
			if t[i] == n {
				out = append(out, t[i-1]+" "+n)
			}
		}
	}
	return out
}

// baselineNote says which series was read as the subject and why.
func baselineNote(file, subject, baseline string) string {
	return fmt.Sprintf("%s: the table compares %q against the baseline %q its caption names: %q read; --series %q reads the baseline", file, subject, baseline, subject, baseline)
}

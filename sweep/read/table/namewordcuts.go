package table

import (
	"unicode"
	"unicode/utf8"
)

// A flattened header often ends in columns knee has no word for, beside the
// ones it reads: "Batch Size Total TPS Per-Prompt TPS Speedup Memory" over
// "1 97 t/s 97 t/s 1.00x 13.76 GB". No cut names every column, so the
// strict cut finds none. A perf engineer still reads it: each column knee
// does not know is one capitalised word, a name, and the columns it reads
// (the load, the rates) are where the other words put them. Such a cut is
// tried only when the strict one finds none, needs two columns knee reads,
// and is taken on the same terms: one cut, or several that read alike.

// nameWordCuts are the cuts of ws into len(words) columns in which every
// column of numbers is named in knee's words or by one capitalised word,
// and at least two are named in knee's words.
func nameWordCuts(ws []string, unit, closes, words []bool) [][]string {
	var found [][]string
	forEachUnitCut(unit, closes, len(words), func(ends []int) bool {
		cols, ok := cutColumns(ws, ends, words, true)
		if ok && knownColumns(cols, words) >= 2 {
			found = append(found, cols)
		}
		return len(found) <= maxAgreeingCuts
	})
	return found
}

// knownColumns counts the columns of numbers knee reads by their words.
func knownColumns(cols []string, words []bool) int {
	n := 0
	for i, c := range cols {
		if !words[i] && recognisedHeader(c) {
			n++
		}
	}
	return n
}

// nameWord is one word of letters starting with a capital ("Speedup",
// "Memory"): a column's name, not a unit or a number.
func nameWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(r) {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) && r != '-' {
			return false
		}
	}
	return true
}

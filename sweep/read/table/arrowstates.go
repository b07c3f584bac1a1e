package table

import (
	"regexp"
	"strings"
	"unicode"
)

// The two states a before → after cell compares are named by its header
// ("Output tok/s bf16 → fp8", "tok/s (main → PCG)", "tok/s (CP off/on)") or,
// where every column of the table compares the same two, once by the line
// that introduces the table ("… seven concurrencies at each length, CP off
// → CP on:"), or a sentence of the text above it ("Values are control →
// candidate."). A perf engineer reads the states there as the two curves;
// a table that names them nowhere holds the curves "before" and "after"
// (arrowcells.go).

// arrowStates are the two states of a column's cells and the header's words
// that are not theirs, which each split column keeps after its state.
type arrowStates struct {
	rest, before, after string
}

// names are the two columns' headers: "bf16 Output tok/s", "fp8 Output tok/s".
func (s arrowStates) names() (string, string) {
	return strings.TrimSpace(s.before + " " + s.rest), strings.TrimSpace(s.after + " " + s.rest)
}

// sharedWordStates is a header ending in brackets that hold one word and
// two states of it around an arrow: "total tok/s (radix off → on)".
var sharedWordStates = regexp.MustCompile(`^(.*?)\s*[(（]\s*([^\s()（）→⟶➔]+)\s+([^\s()（）→⟶➔]+)\s*(?:→|⟶|➔|->)\s*([^\s()（）→⟶➔]+)\s*[)）]$`)

// slashStates is a header ending in one word and two states of it around a
// slash, bracketed or not: "tok/s (CP off/on)", "TTFT ms radix off/on".
var slashStates = regexp.MustCompile(`^(.*?)\s*[(（]?\s*([^\s()（）/]+)\s+(\pL+)\s*/\s*(\pL+)\s*[)）]?$`)

// stateWords are the states a slash between two words names without an
// arrow: the slash alone also writes units ("tok/s") and statistics
// ("p50/p99"), so only words that say a setting was switched count.
var stateWords = wordset([]string{"off", "on", "disabled", "enabled", "before", "after", "old", "new", "without", "with", "no", "yes", "base", "baseline", "tuned", "false", "true"})

// headerStates are the states a header names, or false: around an arrow
// (arrowSeries), one word's two states in brackets, or one word's two
// states around a slash.
func headerStates(header string) (arrowStates, bool) {
	h := strings.TrimSpace(stripMarkup(header))
	if m := arrowHeaderBracketed.FindStringSubmatch(h); m != nil && m[1] != "" {
		return arrowStates{rest: m[1], before: m[2], after: m[3]}, true
	}
	if m := sharedWordStates.FindStringSubmatch(h); m != nil && m[1] != "" {
		return arrowStates{rest: m[1], before: m[2] + " " + m[3], after: m[2] + " " + m[4]}, true
	}
	if m := slashStates.FindStringSubmatch(h); m != nil && m[1] != "" {
		a, b := strings.ToLower(m[3]), strings.ToLower(m[4])
		if a != b && stateWords.has(a) && stateWords.has(b) {
			return arrowStates{rest: m[1], before: m[2] + " " + m[3], after: m[2] + " " + m[4]}, true
		}
	}
	if m := arrowHeader.FindStringSubmatch(h); m != nil && m[1] != "" {
		return arrowStates{rest: m[1], before: m[2], after: m[3]}, true
	}
	return arrowStates{}, false
}

// introStates is a line ending in two states around an arrow, each of a
// few words after the clause before it: "…, CP off → CP on:".
var introStates = regexp.MustCompile(`(?:^|[,;:.!?—–(（]\s*)([^,;:.!?→⟶➔()（）]{1,40}?)\s*(?:→|⟶|➔|->)\s*([^,;:.!?→⟶➔()（）]{1,40}?)\s*[)）]?\s*[:：.]?\s*$`)

// statesAbove are the states the text above the table names, the rest
// left for each column's own header, and where the text names them; false
// when it names none. The line right above the table, ending in the two
// states, names them first; else the one pair of states a sentence of the
// text since the table before it writes around an arrow ("Values are
// control → candidate. Output throughput is …"): a text that writes two
// different pairs leaves them unnamed.
func statesAbove(g grid) (arrowStates, string, bool) {
	lines := strings.Split(strings.TrimRight(g.above, " \t\n"), "\n")
	m := introStates.FindStringSubmatch(strings.TrimSpace(lines[len(lines)-1]))
	if m != nil && stateName(m[1]) && stateName(m[2]) && m[1] != m[2] {
		return arrowStates{before: strings.TrimSpace(m[1]), after: strings.TrimSpace(m[2])}, " (named by the line above the table)", true
	}
	var found *arrowStates
	for _, line := range lines {
		for _, m := range sentenceStates.FindAllStringSubmatch(stripMarkup(line), -1) {
			a, b := sameWordCount(m[1], m[2])
			if !stateName(a) || !stateName(b) || a == b {
				continue
			}
			if found != nil && (found.before != a || found.after != b) {
				return arrowStates{}, "", false
			}
			found = &arrowStates{before: a, after: b}
		}
	}
	if found == nil {
		return arrowStates{}, "", false
	}
	return *found, " (named by the text above the table)", true
}

// sentenceStates is two states around an arrow inside a clause of prose,
// up to the punctuation that ends it.
var sentenceStates = regexp.MustCompile(`([^,;:.!?→⟶➔()（）]{1,40}?)\s*(?:→|⟶|➔|->)\s*([^,;:.!?→⟶➔()（）]{1,40}?)\s*(?:[,;:.!?)）]|$)`)

// sameWordCount trims the clause before the arrow to as many words as the
// state after it: "Values are control → candidate" compares "control" with
// "candidate", "CP off → CP on" keeps both words.
func sameWordCount(before, after string) (string, string) {
	b, a := strings.Fields(before), strings.Fields(after)
	if len(b) > len(a) {
		b = b[len(b)-len(a):]
	}
	return strings.Join(b, " "), strings.Join(a, " ")
}

// unnamedStatesReadable: a table whose before → after cells nothing names
// is still two curves, read as "before" and "after", unless its load
// column holds arrows too: a row "1 → 2" is the change between two levels
// (a ratio of throughputs, a growth of TPOT), derived from a sweep, and
// no level of one.
func unnamedStatesReadable(g grid) bool {
	return !levelChanges(g)
}

// levelChanges: the table's load column holds changes between two levels
// ("1 → 2"): a table derived from a sweep (how much the throughput grew
// from one level to the next), no sweep itself, whose refusal never
// stands for a text's sweep beside it.
func levelChanges(g grid) bool {
	load := loadColumn(classifyAll(g.header))
	return load >= 0 && anyArrowPair(g, load)
}

// anyArrowPair: some cell of column i holds two values around an arrow.
func anyArrowPair(g grid, i int) bool {
	for _, row := range g.rows {
		if arrowPair.MatchString(cleanCell(cellAt(row, i))) {
			return true
		}
	}
	return false
}

// stateName: a few words, one of them with a letter: a name, not a value
// ("CP off", "bf16"; never "918" or "2 ms").
func stateName(s string) bool {
	w := strings.Fields(s)
	if len(w) == 0 || len(w) > 3 {
		return false
	}
	for _, x := range append(w, s) {
		if _, ok, err := parseCell(x); ok && err == nil {
			return false
		}
	}
	return strings.IndexFunc(s, unicode.IsLetter) >= 0
}

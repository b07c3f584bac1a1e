package table

import "strings"

// A flattened header of a comparison repeats its pattern per system: "H100
// tok/s A100 tok/s … H100 TTFT(ms) A100 TTFT(ms)". Its words can be cut in
// several ways the rows accept ("tok/s比 H100 | TTFT(ms) | A100 TTFT(ms)"
// as well as "tok/s比 | H100 TTFT(ms) | A100 TTFT(ms)"), and the readings
// differ, so capitalCut cannot settle it. The header's own parallel
// structure does: the cut that writes the most neighbouring columns the
// same way (as many words, the same last word, a different first one) is
// how the author laid it out. Only a unique best counts.

// parallelCut is the cut among found with the most parallel neighbours,
// when one cut has more than every other.
func parallelCut(found [][]string) ([]string, bool) {
	if len(found) < 2 || len(found) > maxAgreeingCuts {
		return nil, false
	}
	best, bestScore, ties := -1, 0, 0
	for i, cols := range found {
		switch s := parallelPairs(cols); {
		case s > bestScore:
			best, bestScore, ties = i, s, 1
		case s == bestScore:
			ties++
		}
	}
	if best < 0 || ties != 1 {
		return nil, false
	}
	return found[best], true
}

// parallelPairs counts neighbouring columns written alike: the same number
// of words, two or more, the same last word and different first words.
func parallelPairs(cols []string) int {
	n := 0
	for i := 1; i < len(cols); i++ {
		a, b := strings.Fields(cols[i-1]), strings.Fields(cols[i])
		if len(a) >= 2 && len(a) == len(b) && a[len(a)-1] == b[len(b)-1] && a[0] != b[0] {
			n++
		}
	}
	return n
}

package table

import (
	"strings"

	"github.com/kneetool/knee/sweep"
)

// Two readings may share their knee's words and their operating level and
// still differ: one level's verdict (64 in flight at the knee with one
// engine, past it with another). A refusal that then wrote the same words
// for every candidate would claim a difference it does not show, so it
// names the levels whose verdicts differ.

// verdictsApart are the indexes of the levels whose verdicts differ among
// the readings, when their knee and operating words are all the same and
// every reading judged the same levels; nil otherwise (the summary already
// shows how they differ, or the curves were measured at other levels).
func verdictsApart(reads []candidateReading) []int {
	first := reads[0].answer
	for _, c := range reads[1:] {
		a := c.answer
		if a.Knee != first.Knee || operatingWords(a) != operatingWords(first) || !sameLevels(a, first) {
			return nil
		}
	}
	var out []int
	for i := range first.Verdicts {
		for _, c := range reads[1:] {
			if c.answer.Verdicts[i] != first.Verdicts[i] {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// levelWords is "; 64 past_knee" for the given levels of a.
func levelWords(a sweep.Answer, levels []int) string {
	if len(levels) == 0 {
		return ""
	}
	ws := make([]string, len(levels))
	for j, i := range levels {
		ws[j] = a.Verdicts[i]
	}
	return "; " + strings.Join(ws, ", ")
}

// sameLevels: a and b judged the same levels, in order (a verdict is
// "LEVEL VERDICT").
func sameLevels(a, b sweep.Answer) bool {
	if len(a.Verdicts) != len(b.Verdicts) {
		return false
	}
	for i := range a.Verdicts {
		la, _, _ := strings.Cut(a.Verdicts[i], " ")
		lb, _, _ := strings.Cut(b.Verdicts[i], " ")
		if la != lb {
			return false
		}
	}
	return true
}

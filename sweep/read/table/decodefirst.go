package table

import (
	"regexp"
	"slices"
)

// Curves that agree are read as the first unless one is the decode phase
// and another the prefill phase of one run (text-generation-benchmark's
// "Prefill" and "Decode" steps): the node's output rate is the decode
// curve's, and the prefill rate is prompts, not output, so a perf engineer
// reads decode, whichever comes first.

var (
	decodeCurve  = regexp.MustCompile(`(?i)\b(?:decode|decoding|generation|generate)\b|解码|生成|デコード|디코드`)
	prefillCurve = regexp.MustCompile(`(?i)\b(?:prefill|prompt processing|pp)\b|预填充|プリフィル|프리필`)
)

// decodeFirst puts the decode curve first when another curve is prefill.
func decodeFirst(reads []candidateReading) []candidateReading {
	dec := slices.IndexFunc(reads, func(c candidateReading) bool {
		return decodeCurve.MatchString(c.header) && !prefillCurve.MatchString(c.header)
	})
	if dec <= 0 || !slices.ContainsFunc(reads, func(c candidateReading) bool { return prefillCurve.MatchString(c.header) }) {
		return reads
	}
	out := append([]candidateReading{reads[dec]}, reads[:dec]...)
	return append(out, reads[dec+1:]...)
}

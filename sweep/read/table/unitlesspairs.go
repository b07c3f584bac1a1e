package table

import (
	"regexp"
	"strings"
)

// A pair of a stream's rate and the node's is often written with no unit
// anywhere ("no-spec per-stream / agg" over "19.9 / 79.6", "base per-user
// / agg"): the words name the two sides of one rate, and the only rate an
// LLM server has per stream and in aggregate is its token rate. The unit is
// assumed only where the second part is an aggregate word and the first
// ends with a per-stream one, so two curves' names ("FP8 / BF16") are never
// read as rates; which side is the node's the physics still checks
// (perstream.go).

// assumedPairUnit is the unit such a pair is read in.
const assumedPairUnit = "tok/s"

// aggregateWord names the node's side of a pair.
var aggregateWord = regexp.MustCompile(`(?i)^(agg|aggr|aggregate|total|sum|combined|overall|Σ|聚合|总|合计|gesamt)$`)

// unitlessRatePair: a header of two parts, the first ending with a
// per-stream word and the second an aggregate word, neither with a unit.
func unitlessRatePair(parts []string) bool {
	if len(parts) != 2 || !aggregateWord.MatchString(strings.TrimSpace(parts[1])) {
		return false
	}
	words := strings.Fields(parts[0])
	if len(words) == 0 {
		return false
	}
	return classify(words[len(words)-1]+" "+assumedPairUnit).kind == colPerUser
}

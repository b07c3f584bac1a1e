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

// unitlessRatePair: a header of two parts, one an aggregate word and the
// other ending with a per-stream word ("per-stream / agg", or "aggregate /
// stream" in the other order), neither with a unit.
func unitlessRatePair(parts []string) bool {
	if len(parts) != 2 {
		return false
	}
	return aggregateWord.MatchString(strings.TrimSpace(parts[1])) && endsPerStream(parts[0]) ||
		endsAggregate(parts[0]) && endsPerStream(parts[1])
}

// endsPerStream: part's last word names one stream's side of a rate.
func endsPerStream(part string) bool {
	words := strings.Fields(part)
	return len(words) > 0 && classify(words[len(words)-1]+" "+assumedPairUnit).kind == colPerUser
}

// endsAggregate: part's last word names the node's side ("K2-v0 aggregate").
func endsAggregate(part string) bool {
	words := strings.Fields(part)
	return len(words) > 0 && aggregateWord.MatchString(words[len(words)-1])
}

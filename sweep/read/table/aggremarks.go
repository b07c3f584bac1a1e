package table

import (
	"regexp"
	"strings"
)

// A row label may end in a remark that says what its cells are, not which
// curve they belong to: "tg128 c4 (agg)" beside "tg128 c1" holds the
// aggregate rate at 4 in flight, and at 1 the one stream's rate is the
// aggregate too. The remark is no part of the curve's name, so the rows
// are one curve, "tg128". Where two rows would then share a name and a
// level (a per-stream row and an "(agg)" row at one level), the remark
// tells them apart and stays.

var aggRemark = regexp.MustCompile(`(?i)\s*[(\[](?:agg|aggr|aggregate|total|sum|combined)\.?[)\]]\s*$`)

// dropAggRemarks is rest, the labels with their loads taken out, without
// such remarks, unless two rows would then share a label and a level.
func dropAggRemarks(rest, loads []string) []string {
	out := make([]string, len(rest))
	seen := map[string]bool{}
	changed := false
	for r, l := range rest {
		out[r] = strings.TrimSpace(aggRemark.ReplaceAllString(l, ""))
		changed = changed || out[r] != l
		k := out[r] + "\x00" + loads[r]
		if seen[k] {
			return rest
		}
		seen[k] = true
	}
	if !changed {
		return rest
	}
	return out
}

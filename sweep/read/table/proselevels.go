package table

import (
	"regexp"
	"slices"
	"strings"
)

// A run's name may end with its level and nothing else ("ordinary-32768-4"
// beside "ordinary-32768-1", "ordinary-32768-2"), the text above saying
// what that number is ("batch 1/2/4"). The prose names the load and lists
// its levels; the labels end with exactly those numbers, each name before
// them at several of them: the last number is the level, the name before
// it the curve. Without the prose, a trailing number is as often a size or
// a version as a load, and is not read so.

// proseLevelList is a load word and the levels it lists: "batch 1/2/4",
// "concurrency 1, 8, 32", "batch sizes: 1/2/4".
var proseLevelList = regexp.MustCompile(`(?i)\b(batch(?:[ _-]?sizes?)?|concurrency|concurrent requests|users|clients|streams)\s*[:=]?\s*(\d+(?:\s*[/,]\s*\d+){2,})\b`)

// levelDigits are the levels of such a list.
var levelDigits = regexp.MustCompile(`\d+`)

// trailingLevel is a label's last number, after a hyphen, underscore or
// space.
var trailingLevel = regexp.MustCompile(`(^|[-_\s])()(\d+)$`)

// proseLevelMarker is the marker of labels ending with the levels the text
// above g lists, named by the prose's load word; false when the text lists
// none.
func proseLevelMarker(g grid) (markerKind, []string, bool) {
	m := proseLevelList.FindStringSubmatch(g.above)
	if m == nil {
		return markerKind{}, nil, false
	}
	levels := levelDigits.FindAllString(m[2], -1)
	header := "concurrency"
	if strings.HasPrefix(strings.ToLower(m[1]), "batch") {
		header = "batch size"
	}
	return markerKind{trailingLevel, header, "in flight"}, levels, true
}

// proseLevels: the loads read from the labels are the listed levels, each
// name before them at two levels or more.
func proseLevels(loads, rest, listed []string) bool {
	byName := map[string]map[string]bool{}
	for r, l := range loads {
		if !slices.Contains(listed, l) {
			return false
		}
		if byName[rest[r]] == nil {
			byName[rest[r]] = map[string]bool{}
		}
		byName[rest[r]][l] = true
	}
	for _, ls := range byName {
		if len(ls) < 2 {
			return false
		}
	}
	return true
}

package table

import (
	"regexp"
	"strings"
)

// The line above a block of results names its level in the words a script
// prints, not only as "concurrency=16": "=== 4 concurrent streams, 2
// run(s) each ===", "Concurrent Requests=8 (averaged over 3 separate
// experiments)", or at the head of the result line itself, "batch 30  Avg
// generation throughput: 249.2 tokens/s". A perf engineer reads each as
// the level of what follows; a number followed by a counting word
// (loadcellwords.go) or a plural load phrase then its number is one, as
// labelLoad's markers are.

// countedTitle is a number then the words that count it: "4 concurrent
// streams", "8 users".
var countedTitle = regexp.MustCompile(`(?i)(?:^|[\s(\[,;:])(\d+)\s+([\pL][\pL-]*)(?:\s+[\pL][\pL-]*)?`)

// phraseTitle is a load phrase of two words then its number: "Concurrent
// Requests=8", "parallel requests: 4".
var phraseTitle = regexp.MustCompile(`(?i)(?:^|[\s(\[,;])(concurrent|parallel|simultaneous|in-flight)[ _-](requests|users|streams|clients|sessions|connections)\s*[=:：]?\s*(\d+)\b`)

// blockTitleLevel is the level a block's title line names, or false.
func blockTitleLevel(title string) (string, bool) {
	if m := labelLoad.FindStringSubmatch(title); m != nil {
		return m[3], true
	}
	if m := phraseTitle.FindStringSubmatch(title); m != nil {
		return m[3], true
	}
	for _, m := range countedTitle.FindAllStringSubmatch(title, -1) {
		if countingWord(m[2]) {
			return m[1], true
		}
	}
	return "", false
}

// leadingLevelKey splits a result line's key that opens with its level
// ("batch 30  Avg generation throughput") into the level's title and the
// key after it; ok false when the key opens with no load marker or names
// nothing after it.
func leadingLevelKey(key string) (title, rest string, ok bool) {
	loc := labelLoad.FindStringSubmatchIndex(key)
	if loc == nil || loc[0] != 0 {
		return "", "", false
	}
	rest = strings.TrimSpace(key[loc[1]:])
	if rest == "" || !strings.ContainsAny(rest, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		return "", "", false
	}
	return key[:loc[1]], rest, true
}

// decorationOnly: a line of rules or bullets alone ("=========="), which
// underlines a title rather than replacing it.
func decorationOnly(t string) bool {
	return strings.Trim(t, kvDecoration) == ""
}

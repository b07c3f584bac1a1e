package table

import "strings"

// A table may hold series both ways at once: column-name series (TTFT p50
// "TP=8, EP=4" beside "TP=8, EP=8") and row series (a Model column). One
// --series value then names one of each, the column's first: "EP=4 /
// DeepSeek-R1 FP8". Every value knee suggests is one it accepts back.

// splitColumnPick finds the column-name series pick starts with: the whole
// pick, or its part before " / ", the rest being for the row series.
func splitColumnPick(names []string, pick string) (name, rest string, ok bool) {
	for _, n := range names {
		if strings.EqualFold(n, pick) {
			return n, "", true
		}
	}
	for _, n := range names {
		if len(pick) > len(n)+3 && strings.EqualFold(pick[:len(n)], n) && pick[len(n):len(n)+3] == " / " {
			return n, strings.TrimSpace(pick[len(n)+3:]), true
		}
	}
	return "", "", false
}

// joinPick is the --series value that names the column-name series picked
// (if any) and the row series key.
func joinPick(picked, key string) string {
	if picked == "" {
		return key
	}
	return picked + " / " + key
}

package table

import (
	"slices"
	"strings"
)

// Configurations are often lettered: "A: Prior (tok/s)", "B: Optimised
// (tok/s)", "C: New (tok/s)", or "Config A", "Config B", "Config C". The
// letters are an enumeration, not words: C is no concurrency and B no
// batch size when A, B and C run in alphabetical sequence. letterLabels
// says whether every series part opens with such a letter (with or
// without a colon, a period or a parenthesis), the letters consecutive;
// the series pass then judges each part by its words after the letter.
func letterLabels(parts []string) bool {
	if len(parts) < 2 {
		return false
	}
	letters := make([]byte, 0, len(parts))
	for _, p := range parts {
		f := strings.Fields(p)
		if len(f) == 0 {
			return false
		}
		l := strings.ToUpper(strings.Trim(f[0], ":.()"))
		if len(l) != 1 || l[0] < 'A' || l[0] > 'Z' {
			return false
		}
		letters = append(letters, l[0])
	}
	slices.Sort(letters)
	for i := 1; i < len(letters); i++ {
		if letters[i] != letters[i-1]+1 {
			return false
		}
	}
	return true
}

package table

import "regexp"

// A cell that states how many runs its figure summarises after it ("80.1
// [79.51, 80.14] N=3", "412 (n=5)") gives the sample count, not a second
// value: the figure is the cell's value, as a perf engineer reads it.

// sampleCount is a trailing "N=3" after a figure or its bracketed range.
var sampleCount = regexp.MustCompile(`([\d\])])\s+[Nn]\s?=\s?\d+$`)

// dropSampleCount is s without a trailing sample count.
func dropSampleCount(s string) string {
	return sampleCount.ReplaceAllString(s, "$1")
}

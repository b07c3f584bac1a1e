// Package stats holds the small robust statistics knee's packages share
// (the analysis, the baseline policy and the sweep engine each summarise
// repeats by their median).
package stats

import (
	"math"
	"sort"
)

// Median of v without changing it: the middle value, or the mean of the
// two middle values; NaN for no values.
func Median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	n := len(s)
	if n == 0 {
		return math.NaN()
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

package baseline

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// repeatStats summarises the repeats of one level.
type repeatStats struct {
	n          int
	mean, sd   float64
	min        float64
	t          float64 // Student t quantile used for the bound
	lower      float64 // lower end of the two-sided confidence interval of the mean
	confidence float64
}

// lowerBound is the lower end of the two-sided confidence interval of the
// mean of xs (Student t, n−1 degrees of freedom). Floors start from it
// rather than the mean so that one lucky run cannot raise the gate; with
// a single value there is no spread to speak of and ok is false.
func lowerBound(xs []float64, confidence float64) (repeatStats, bool) {
	n := len(xs)
	if n < 2 {
		return repeatStats{}, false
	}
	mean, sd := stat.MeanStdDev(xs, nil)
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(1 - (1-confidence)/2)
	sorted := append([]float64(nil), xs...)
	sort.Float64s(sorted)
	return repeatStats{
		n: n, mean: mean, sd: sd, min: sorted[0], t: t,
		lower: mean - t*sd/math.Sqrt(float64(n)), confidence: confidence,
	}, true
}

// median of xs (xs non-empty); TTFT p99 across repeats is summarised by it
// because one stalled run would otherwise set the ceiling.
func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

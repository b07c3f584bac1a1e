package baseline

import (
	"math"

	"gonum.org/v1/gonum/floats"
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
	st, ok := spread(xs)
	if !ok {
		return st, false
	}
	st.t = distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(st.n - 1)}.Quantile(1 - (1-confidence)/2)
	st.lower = st.mean - st.t*st.sd/math.Sqrt(float64(st.n))
	st.confidence = confidence
	return st, true
}

// spread is the mean, sample standard deviation and minimum of two or more
// values (ok is false for fewer).
func spread(xs []float64) (repeatStats, bool) {
	n := len(xs)
	if n < 2 {
		return repeatStats{}, false
	}
	mean, sd := stat.MeanStdDev(xs, nil)
	return repeatStats{n: n, mean: mean, sd: sd, min: floats.Min(xs)}, true
}

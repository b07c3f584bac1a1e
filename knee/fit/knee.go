package fit

import "math"

// Elasticity is e(n) = d ln X / d ln N = n·X'(n)/X(n) of the fitted curve:
// the share of a relative increase of load that still becomes throughput
// (1 − e becomes waiting time, by Little's law). It is scale-free, so it is
// computed in scaled units. At n = 0 it is the limit 1 of a curve through
// the origin, and NaN when the curve does not rise there.
func (c Curve) Elasticity(n float64) float64 {
	return elasticity(c.Model, c.P, n/c.SN)
}

// Knee is the over-saturation point of the fitted curve,
//
//	knee = min { N > 0 : e(N) ≤ eStar },
//
// in real units. It is +Inf when e stays above eStar up to nMax (the knee,
// if any, lies beyond the limit), and NaN when it is undefined: the curve
// does not rise from the origin (X'(0) ≤ 0), eStar is outside [0, 1), or
// nMax is not positive.
func (c Curve) Knee(eStar, nMax float64) float64 {
	if !(eStar >= 0 && eStar < 1) || !(nMax > 0) || !(c.Model.deriv(c.P, 0) > 0) {
		return math.NaN()
	}
	return kneeScaled(c.Model, c.P, eStar, nMax/c.SN) * c.SN
}

// elasticity is u·y'(u)/y(u) in scaled units.
func elasticity(m Model, p []float64, u float64) float64 {
	if u == 0 {
		if m.deriv(p, 0) > 0 {
			return 1
		}
		return math.NaN()
	}
	return u * m.deriv(p, u) / m.eval(p, u)
}

// Resolution of the knee search: a log grid of kneeGridSteps over
// kneeGridDecades below uMax finds the first crossing, bisection refines it
// to kneeTolerance (relative). Every model's elasticity falls monotonically
// until it turns negative past a peak, so the grid cannot step over a
// crossing; it is there so that a future model without that property still
// gets its first crossing, not just any.
const (
	kneeGridSteps   = 120
	kneeGridDecades = 6
	kneeTolerance   = 1e-12
)

// kneeScaled is the first u in (0, uMax] where e(u) ≤ eStar, or +Inf.
func kneeScaled(m Model, p []float64, eStar, uMax float64) float64 {
	below := func(u float64) bool { return elasticity(m, p, u) <= eStar }
	lo := uMax * math.Pow(10, -kneeGridDecades)
	if below(lo) {
		return bisect(below, 0, lo)
	}
	ratio := math.Pow(uMax/lo, 1.0/kneeGridSteps)
	prev := lo
	for i := 1; i <= kneeGridSteps; i++ {
		u := lo * math.Pow(ratio, float64(i))
		if i == kneeGridSteps {
			u = uMax // exactly, whatever the rounding of the powers
		}
		if below(u) {
			return bisect(below, prev, u)
		}
		prev = u
	}
	return math.Inf(1)
}

// bisect narrows [a, b], with below(a) false and below(b) true, to the
// crossing.
func bisect(below func(float64) bool, a, b float64) float64 {
	for range 200 {
		if b-a <= kneeTolerance*b {
			break
		}
		mid := (a + b) / 2
		if below(mid) {
			b = mid
		} else {
			a = mid
		}
	}
	return (a + b) / 2
}

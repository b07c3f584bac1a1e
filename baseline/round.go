package baseline

import "math"

// Floors are rounded to a few significant figures so that a reviewer reads
// "63000", not "63591.0": the last digits of one run are noise, and a round
// number says plainly that the value is a policy, not a measurement.
// Throughput floors round DOWN (never above what the policy allows) and TTFT
// ceilings round UP (never below it), so rounding can only loosen a gate.

// RoundDownSig rounds v down (toward −∞) to sig significant figures.
// 63,591 → 63,000 at 2 figures; values already on the grid stay as they are;
// 0, NaN and ±Inf are returned unchanged; sig < 1 is treated as 1.
func RoundDownSig(v float64, sig int) float64 { return roundSig(v, sig, math.Floor) }

// RoundUpSig rounds v up (toward +∞) to sig significant figures.
// 1,354 → 1,400 at 2 figures.
func RoundUpSig(v float64, sig int) float64 { return roundSig(v, sig, math.Ceil) }

func roundSig(v float64, sig int, dir func(float64) float64) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	if sig < 1 {
		sig = 1
	}
	exp := math.Floor(math.Log10(math.Abs(v))) - float64(sig-1)
	scale := math.Pow(10, exp)
	q := v / scale
	// Binary floating point turns exact decimals such as 0.29 into
	// 28.999999999999996 once scaled; snapping values within a few ulps of an
	// integer keeps "exact values stay" true instead of dropping a whole step.
	if r := math.Round(q); math.Abs(q-r) <= 1e-9*math.Max(1, math.Abs(q)) {
		q = r
	}
	out := dir(q) * scale
	// Multiplying back by a negative power of ten (scale < 1) leaves binary
	// noise (0.29 → 0.29000000000000004); dividing by its exact inverse does not.
	if exp < 0 {
		out = dir(q) / math.Pow(10, -exp)
	}
	return out
}

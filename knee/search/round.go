package search

import "math"

// Typed rounds a per-GPU level to a number a person would type: the
// nearest multiple of 2^(k−3) where 2^k ≤ x < 2^(k+1), i.e. at most four
// significant bits. Between 64 and 128 that is a multiple of 8 (72, 80, 88,
// 96, 104, 112, 120), between 128 and 256 a multiple of 16 (144, 160, 176,
// 192, 208, 224, 240), between 256 and 512 one of 32; below 16 every
// integer. Adjacent typed levels are at most 12.5% apart, finer than the
// default --precision can ask for, so rounding never blocks a bisection
// that precision still needs, and the levels stay readable in a table and
// a floor ("96/GPU", not "91/GPU").
func Typed(x float64) int {
	if !(x >= 1) {
		return 1
	}
	k := math.Floor(math.Log2(x))
	step := math.Exp2(k - 3)
	if step < 1 {
		step = 1
	}
	v := math.Round(x/step) * step
	if v > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(v)
}

// typedBetween is the typed level nearest the geometric mean of lo and hi
// that lies strictly between them; ok is false when no typed level does.
func typedBetween(lo, hi int) (int, bool) {
	if hi-lo < 2 {
		return 0, false
	}
	m := math.Sqrt(float64(lo) * float64(hi))
	v := Typed(m)
	if v > lo && v < hi {
		return v, true
	}
	// The rounding landed on an end: the typed neighbours of the mean on
	// the inside, nearest in log distance first.
	best, bestD := 0, math.Inf(1)
	for c := lo + 1; c < hi; c++ {
		if Typed(float64(c)) != c {
			continue
		}
		if d := math.Abs(math.Log(float64(c) / m)); d < bestD {
			best, bestD = c, d
		}
	}
	return best, best > 0
}

// gridLevel is a level of the grid Typed(start·2^(k/perOctave)) for whole
// k: the first at or above x when up, else the nearest to x in log terms
// (the lower on a tie). Levels from one grid recur from search to search,
// so searches of one config share levels to compare.
func gridLevel(x float64, start, perOctave int, up bool) int {
	if start < 1 {
		start = 1
	}
	if !(x >= 1) {
		return 1
	}
	at := func(k float64) int { return Typed(float64(start) * math.Exp2(k/float64(perOctave))) }
	// Typed moves a grid point by at most 1/16 of it: start two points
	// below x's and walk up to the first at or above x.
	k := math.Floor(float64(perOctave)*math.Log2(x/float64(start))) - 2
	for at(k+1) < int(math.Ceil(x)) && k < 64*float64(perOctave) {
		k++
	}
	lo, hi := at(k), at(k+1)
	for lo >= hi && lo > 1 {
		k--
		lo = at(k)
	}
	if float64(hi) == x || up {
		return hi
	}
	if float64(lo) < 1 || math.Log(x/float64(lo)) > math.Log(float64(hi)/x) {
		return hi
	}
	return lo
}

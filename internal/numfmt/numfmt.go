// Package numfmt writes numbers for people the same way in every table,
// chart label and derivation knee prints: thousands separators, no
// trailing zeros, and one mark for a value that is missing.
package numfmt

import (
	"math"
	"strconv"
	"strings"
)

// Missing is how a missing or non-finite value is written, everywhere.
const Missing = "–"

// Group writes v with thousands separators and at most decimals decimals,
// trailing zeros dropped: Group(84788, 0) = "84,788", Group(15897.75, 2) =
// "15,897.75", Group(2.5, 2) = "2.5". decimals < 0 picks by size: whole
// numbers from 100 up, one decimal from 10, two below. A value that is not
// finite is Missing.
func Group(v float64, decimals int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return Missing
	}
	if decimals < 0 {
		switch a := math.Abs(v); {
		case a >= 100 || a == math.Trunc(a):
			decimals = 0
		case a >= 10:
			decimals = 1
		default:
			decimals = 2
		}
	}
	s := strconv.FormatFloat(math.Abs(v), 'f', decimals, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	if v < 0 && strings.Trim(s, "0.") != "" {
		b.WriteByte('-')
	}
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

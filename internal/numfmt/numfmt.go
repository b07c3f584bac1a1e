// Package numfmt writes numbers for people the same way in every table,
// chart label and derivation knee prints: thousands separators, no
// trailing zeros, and one mark for a value that is missing.
package numfmt

import (
	"fmt"
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

// Short writes a level, a ratio or a small count in as few characters as
// read right: whole numbers as integers (128), from 10 up rounded (96),
// below that three significant figures (2.15). Levels are written this way
// in every sentence and table of knee find.
func Short(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return fmt.Sprintf("%d", int64(v))
	}
	if math.Abs(v) >= 10 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.3g", v)
}

// Count writes a level or an in-flight count as the other columns write
// numbers: 1,024 rather than 1024; fractions (derived levels) as Short does.
func Count(v float64) string {
	if !math.IsNaN(v) && !math.IsInf(v, 0) && math.Abs(v) >= 1000 {
		return Group(v, 0)
	}
	return Short(v)
}

// Plain writes a number as an overlay value: no separators ("63000").
func Plain(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Level writes a per-GPU level as baseline and its overlays do: "128", or
// "96.5" when derived (at most two decimals, no separators).
func Level(v float64) string { return Plain(math.Round(v*100) / 100) }

// Percent writes a ratio as a whole percentage ("75%").
func Percent(v float64) string {
	return strconv.FormatFloat(math.Round(v*100), 'f', 0, 64) + "%"
}

// GPUs writes a GPU count with its noun: "1 GPU", "4 GPUs".
func GPUs(n int) string {
	if n == 1 {
		return "1 GPU"
	}
	return strconv.Itoa(n) + " GPUs"
}

// Latency writes a latency for a table or sentence in whole ms (298, not
// 298.25); below 10 ms the fraction still matters (at most two decimals).
func Latency(v float64) string {
	if math.Abs(v) >= 10 {
		return Group(math.Round(v), 2)
	}
	return Group(v, 2)
}

// Tok writes a throughput for a table: whole tokens per second, grouped.
func Tok(v float64) string { return Group(math.Round(v), 2) }

// Trimmed writes v with decimals decimals and no trailing zeros, without
// separators: Trimmed(2.50, 2) = "2.5", Trimmed(1024, 2) = "1024". The
// Pareto frontier writes levels and lengths this way.
func Trimmed(v float64, decimals int) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.*f", decimals, v), "0"), ".")
}

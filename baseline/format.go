package baseline

import (
	"math"
	"strconv"
	"strings"
)

// num writes a number for people: thousands separators, no decimals for
// whole numbers, at most two otherwise (84,788; 15,897.75; 2.145).
func num(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "n/a"
	}
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	out := b.String()
	if frac != "" {
		out += "." + frac
	}
	if neg && out != "0" {
		out = "-" + out
	}
	return out
}

// plain writes a number as an overlay value: no separators ("63000").
func plain(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// level writes a per-GPU level: "128", or "96.5" when derived.
func level(v float64) string { return plain(math.Round(v*100) / 100) }

// pct writes a ratio as a whole percentage ("75%").
func pct(v float64) string { return strconv.FormatFloat(math.Round(v*100), 'f', 0, 64) + "%" }

func sameLevel(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(a)) }

// gpus writes a GPU count with its noun: "1 GPU", "4 GPUs".
func gpus(n int) string {
	if n == 1 {
		return "1 GPU"
	}
	return strconv.Itoa(n) + " GPUs"
}

// latency writes a latency for a table or sentence in whole ms, as find
// does (298, not 298.25); below 10 ms the fraction still matters.
func latency(v float64) string {
	if math.Abs(v) >= 10 {
		return num(math.Round(v))
	}
	return num(v)
}

// tok writes a throughput for a table: whole tokens per second.
func tok(v float64) string { return num(math.Round(v)) }

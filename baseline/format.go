package baseline

import (
	"math"
	"strconv"

	"github.com/kneetool/knee/internal/numfmt"
)

// num writes a number for people: thousands separators, no decimals for
// whole numbers, at most two otherwise (84,788; 15,897.75; 2.15).
func num(v float64) string { return numfmt.Group(v, 2) }

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

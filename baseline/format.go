package baseline

import (
	"math"

	"github.com/kneetool/knee/internal/numfmt"
)

// The numbers of baseline's derivations and refusals, written as its
// reports write them (internal/numfmt).
func num(v float64) string     { return numfmt.Group(v, 2) }
func plain(v float64) string   { return numfmt.Plain(v) }
func level(v float64) string   { return numfmt.Level(v) }
func pct(v float64) string     { return numfmt.Percent(v) }
func gpus(n int) string        { return numfmt.GPUs(n) }
func latency(v float64) string { return numfmt.Latency(v) }
func tok(v float64) string     { return numfmt.Tok(v) }

func sameLevel(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(a)) }

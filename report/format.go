package report

import (
	"math"

	"github.com/kneetool/knee/internal/numfmt"
)

// The numbers of find's tables and lines, written as knee's own sentences
// write them, and those of baseline's, as its derivations write them: one
// place each, internal/numfmt.
func finite(v float64) bool      { return !math.IsNaN(v) && !math.IsInf(v, 0) }
func num(v float64) string       { return numfmt.Short(v) }
func count(v float64) string     { return numfmt.Count(v) }
func thousands(v float64) string { return numfmt.Group(v, 0) }
func reqRate(v float64) string   { return numfmt.Group(v, -1) }
func plain(v float64) string     { return numfmt.Plain(v) }
func level(v float64) string     { return numfmt.Level(v) }
func pct(v float64) string       { return numfmt.Percent(v) }
func gpus(n int) string          { return numfmt.GPUs(n) }
func latency(v float64) string   { return numfmt.Latency(v) }
func tok(v float64) string       { return numfmt.Tok(v) }

func sameLevel(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(a)) }

// paretoNum writes a Pareto level or length as knee/pareto does.
func paretoNum(v float64) string { return numfmt.Trimmed(v, 2) }

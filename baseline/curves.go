package baseline

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Curves is knee find on an input that holds several curves whose answers
// differ (engines, configurations, workloads side by side): no one curve is
// the input's answer, so each is analysed on its own, as a perf engineer
// reads a comparison table curve by curve. Commands that need one sweep
// (import, baseline, plot, diff) still refuse it and name --series.
type Curves struct {
	// Why is the reader's refusal to pick one curve: how their answers differ.
	Why string `json:"why"`
	// Curves holds each curve's analysis, in the order the reader names them.
	Curves []Curve `json:"curves"`
	// SetAside are the curves not answered, each with why: a run of too few
	// levels to place a knee on, or a table that restates another's levels.
	SetAside []SetAside `json:"set_aside,omitempty"`
}

// SetAside is a curve knee find does not answer, and why.
type SetAside struct {
	Series string `json:"series"`
	Why    string `json:"why"`
}

// Curve is one curve of an input: its name (what --series reads), the
// comparison row that sums it up and its whole analysis.
type Curve struct {
	Series  string       `json:"series"`
	Summary CompareRow   `json:"summary"`
	Result  *knee.Result `json:"result"`
}

// NamedSweep is one curve's reading: the --series value and the sweep.
type NamedSweep struct {
	Series string
	Sweep  *sweep.Sweep
}

// CurvesContext analyses each curve with opts, but for those set aside
// (Answerable); it stops when ctx is done.
func CurvesContext(ctx context.Context, why string, curves []NamedSweep, opts knee.Options) (*Curves, error) {
	kept, aside := Answerable(curves)
	out := &Curves{Why: why, Curves: make([]Curve, 0, len(kept)), SetAside: aside}
	for _, c := range kept {
		r, err := knee.FindContext(ctx, c.Sweep, opts)
		if err != nil {
			return nil, err
		}
		row := compareRow(c.Sweep, r)
		row.Series = c.Series
		out.Curves = append(out.Curves, Curve{Series: c.Series, Summary: row, Result: r})
	}
	return out, nil
}

// curveLevels is the fewest levels a curve needs to be answered beside
// others: one or two levels are runs (spot checks, a prompt-length probe),
// too few to place a knee on.
const curveLevels = 3

// Answerable are the curves worth an answer of their own, in order, and
// the others with why: runs of fewer than curveLevels levels when some
// curve has that many, and a curve whose every level restates a level of a
// longer one (a "key operating points" table under a sweep: the same loads
// with the same throughput, rounded).
func Answerable(curves []NamedSweep) (kept []NamedSweep, aside []SetAside) {
	most := 0
	for _, c := range curves {
		most = max(most, c.Sweep.Levels())
	}
	for i, c := range curves {
		n := c.Sweep.Levels()
		switch {
		case most >= curveLevels && n < curveLevels:
			aside = append(aside, SetAside{Series: c.Series, Why: fmt.Sprintf("%d level(s): a run, too few to place a knee on", n)})
		case restatesAnother(curves, i):
			aside = append(aside, SetAside{Series: c.Series, Why: "every level restates a level of a longer curve (same load, same throughput): a summary of it"})
		default:
			kept = append(kept, c)
		}
	}
	return kept, aside
}

// restatesAnother: every level of curves[i] is, within rounding, a level
// of another curve with more levels.
func restatesAnother(curves []NamedSweep, i int) bool {
	mine := curves[i].Sweep
	for j, o := range curves {
		if j == i || o.Sweep.Levels() <= mine.Levels() {
			continue
		}
		if allRestated(mine, o.Sweep) {
			return true
		}
	}
	return false
}

func allRestated(s, in *sweep.Sweep) bool {
	for _, p := range s.Points {
		if !slices.ContainsFunc(in.Points, func(q sweep.Point) bool {
			return q.Load() == p.Load() && roundedSame(p.ThroughputTokS, q.ThroughputTokS)
		}) {
			return false
		}
	}
	return len(s.Points) > 0
}

// roundedSame: a and b are one figure, one of them rounded (130 for
// 130.5, 6,504 for 6,504.2): within 1%.
func roundedSame(a, b float64) bool {
	return math.Abs(a-b) <= 0.01*math.Max(math.Abs(a), math.Abs(b))
}

package main

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/sweep/read"
)

// eachCurve reads every curve of an input the reader refused with err
// because it holds several whose answers differ (read.CurveNames), as
// --series NAME reads one. A curve that cannot be read on its own (a
// configuration whose rows say "not measured", a unit only it leaves
// unstated) is set aside with its own refusal rather than costing the
// others their answers. ok is false when err is no such refusal, the user
// picked a curve already, or no curve can be read: then err is the answer.
func (f *inputFlags) eachCurve(args []string, err error) (curves []baseline.NamedSweep, unread []baseline.SetAside, ok bool) {
	names := read.CurveNames(err)
	if len(names) < 2 || f.Meta.Series != "" {
		return nil, nil, false
	}
	for _, n := range names {
		if w := notMeasuredName(n); w != "" {
			unread = append(unread, baseline.SetAside{Series: n, Why: fmt.Sprintf("its name says %q: a projection, not a measurement", w)})
			continue
		}
		one := *f
		one.Meta.Series = n
		s, rerr := one.load(args)
		if rerr != nil {
			unread = append(unread, baseline.SetAside{Series: n, Why: "cannot be read on its own: " + rerr.Error()})
			continue
		}
		curves = append(curves, baseline.NamedSweep{Series: n, Sweep: s})
	}
	return curves, unread, len(curves) > 0
}

// distinctNotes are the read notes of every curve, each said once, in
// order.
func distinctNotes(curves []baseline.NamedSweep) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range curves {
		for _, n := range c.Sweep.Notes {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}

// projectionWords, in a curve's name, say its rows were computed, not
// measured ("friendli_modeled" beside "vllm"): no knee is read from a
// model's output.
var projectionWords = []string{"modeled", "modelled", "simulated", "projected", "projection", "estimated", "predicted", "theoretical", "extrapolated", "模拟", "预测", "理论"}

// notMeasuredName is the word of name that says its curve was not
// measured, or "".
func notMeasuredName(name string) string {
	low := strings.ToLower(name)
	for _, w := range projectionWords {
		if strings.Contains(low, w) {
			return w
		}
	}
	return ""
}

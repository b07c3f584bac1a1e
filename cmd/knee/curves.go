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
		c, u := f.readCurve(args, n, true)
		curves, unread = append(curves, c...), append(unread, u...)
	}
	return curves, unread, len(curves) > 0
}

// readCurve reads the curve name picks. A pick whose columns hold curves of
// their own ("1x", whose columns are "1x counting", "1x code" …: a
// configuration over workloads) is read one level further, each inner
// curve by the name its refusal gives; deeper nesting, and rows under a
// pick (read.NestedCurveNames gives none), are set aside.
func (f *inputFlags) readCurve(args []string, name string, nested bool) ([]baseline.NamedSweep, []baseline.SetAside) {
	if w := notMeasuredName(name); w != "" {
		return nil, []baseline.SetAside{{Series: name, Why: fmt.Sprintf("its name says %q: a projection, not a measurement", w)}}
	}
	one := *f
	one.Meta.Series = name
	s, err := one.load(args)
	if err == nil {
		return []baseline.NamedSweep{{Series: name, Sweep: s}}, nil
	}
	if inner := read.NestedCurveNames(err); nested && len(inner) >= 2 {
		var curves []baseline.NamedSweep
		var unread []baseline.SetAside
		for _, n := range inner {
			c, u := f.readCurve(args, n, false)
			curves, unread = append(curves, c...), append(unread, u...)
		}
		return curves, unread
	}
	return nil, []baseline.SetAside{{Series: name, Why: "cannot be read on its own: " + err.Error()}}
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

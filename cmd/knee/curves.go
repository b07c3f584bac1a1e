package main

import (
	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/sweep/read"
)

// eachCurve reads every curve of an input the reader refused with err
// because it holds several whose answers differ (read.CurveNames), as
// --series NAME reads one. ok is false when err is no such refusal, the
// user picked a curve already, or some curve cannot be read on its own:
// then err is the answer.
func (f *inputFlags) eachCurve(args []string, err error) (curves []baseline.NamedSweep, ok bool) {
	names := read.CurveNames(err)
	if len(names) < 2 || f.Meta.Series != "" {
		return nil, false
	}
	for _, n := range names {
		one := *f
		one.Meta.Series = n
		s, rerr := one.load(args)
		if rerr != nil {
			return nil, false
		}
		curves = append(curves, baseline.NamedSweep{Series: n, Sweep: s})
	}
	return curves, true
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
